/** Tower crane (lattice as line segments plus a few solids) and the slings it lifts with. */
import { box, type Segment, type Solid, seg } from "./scene3d/solids.ts";
import { add, mulv, type V3 } from "./scene3d/vector.ts";
import { MAT } from "./steel.ts";
import { C } from "./svg.ts";

export interface CraneSpec {
  base: V3;
  height: number;
  /** Jib direction (radians around Z). */
  heading: number;
  jib: number;
  counterJib: number;
  /** Trolley position along the jib (0..1) and hook height above ground. */
  trolley: number;
  hookZ: number;
  color: string;
  /** Rope and pendant colour. */
  rope?: string;
  mast?: number;
}

/** Tower crane: lattice as line segments (unsorted layer) plus a few solids. */
export function towerCrane(spec: CraneSpec): { lines: Segment[]; solids: Solid[]; hook: V3 } {
  const lines: Segment[] = [];
  const solids: Solid[] = [];
  const s = spec.mast ?? 1.8;
  const w = 0.07;
  const lace = 0.04;
  const [bx, by, bz] = spec.base;
  const corners: V3[] = [
    [bx - s / 2, by - s / 2, 0],
    [bx + s / 2, by - s / 2, 0],
    [bx + s / 2, by + s / 2, 0],
    [bx - s / 2, by + s / 2, 0],
  ];
  const at = (c: V3, z: number): V3 => [c[0], c[1], bz + z];
  const panels = Math.round(spec.height / (s * 1.4));
  const ph = spec.height / panels;
  for (const c of corners) lines.push(seg(at(c, 0), at(c, spec.height), spec.color, w));
  for (let i = 0; i < panels; i++) {
    for (let f = 0; f < 4; f++) {
      const c0 = corners[f]!;
      const c1 = corners[(f + 1) % 4]!;
      lines.push(seg(at(c0, i * ph), at(c1, i * ph), spec.color, lace));
      lines.push(seg(at(i % 2 ? c0 : c1, i * ph), at(i % 2 ? c1 : c0, (i + 1) * ph), spec.color, lace));
    }
  }
  const dir: V3 = [Math.cos(spec.heading), Math.sin(spec.heading), 0];
  const side: V3 = [-dir[1], dir[0], 0];
  const top = bz + spec.height;
  const center: V3 = [bx, by, top];
  solids.push(box(add(center, [-1.2, -1.2, 0]), [2.4, 0, 0], [0, 2.4, 0], [0, 0, 1.1], { color: spec.color }));
  const cab = add(add(center, mulv(side, 1.3)), mulv(dir, 0.6));
  solids.push(
    box(add(cab, [0, 0, 0.2]), mulv(dir, 1.6), mulv(side, 1.2), [0, 0, 1.6], { color: "#c9d1dc", edge: null }),
  );
  const jz = top + 1.1;
  const apex: V3 = [bx, by, jz + 6];
  // Jib: triangular lattice.
  const jibPanels = Math.round(spec.jib / 2.5);
  const jl = spec.jib / jibPanels;
  const jw = 0.8;
  const jh = 1.5;
  const jp = (t: number, k: number): V3 => {
    const base = add([bx, by, jz], mulv(dir, t));
    if (k === 0) return add(base, mulv(side, -jw));
    if (k === 1) return add(base, mulv(side, jw));
    const taper = jh * (1 - (0.45 * t) / spec.jib);
    return add(base, [0, 0, taper]);
  };
  for (let k = 0; k < 3; k++) lines.push(seg(jp(0, k), jp(spec.jib, k), spec.color, w));
  for (let i = 0; i < jibPanels; i++) {
    const t0 = i * jl;
    const t1 = (i + 1) * jl;
    lines.push(seg(jp(t0, 0), jp(t1, 2), spec.color, lace));
    lines.push(seg(jp(t0, 1), jp(t1, 2), spec.color, lace));
    lines.push(seg(jp(t0, 0), jp(t0, 1), spec.color, lace));
    lines.push(seg(jp(t0, 0), jp(t1, 1), spec.color, lace));
  }
  // Counter-jib with counterweights.
  const cjEnd = add([bx, by, jz], mulv(dir, -spec.counterJib));
  lines.push(seg(add([bx, by, jz], mulv(side, -jw)), add(cjEnd, mulv(side, -jw)), spec.color, w * 1.3));
  lines.push(seg(add([bx, by, jz], mulv(side, jw)), add(cjEnd, mulv(side, jw)), spec.color, w * 1.3));
  for (let i = 1; i <= 4; i++) {
    const p = add([bx, by, jz], mulv(dir, (-spec.counterJib * i) / 4));
    lines.push(seg(add(p, mulv(side, -jw)), add(p, mulv(side, jw)), spec.color, lace));
  }
  const cw = add(cjEnd, mulv(dir, 0.4));
  solids.push(
    box(add(add(cw, mulv(side, -1.1)), [0, 0, -2.2]), mulv(dir, 2.4), mulv(side, 2.2), [0, 0, 2.4], MAT.concrete),
  );
  // Tower head and pendants.
  for (const c of [-1, 1]) {
    lines.push(seg(add([bx, by, jz], mulv(side, c * 0.9)), apex, spec.color, w * 1.4));
  }
  const rope = spec.rope ?? "#c9d1dc";
  lines.push(seg(apex, jp(spec.jib * 0.66, 2), rope, 0.03, { minPx: 0.7 }));
  lines.push(seg(apex, add(cjEnd, [0, 0, 0.2]), rope, 0.03, { minPx: 0.7 }));
  // Trolley and hook.
  const trolley = jp(spec.jib * spec.trolley, 2);
  const hookTop = add([trolley[0], trolley[1], jz], [0, 0, -0.3]);
  const hook: V3 = [trolley[0], trolley[1], spec.hookZ];
  solids.push(box(add(hookTop, [-0.5, -0.5, -0.2]), [1, 0, 0], [0, 1, 0], [0, 0, 0.4], { color: C.steel }));
  lines.push(seg(add(hookTop, mulv(side, -0.15)), add(hook, mulv(side, -0.15)), rope, 0.025, { minPx: 0.6 }));
  lines.push(seg(add(hookTop, mulv(side, 0.15)), add(hook, mulv(side, 0.15)), rope, 0.025, { minPx: 0.6 }));
  solids.push(box(add(hook, [-0.35, -0.35, -0.6]), [0.7, 0, 0], [0, 0.7, 0], [0, 0, 0.6], { color: C.orange }));
  return { lines, solids, hook: add(hook, [0, 0, -0.6]) };
}

/** Spreader slings from a hook down to two pick points. */
export function slings(hook: V3, picks: readonly V3[], color = "#c9d1dc"): Segment[] {
  return picks.map((p) => seg(hook, p, color, 0.025, { minPx: 0.6 }));
}
