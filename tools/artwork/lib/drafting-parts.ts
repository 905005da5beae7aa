/** Drafted views of steel parts: W-section outline, beam elevation, bolt-group symbols. */
import { type Ink, stroke } from "./drafting.ts";
import { el, n, type Pt, poly, segments } from "./svg.ts";

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
