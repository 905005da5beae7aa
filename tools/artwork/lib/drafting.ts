/** 2D drafting vocabulary: inks, dimensions, grid bubbles, centre lines, leaders, weld symbols, hatching, greeked notes. */
import { C, el, MONO, n, type Pt, poly, rng, segments, text } from "./svg.ts";

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

/** Stroke-only attributes (no fill) for drafting lines. */
export const stroke = (color: string, width: number, extra: Record<string, string | number> = {}) => ({
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
