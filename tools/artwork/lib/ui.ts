/** Software-window chrome for "model on screen" pictures. */
import type { Camera } from "./scene3d/camera.ts";
import type { V3 } from "./scene3d/vector.ts";
import { C, el, MONO, n, rect, rng, text } from "./svg.ts";

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Application window: frame, title bar and toolbar; returns markup and the content area. */
export function appWindow(
  b: Box,
  opts: { title?: string; toolbar?: number; radius?: number } = {},
): { markup: string; content: Box } {
  const bar = 26;
  const tool = opts.toolbar ? 30 : 0;
  const r = opts.radius ?? 8;
  const parts = [
    rect(b.x + 6, b.y + 10, b.w, b.h, { rx: r, fill: "#000", "fill-opacity": 0.35 }),
    rect(b.x, b.y, b.w, b.h, { rx: r, fill: C.navy, stroke: C.steel, "stroke-width": 1 }),
    el("path", {
      d: `M${n(b.x + r)} ${n(b.y)}H${n(b.x + b.w - r)}a${r} ${r} 0 0 1 ${r} ${r}V${n(b.y + bar)}H${n(b.x)}V${n(b.y + r)}a${r} ${r} 0 0 1 ${r}-${r}z`,
      fill: C.ink,
    }),
  ];
  for (let i = 0; i < 3; i++)
    parts.push(
      el("circle", { cx: n(b.x + 16 + i * 14), cy: n(b.y + bar / 2), r: 4, fill: i === 0 ? C.orange : C.steel }),
    );
  if (opts.title) {
    parts.push(
      text(opts.title, {
        x: n(b.x + b.w / 2),
        y: n(b.y + bar / 2),
        "font-size": 11,
        fill: C.pale,
        "text-anchor": "middle",
        "dominant-baseline": "central",
      }),
    );
  }
  if (opts.toolbar) {
    let d = "";
    for (let i = 0; i < opts.toolbar; i++) {
      const x = b.x + 12 + i * 26 + (i > 4 ? 10 : 0);
      d += `M${n(x)} ${n(b.y + bar + 8)}h16v14h-16z`;
    }
    parts.push(rect(b.x, b.y + bar, b.w, tool, { fill: "#111b29" }));
    parts.push(el("path", { d, fill: C.steel }));
    parts.push(rect(b.x + 12 + 26, b.y + bar + 8, 16, 14, { fill: C.orange }));
  }
  return { markup: parts.join(""), content: { x: b.x + 1, y: b.y + bar + tool, w: b.w - 2, h: b.h - bar - tool - 1 } };
}

/** Model tree with greeked labels; one row highlighted. */
export function treePanel(b: Box, seed: number, highlight = 4): string {
  const r = rng(seed);
  const rowH = 18;
  const rows = Math.floor((b.h - 12) / rowH);
  let bars = "";
  let marks = "";
  const parts = [rect(b.x, b.y, b.w, b.h, { fill: "#111b29" })];
  for (let i = 0; i < rows; i++) {
    const depth = i === 0 ? 0 : 1 + Math.floor(r() * 2);
    const y = b.y + 10 + i * rowH;
    const x = b.x + 10 + depth * 12;
    if (i === highlight) parts.push(rect(b.x, y - 2, b.w, rowH, { fill: C.orange, "fill-opacity": 0.18 }));
    marks += `M${n(x)} ${n(y + 4)}h7v7h-7z`;
    bars += `M${n(x + 12)} ${n(y + 7.5)}h${n(Math.min(b.w - (x - b.x) - 22, 30 + r() * 60))}`;
  }
  parts.push(el("path", { d: marks, fill: C.mid }));
  parts.push(
    el("path", { d: bars, stroke: C.pale, "stroke-opacity": 0.45, "stroke-width": 4, "stroke-linecap": "round" }),
  );
  return parts.join("");
}

/** Property list: label / value rows in monospace. */
export function propsPanel(b: Box, rows: readonly (readonly [string, string])[], heading?: string): string {
  const parts = [rect(b.x, b.y, b.w, b.h, { fill: "#111b29" })];
  let y = b.y + 16;
  if (heading) {
    parts.push(
      text(heading, {
        x: n(b.x + 12),
        y: n(y),
        "font-size": 11,
        "font-weight": "bold",
        fill: C.amber,
        "dominant-baseline": "central",
        "letter-spacing": 1,
      }),
    );
    y += 22;
  }
  let rules = "";
  for (const [label, value] of rows) {
    parts.push(
      text(label, {
        x: n(b.x + 12),
        y: n(y),
        "font-size": 10,
        fill: C.pale,
        "dominant-baseline": "central",
        "font-family": MONO,
      }),
    );
    parts.push(
      text(value, {
        x: n(b.x + b.w - 12),
        y: n(y),
        "font-size": 10,
        fill: C.mist,
        "text-anchor": "end",
        "dominant-baseline": "central",
        "font-family": MONO,
      }),
    );
    rules += `M${n(b.x + 10)} ${n(y + 10)}h${n(b.w - 20)}`;
    y += 21;
  }
  parts.push(el("path", { d: rules, stroke: C.steel, "stroke-width": 0.8 }));
  return parts.join("");
}

/** XYZ axis tripod in a viewport corner, oriented like the given camera. */
export function axisGizmo(camera: Camera, at: readonly [number, number], size = 26): string {
  const o = camera.project([0, 0, 0]);
  const axes: [V3, string, string][] = [
    [[1, 0, 0], C.orange, "X"],
    [[0, 1, 0], C.pale, "Y"],
    [[0, 0, 1], "#7fa0c8", "Z"],
  ];
  const parts: string[] = [];
  for (const [v, color, label] of axes) {
    const p = camera.project(v);
    const dx = p.x - o.x;
    const dy = p.y - o.y;
    const l = Math.hypot(dx, dy) || 1;
    const ex = at[0] + (dx / l) * size;
    const ey = at[1] + (dy / l) * size;
    parts.push(
      el("path", {
        d: `M${n(at[0])} ${n(at[1])}L${n(ex)} ${n(ey)}`,
        stroke: color,
        "stroke-width": 2,
        "stroke-linecap": "round",
      }),
    );
    parts.push(
      text(label, {
        x: n(ex + (dx / l) * 8),
        y: n(ey + (dy / l) * 8),
        "font-size": 9,
        fill: color,
        "text-anchor": "middle",
        "dominant-baseline": "central",
      }),
    );
  }
  return parts.join("");
}

/** A clipPath for a box. */
export function clip(id: string, b: Box, radius = 0): string {
  return el("clipPath", { id }, rect(b.x, b.y, b.w, b.h, { rx: radius || undefined }));
}
