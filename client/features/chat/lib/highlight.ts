/** A run of a search hit's text: `hit` when the server wrapped it in <mark>. */
export interface HighlightSegment {
  text: string;
  hit: boolean;
}

const entities: Readonly<Record<string, string>> = {
  "&amp;": "&",
  "&lt;": "<",
  "&gt;": ">",
  "&quot;": '"',
  "&#39;": "'",
};

/** Decodes the five entities the server's escaping writes, in one pass ("&amp;lt;" stays "&lt;"). */
export function decodeEntities(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => entities[entity] ?? entity);
}

/**
 * Reads a search hit's `highlight` (DESIGN §10: escaped text, hits wrapped in <mark>…</mark>) into
 * plain text runs, for rendering as React text and <mark> elements: nothing in it is ever treated
 * as markup beyond the <mark> tags themselves. A stray or unbalanced tag is dropped.
 */
export function parseHighlight(highlight: string): HighlightSegment[] {
  const segments: HighlightSegment[] = [];
  const push = (raw: string, hit: boolean) => {
    const text = decodeEntities(raw);
    if (!text) return;
    const last = segments[segments.length - 1];
    if (last && last.hit === hit) last.text += text;
    else segments.push({ text, hit });
  };
  let hit = false;
  let from = 0;
  for (const tag of highlight.matchAll(/<(\/?)mark>/gi)) {
    push(highlight.slice(from, tag.index), hit);
    hit = tag[1] !== "/";
    from = tag.index + tag[0].length;
  }
  push(highlight.slice(from), hit);
  return segments;
}

/** The text of a highlight without its marks (what a screen reader or a tooltip gets). */
export const highlightText = (segments: readonly HighlightSegment[]) => segments.map((part) => part.text).join("");
