/** 2D drafting vocabulary: dimensions, grid bubbles, sections, title blocks, tables, greeked notes. */
import { C, el, MONO, n, type Pt, poly, rect, rng, segments, text } from "./svg.ts";

export interface Ink {
  /** Main line colour. */
  line: string;
  /** Secondary / thin lines. */
  thin: string;
  /** Highlights (revisions, selected member). */
  accent: string;
  /** Text colour. */
  text: string;
  /** Sheet background. */
  paper: string;
}

export const BLUEPRINT: Ink = { line: C.mist, thin: C.pale, accent: C.amber, text: C.mist, paper: C.navy };
export const PAPER: Ink = { line: C.slate, thin: C.mid, accent: C.orange, text: C.steel, paper: C.paper };

const stroke = (color: string, width: number, extra: Record<string, string | number> = {}) => ({
  fill: "none",
  stroke: color,
  "stroke-width": width,
  ...extra,
});

/** Linear dimension between two points, offset perpendicular (positive = left of a→b), with slash ticks. */
export function dimension(a: Pt, b: Pt, offset: number, label: string, ink: Ink, size = 11, width = 0.8): string {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const l = Math.hypot(dx, dy) || 1;
  const nx = dy / l;
  const ny = -dx / l;
  const o = offset;
  const a2: Pt = [a[0] + nx * o, a[1] + ny * o];
  const b2: Pt = [b[0] + nx * o, b[1] + ny * o];
  const gap = Math.sign(o) * 4;
  const ext = Math.sign(o) * 5;
  const t = 4;
  const ux = dx / l;
  const uy = dy / l;
  const tick = (p: Pt) =>
    [p[0] - (ux + nx) * t, p[1] - (uy + ny) * t, p[0] + (ux + nx) * t, p[1] + (uy + ny) * t] as const;
  const d = segments([
    [a[0] + nx * gap, a[1] + ny * gap, a2[0] + nx * ext, a2[1] + ny * ext],
    [b[0] + nx * gap, b[1] + ny * gap, b2[0] + nx * ext, b2[1] + ny * ext],
    [a2[0] - ux * 6, a2[1] - uy * 6, b2[0] + ux * 6, b2[1] + uy * 6],
    tick(a2),
    tick(b2),
  ]);
  const mx = (a2[0] + b2[0]) / 2 + nx * (size * 0.45);
  const my = (a2[1] + b2[1]) / 2 + ny * (size * 0.45);
  let angle = (Math.atan2(dy, dx) * 180) / Math.PI;
  if (angle > 90) angle -= 180;
  if (angle <= -90) angle += 180;
  return (
    el("path", { d, ...stroke(ink.thin, width) }) +
    text(label, {
      x: n(mx),
      y: n(my),
      "font-size": size,
      fill: ink.text,
      "text-anchor": "middle",
      "dominant-baseline": "central",
      transform: angle ? `rotate(${n(angle)} ${n(mx)} ${n(my)})` : undefined,
      "font-family": MONO,
    })
  );
}

/** Grid bubble with its label. */
export function bubble(x: number, y: number, r: number, label: string, ink: Ink, fill?: string): string {
  return (
    el("circle", { cx: n(x), cy: n(y), r: n(r), fill: fill ?? ink.paper, stroke: ink.line, "stroke-width": 1.1 }) +
    text(label, {
      x: n(x),
      y: n(y),
      "font-size": n(r * 1.05),
      "font-weight": "bold",
      fill: ink.text,
      "text-anchor": "middle",
      "dominant-baseline": "central",
    })
  );
}

/** Centre/grid line (long dash - dot). */
export function centerLine(x1: number, y1: number, x2: number, y2: number, color: string, width = 0.8): string {
  return el("path", {
    d: `M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}`,
    ...stroke(color, width, { "stroke-dasharray": "18 4 3 4" }),
  });
}

