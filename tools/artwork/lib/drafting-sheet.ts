/** Sheet furniture: the drawing sheet (border, zone ticks, title block) and ruled tables. */
import { type Ink, stroke } from "./drafting.ts";
import { el, MONO, n, rect, rng, segments, text } from "./svg.ts";

/** Table ruled into cells; content: text per cell (or "~" for greeked filler). */
export function table(
  x: number,
  y: number,
  cols: readonly number[],
  rows: readonly (readonly string[])[],
  rowH: number,
  ink: Ink,
  opts: { size?: number; headerFill?: string; seed?: number } = {},
): string {
  const width = cols.reduce((a, b) => a + b, 0);
  const height = rows.length * rowH;
  const size = opts.size ?? rowH * 0.55;
  const lines: (readonly [number, number, number, number])[] = [];
  for (let i = 1; i < rows.length; i++) lines.push([x, y + i * rowH, x + width, y + i * rowH]);
  let cx = x;
  for (let j = 0; j < cols.length - 1; j++) {
    cx += cols[j]!;
    lines.push([cx, y, cx, y + height]);
  }
  const parts = [
    opts.headerFill ? rect(x, y, width, rowH, { fill: opts.headerFill }) : "",
    rect(x, y, width, height, stroke(ink.line, 1)),
    el("path", { d: segments(lines), ...stroke(ink.thin, 0.6) }),
  ];
  const r = rng(opts.seed ?? 3);
  let greek = "";
  rows.forEach((row, i) => {
    let colX = x;
    row.forEach((cell, j) => {
      const cw = cols[j]!;
      if (cell === "~") {
        greek += `M${n(colX + 5)} ${n(y + i * rowH + rowH / 2)}h${n((cw - 10) * (0.4 + r() * 0.5))}`;
      } else if (cell) {
        parts.push(
          text(cell, {
            x: n(colX + 5),
            y: n(y + i * rowH + rowH / 2),
            "font-size": n(size),
            fill: ink.text,
            "dominant-baseline": "central",
            "font-family": MONO,
            "font-weight": i === 0 ? "bold" : undefined,
          }),
        );
      }
      colX += cw;
    });
  });
  if (greek)
    parts.push(el("path", { d: greek, stroke: ink.thin, "stroke-width": n(rowH * 0.22), "stroke-opacity": 0.6 }));
  return parts.join("");
}

/** Drawing sheet: border, zone ticks and a title block in the lower right. */
export function sheet(
  x: number,
  y: number,
  w: number,
  h: number,
  ink: Ink,
  title: { project: string; drawing: string; number: string; scale?: string },
  opts: { blockW?: number; blockH?: number; seed?: number } = {},
): string {
  const m = Math.min(w, h) * 0.03;
  const bx = x + m;
  const by = y + m;
  const bw = w - 2 * m;
  const bh = h - 2 * m;
  const tbW = opts.blockW ?? bw * 0.3;
  const tbH = opts.blockH ?? bh * 0.16;
  const tx = bx + bw - tbW;
  const ty = by + bh - tbH;
  const zones: (readonly [number, number, number, number])[] = [];
  for (let i = 1; i < 8; i++) {
    const zx = bx + (bw * i) / 8;
    zones.push([zx, y, zx, by], [zx, by + bh, zx, y + h]);
  }
  for (let i = 1; i < 5; i++) {
    const zy = by + (bh * i) / 5;
    zones.push([x, zy, bx, zy], [bx + bw, zy, x + w, zy]);
  }
  const fs = Math.max(7, tbH * 0.13);
  const cellFs = (value: string) => n(Math.min(fs, (tbW * 0.6 - 12) / (value.length * 0.62)));
  return [
    rect(x, y, w, h, { fill: ink.paper }),
    rect(bx, by, bw, bh, stroke(ink.line, 1.6)),
    el("path", { d: segments(zones), ...stroke(ink.thin, 0.7) }),
    rect(tx, ty, tbW, tbH, stroke(ink.line, 1.2)),
    el("path", {
      d: segments([
        [tx, ty + tbH * 0.34, tx + tbW, ty + tbH * 0.34],
        [tx, ty + tbH * 0.67, tx + tbW, ty + tbH * 0.67],
        [tx + tbW * 0.62, ty + tbH * 0.34, tx + tbW * 0.62, ty + tbH],
      ]),
      ...stroke(ink.thin, 0.8),
    }),
    // Brand mark: a small I-beam glyph and wordmark.
    el("path", {
      d: `M${n(tx + 8)} ${n(ty + tbH * 0.08)}h${n(fs * 1.6)}v${n(fs * 0.35)}h${n(-fs * 0.55)}v${n(fs * 0.9)}h${n(fs * 0.55)}v${n(fs * 0.35)}h${n(-fs * 1.6)}v${n(-fs * 0.35)}h${n(fs * 0.55)}v${n(-fs * 0.9)}h${n(-fs * 0.55)}z`,
      fill: ink.accent,
    }),
    text("NORTHBEAM", {
      x: n(tx + 14 + fs * 1.6),
      y: n(ty + tbH * 0.17),
      "font-size": n(fs * 1.2),
      "font-weight": "bold",
      "letter-spacing": n(fs * 0.15),
      fill: ink.text,
      "dominant-baseline": "central",
    }),
    text(title.project, {
      x: n(tx + 8),
      y: n(ty + tbH * 0.5),
      "font-size": cellFs(title.project),
      fill: ink.text,
      "dominant-baseline": "central",
    }),
    text(title.drawing, {
      x: n(tx + 8),
      y: n(ty + tbH * 0.84),
      "font-size": cellFs(title.drawing),
      fill: ink.text,
      "dominant-baseline": "central",
    }),
    text(title.scale ?? "SCALE 1:20", {
      x: n(tx + tbW * 0.66),
      y: n(ty + tbH * 0.5),
      "font-size": n(fs * 0.85),
      fill: ink.thin,
      "dominant-baseline": "central",
      "font-family": MONO,
    }),
    text(title.number, {
      x: n(tx + tbW * 0.66),
      y: n(ty + tbH * 0.84),
      "font-size": n(fs * 1.1),
      "font-weight": "bold",
      fill: ink.accent,
      "dominant-baseline": "central",
      "font-family": MONO,
    }),
  ].join("");
}
