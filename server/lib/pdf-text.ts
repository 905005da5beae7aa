import type { PDFFont } from "pdf-lib";

/**
 * Text the standard PDF fonts can draw: they know WinAnsi only, so anything else (a name in
 * another script, an emoji) becomes "?", rather than the whole document failing; line breaks and
 * tabs become spaces.
 */
export function drawable(font: PDFFont, text: string): string {
  const charset = new Set(font.getCharacterSet());
  return [...text.replace(/[\r\n\t]+/g, " ")]
    .map((char) => (charset.has(char.codePointAt(0) ?? 0) ? char : "?"))
    .join("");
}

/** `text` cut to fit `width` points at `size`, with "..." when cut. */
export function fitted(font: PDFFont, text: string, size: number, width: number): string {
  const safe = drawable(font, text);
  if (font.widthOfTextAtSize(safe, size) <= width) return safe;
  let cut = safe;
  while (cut.length > 0 && font.widthOfTextAtSize(`${cut}...`, size) > width) cut = cut.slice(0, -1);
  return `${cut}...`;
}

/** Words wrapped to lines of at most `width` points, at most `maxLines` of them. */
export function wrapped(font: PDFFont, text: string, size: number, width: number, maxLines: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = "";
    for (const word of drawable(font, paragraph).split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(next, size) <= width) line = next;
      else {
        if (line) out.push(line);
        line = fitted(font, word, size, width);
      }
    }
    out.push(line);
  }
  if (out.length <= maxLines) return out;
  return [...out.slice(0, maxLines - 1), fitted(font, `${out[maxLines - 1]} ...`, size, width)];
}