/** Outline of a W (I) section centred at (cx, cy); d = depth (vertical), bf = flange width. */
export function wSectionPath(cx: number, cy: number, d: number, bf: number, tf: number, tw: number): string {
  const h = d / 2;
  const b = bf / 2;
  const w = tw / 2;
  const pts: Pt[] = [
    [cx - b, cy - h],
    [cx + b, cy - h],
    [cx + b, cy - h + tf],
    [cx + w, cy - h + tf],
    [cx + w, cy + h - tf],
    [cx + b, cy + h - tf],
    [cx + b, cy + h],
    [cx - b, cy + h],
    [cx - b, cy + h - tf],
    [cx - w, cy + h - tf],
    [cx - w, cy - h + tf],
    [cx - b, cy - h + tf],
  ];
  return poly(pts);
}

/** Diagonal hatch pattern for cut sections. */
export function hatchPattern(id: string, color: string, spacing = 6, width = 0.7): string {
  return el(
    "pattern",
    { id, width: spacing, height: spacing, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
    el("path", { d: `M0 0V${spacing}`, stroke: color, "stroke-width": width }),
  );
}

/** "Greeked" text: short bars standing in for lines of notes. */
export function notes(
  x: number,
  y: number,
  w: number,
  lines: number,
  lineH: number,
  color: string,
  seed: number,
  opacity = 0.55,
): string {
  const r = rng(seed);
  let d = "";
  for (let i = 0; i < lines; i++) {
    let cx = x;
    const end = x + w * (i === lines - 1 ? 0.35 + r() * 0.3 : 0.75 + r() * 0.25);
    while (cx < end - 6) {
      const word = Math.min(end - cx, 8 + r() * 30);
      d += `M${n(cx)} ${n(y + i * lineH)}h${n(word)}`;
      cx += word + 4;
    }
  }
  return el("path", { d, stroke: color, "stroke-width": n(lineH * 0.38), "stroke-opacity": opacity, fill: "none" });
}

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

/** Beam elevation with flanges, end connections (bolt holes) and optional cope. */
export function beamElevation(
  x: number,
  y: number,
  length: number,
  depth: number,
  ink: Ink,
  opts: { tf?: number; holes?: number; holeR?: number; cope?: boolean; fill?: string; stiffeners?: number[] } = {},
): string {
  const tf = opts.tf ?? depth * 0.07;
  const cope = opts.cope ? depth * 0.18 : 0;
  const cl = opts.cope ? depth * 0.45 : 0;
  const outline: Pt[] = [
    [x, y + cope],
    [x + cl, y + cope],
    [x + cl, y],
    [x + length, y],
    [x + length, y + depth],
    [x, y + depth],
  ];
  const parts = [
    el("path", { d: poly(outline), fill: opts.fill ?? "none", stroke: ink.line, "stroke-width": 1.3 }),
    el("path", {
      d: segments([
        [x + cl, y + tf, x + length, y + tf],
        [x, y + depth - tf, x + length, y + depth - tf],
        ...(opts.stiffeners ?? []).map((s) => [x + s, y + tf, x + s, y + depth - tf] as const),
      ]),
      ...stroke(ink.thin, 0.8),
    }),
  ];
  const holes = opts.holes ?? 3;
  const r = opts.holeR ?? depth * 0.04;
  let d = "";
  for (const ex of [x + depth * 0.12, x + length - depth * 0.12]) {
    for (let i = 0; i < holes; i++) {
      const hy = y + depth * 0.3 + (i * depth * 0.4) / Math.max(1, holes - 1);
      d += `M${n(ex - r)} ${n(hy)}a${n(r)} ${n(r)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0z`;
    }
  }
  parts.push(el("path", { d, fill: "none", stroke: ink.accent, "stroke-width": 1 }));
  return parts.join("");
}

/** Leader with an arrow head and a label at its tail. */
export function leader(from: Pt, to: Pt, label: string, ink: Ink, size = 11): string {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const l = Math.hypot(dx, dy) || 1;
  const ux = dx / l;
  const uy = dy / l;
  const head: Pt[] = [
    to,
    [to[0] - ux * 8 - uy * 3, to[1] - uy * 8 + ux * 3],
    [to[0] - ux * 8 + uy * 3, to[1] - uy * 8 - ux * 3],
  ];
  const shelf = from[0] + (dx > 0 ? -18 : 18);
  return (
    el("path", { d: `M${n(shelf)} ${n(from[1])}H${n(from[0])}L${n(to[0])} ${n(to[1])}`, ...stroke(ink.thin, 0.9) }) +
    el("path", { d: poly(head), fill: ink.thin }) +
    text(label, {
      x: n(shelf + (dx > 0 ? -4 : 4)),
      y: n(from[1]),
      "font-size": size,
      fill: ink.text,
      "text-anchor": dx > 0 ? "end" : "start",
      "dominant-baseline": "central",
      "font-family": MONO,
    })
  );
}

/** Circle-with-cross bolt symbols in a grid. */
export function boltGroup(
  x: number,
  y: number,
  cols: number,
  rows: number,
  pitch: number,
  r: number,
  color: string,
): string {
  let d = "";
  for (let i = 0; i < cols; i++) {
    for (let j = 0; j < rows; j++) {
      const cx = x + i * pitch;
      const cy = y + j * pitch;
      d += `M${n(cx - r)} ${n(cy)}a${n(r)} ${n(r)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0zM${n(cx - r * 1.5)} ${n(cy)}h${n(r * 3)}M${n(cx)} ${n(cy - r * 1.5)}v${n(r * 3)}`;
    }
  }
  return el("path", { d, fill: "none", stroke: color, "stroke-width": 0.9 });
}

/** AWS-style fillet weld symbol: arrow, reference line, triangle, size and tail. */
export function weldSymbol(
  arrowTip: Pt,
  refStart: Pt,
  refLength: number,
  ink: Ink,
  size: string,
  allAround = false,
  otherSide = false,
): string {
  const [rx, ry] = refStart;
  const tri: Pt[] = otherSide
    ? [
        [rx + refLength * 0.35, ry],
        [rx + refLength * 0.35, ry - 14],
        [rx + refLength * 0.35 + 14, ry],
      ]
    : [
        [rx + refLength * 0.35, ry],
        [rx + refLength * 0.35, ry + 14],
        [rx + refLength * 0.35 + 14, ry],
      ];
  const dx = rx - arrowTip[0];
  const dy = ry - arrowTip[1];
  const l = Math.hypot(dx, dy) || 1;
  const ux = dx / l;
  const uy = dy / l;
  const head: Pt[] = [
    arrowTip,
    [arrowTip[0] + ux * 11 - uy * 3.5, arrowTip[1] + uy * 11 + ux * 3.5],
    [arrowTip[0] + ux * 11 + uy * 3.5, arrowTip[1] + uy * 11 - ux * 3.5],
  ];
  const end = rx + refLength;
  return [
    el("path", {
      d: `M${n(arrowTip[0])} ${n(arrowTip[1])}L${n(rx)} ${n(ry)}H${n(end)}M${n(end)} ${n(ry)}l10-10M${n(end)} ${n(ry)}l10 10`,
      ...stroke(ink.line, 1.2),
    }),
    el("path", { d: poly(head), fill: ink.line }),
    el("path", { d: poly(tri), fill: "none", stroke: ink.accent, "stroke-width": 1.5 }),
    allAround ? el("circle", { cx: n(rx), cy: n(ry), r: 6, fill: "none", stroke: ink.line, "stroke-width": 1.2 }) : "",
    text(size, {
      x: n(rx + refLength * 0.35 - 6),
      y: n(otherSide ? ry - 8 : ry + 9),
      "font-size": 12,
      fill: ink.text,
      "text-anchor": "end",
      "dominant-baseline": "central",
      "font-family": MONO,
    }),
  ].join("");
}
