export interface SectionBox {
  id: string;
  /** Distance from the viewport top to the section's top edge, in px (getBoundingClientRect().top). */
  top: number;
  bottom: number;
}

/**
 * The section under the middle of the viewport; when the middle falls in a gap between
 * sections, the last one whose top is above it. Null when none has scrolled into view yet.
 */
export function pickActiveSection(sections: readonly SectionBox[], viewportHeight: number): string | null {
  const middle = viewportHeight / 2;
  let lastAbove: string | null = null;
  for (const section of sections) {
    if (section.top <= middle && section.bottom > middle) return section.id;
    if (section.top <= middle) lastAbove = section.id;
  }
  return lastAbove;
}
