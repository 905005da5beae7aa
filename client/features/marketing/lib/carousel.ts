/** SPEC §9: the home projects carousel advances every 3 s and slides in 500 ms. */
export const CAROUSEL_AUTO_ADVANCE_MS = 3000;
export const CAROUSEL_TRANSITION_MS = 500;

/** Viewport widths (px) from which 2, then 3 cards are visible; the same as Tailwind's `sm` and `lg`. */
export const TWO_UP_MIN_WIDTH = 640;
export const THREE_UP_MIN_WIDTH = 1024;

export type VisibleCount = 1 | 2 | 3;

/** How many cards fit side by side: 1 under 640 px, 2 under 1024 px, else 3. */
export function visibleCount(viewportWidth: number): VisibleCount {
  if (viewportWidth < TWO_UP_MIN_WIDTH) return 1;
  if (viewportWidth < THREE_UP_MIN_WIDTH) return 2;
  return 3;
}

/** The last index at which the window of visible cards is still full. */
export function maxIndex(count: number, visible: number): number {
  return Math.max(0, count - visible);
}

/** One step forward; past the last full window it wraps back to the start. */
export function nextIndex(index: number, count: number, visible: number): number {
  return index >= maxIndex(count, visible) ? 0 : index + 1;
}

/** One step back; before the start it wraps to the last full window. */
export function prevIndex(index: number, count: number, visible: number): number {
  const max = maxIndex(count, visible);
  return index <= 0 ? max : Math.min(index - 1, max);
}

/** The auto-advance step: the same as "next", so the carousel returns to the start after the end. */
export const autoAdvanceIndex = nextIndex;

/** Whether slide `slide` is inside the window that starts at `index`. */
export function isSlideVisible(slide: number, index: number, visible: number): boolean {
  return slide >= index && slide < index + visible;
}

/** The track's horizontal offset, in percent of its width, that brings card `index` to the left edge. */
export function trackOffsetPercent(index: number, visible: number): number {
  return index === 0 ? 0 : -(index * 100) / visible;
}

/** Fills a "{name}" template, e.g. formatTemplate("{n} of {count}", { n: 1, count: 6 }) → "1 of 6". */
export function formatTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => (key in values ? String(values[key]) : match));
}
