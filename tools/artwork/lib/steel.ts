/** Structural steel building blocks for the 3D renderer: rolled sections, plates, bolts, frames, cranes. */

import {
  add,
  box,
  cross,
  dot,
  type Item,
  len,
  type Material,
  mulv,
  norm,
  prism,
  type Segment,
  type Solid,
  seg,
  sub,
  type V3,
  X,
  Z,
} from "./scene3d.ts";
import { C } from "./svg.ts";

export type Section =
  | { kind: "W"; d: number; bf: number; tf: number; tw: number }
  | { kind: "C"; d: number; bf: number; tf: number; tw: number }
  | { kind: "L"; a: number; b: number; t: number }
  | { kind: "rect"; h: number; b: number }
  | { kind: "pipe"; r: number; sides?: number };

/** Typical sections, metres. */
export const SECTIONS = {
  column: { kind: "W", d: 0.36, bf: 0.37, tf: 0.03, tw: 0.018 },
  heavyColumn: { kind: "W", d: 0.42, bf: 0.41, tf: 0.045, tw: 0.028 },
  girder: { kind: "W", d: 0.6, bf: 0.23, tf: 0.022, tw: 0.012 },
  beam: { kind: "W", d: 0.45, bf: 0.19, tf: 0.016, tw: 0.009 },
  joist: { kind: "W", d: 0.31, bf: 0.165, tf: 0.012, tw: 0.007 },
  brace: { kind: "rect", h: 0.2, b: 0.2 },
  channel: { kind: "C", d: 0.3, bf: 0.09, tf: 0.013, tw: 0.009 },
  angle: { kind: "L", a: 0.1, b: 0.1, t: 0.01 },
} as const satisfies Record<string, Section>;

export const MAT = {
  steel: { color: C.pale },
  darkSteel: { color: "#7d8ca1" },
  primer: { color: C.orange },
  amber: { color: C.amber },
  concrete: { color: "#c3cad4" },
  deck: { color: "#8e9bb0" },
  glass: { color: "#3d5069" },
  navy: { color: C.steel },
} as const satisfies Record<string, Material>;

export interface MemberOptions {
  /** Direction of the section depth (defaults to world Z, or X for vertical members). */
  up?: V3;
  /** Shift of the section centre: [along flange width, along depth]. */
  offset?: readonly [number, number];
}

/** Local frame of a member: u along its axis, v along the section depth, w across. */
export function memberFrame(a: V3, b: V3, up?: V3): { u: V3; v: V3; w: V3; length: number } {
  const d = sub(b, a);
  const u = norm(d);
  const hint = up ?? (Math.abs(dot(u, Z)) > 0.95 ? X : Z);
  const v = norm(sub(hint, mulv(u, dot(hint, u))));
  const w = cross(u, v);
  return { u, v, w, length: len(d) };
}

/** A member of the given section between a and b, as convex pieces. */
export function member(a: V3, b: V3, section: Section, material: Material, opts: MemberOptions = {}): Solid[] {
  const { u, v, w, length } = memberFrame(a, b, opts.up);
  const [os, ot] = opts.offset ?? [0, 0];
  const piece = (s0: number, s1: number, t0: number, t1: number) =>
    box(add(a, add(mulv(w, s0 + os), mulv(v, t0 + ot))), mulv(u, length), mulv(w, s1 - s0), mulv(v, t1 - t0), material);
  switch (section.kind) {
    case "W": {
      const { d, bf, tf, tw } = section;
      return [
        piece(-bf / 2, bf / 2, d / 2 - tf, d / 2),
        piece(-tw / 2, tw / 2, -d / 2 + tf, d / 2 - tf),
        piece(-bf / 2, bf / 2, -d / 2, -d / 2 + tf),
      ];
    }
    case "C": {
      const { d, bf, tf, tw } = section;
      return [
        piece(0, bf, d / 2 - tf, d / 2),
        piece(0, tw, -d / 2 + tf, d / 2 - tf),
        piece(0, bf, -d / 2, -d / 2 + tf),
      ];
    }
    case "L": {
      const { a: la, b: lb, t } = section;
      return [piece(0, t, 0, la), piece(t, lb, 0, t)];
    }
    case "rect":
      return [piece(-section.b / 2, section.b / 2, -section.h / 2, section.h / 2)];
    case "pipe": {
      const sides = section.sides ?? 14;
      const base: V3[] = [];
      for (let i = 0; i < sides; i++) {
        const ang = ((i + 0.5) / sides) * Math.PI * 2;
        base.push(add(a, add(mulv(w, Math.cos(ang) * section.r + os), mulv(v, Math.sin(ang) * section.r + ot))));
      }
      return [prism(base, sub(b, a), material)];
    }
  }
}

/** Rectangular plate: origin corner, two in-plane edge vectors, thickness along their normal. */
export function plate(o: V3, e1: V3, e2: V3, thickness: number, material: Material): Solid {
  const nrm = norm(cross(e1, e2));
  return box(o, e1, e2, mulv(nrm, thickness), material);
}

/** Hex bolt head (with washer) sitting on a surface at p, pointing along dir. */
export function bolt(p: V3, dir: V3, size: number, material: Material): Solid[] {
  const axis = norm(dir);
  const ref = Math.abs(dot(axis, Z)) > 0.9 ? X : Z;
  const e1 = norm(cross(axis, ref));
  const e2 = cross(axis, e1);
  const ring = (r: number, sides: number, phase: number, at: V3) => {
    const pts: V3[] = [];
    for (let i = 0; i < sides; i++) {
      const t = phase + (i / sides) * Math.PI * 2;
      pts.push(add(at, add(mulv(e1, Math.cos(t) * r), mulv(e2, Math.sin(t) * r))));
    }
    return pts;
  };
  const washerH = size * 0.12;
  const headH = size * 0.55;
  return [
    prism(ring(size * 0.95, 12, 0, p), mulv(axis, washerH), material),
    prism(ring(size * 0.8, 6, Math.PI / 6, add(p, mulv(axis, washerH))), mulv(axis, headH), material),
  ];
}

export interface FrameSpec {
  /** Grid line positions along X and Y (m). */
  xs: number[];
  ys: number[];
  /** Floor levels (top of steel), first is the base. */
  levels: number[];
  /** Decide which columns/beams exist (under construction). Level index = upper end. */
  hasColumn?: (i: number, j: number, level: number) => boolean;
  hasBeam?: (level: number, i: number, j: number, dir: "x" | "y") => boolean;
  /** Slab (concrete on deck) at a level. */
  hasSlab?: (level: number) => boolean;
  /** Infill beams per X bay (spanning along Y). */
  infill?: number;
  /** Levels that get infill beams (default all). */
  infillAt?: (level: number) => boolean;
  column?: Section;
  girder?: Section;
  beam?: Section;
  columnMaterial?: (i: number, j: number, level: number) => Material;
  beamMaterial?: (level: number, i: number, j: number, dir: "x" | "y") => Material;
  slabMaterial?: Material;
  slabThickness?: number;
  /** Slab overhang past the outer grid lines. */
  slabEdge?: number;
}

/** A multi-storey moment/braced frame on a rectangular grid. */
export function buildingFrame(spec: FrameSpec): Solid[] {
  const out: Solid[] = [];
  const col = spec.column ?? SECTIONS.column;
  const gir = spec.girder ?? SECTIONS.girder;
  const bm = spec.beam ?? SECTIONS.joist;
  const slabT = spec.slabThickness ?? 0.16;
  const colHalfX = col.kind === "W" ? col.d / 2 : 0.2;
  const colHalfY = col.kind === "W" ? col.bf / 2 : 0.2;
  const depth = (s: Section) => (s.kind === "W" || s.kind === "C" ? s.d : s.kind === "rect" ? s.h : 0.3);
  const flange = (s: Section) => (s.kind === "W" || s.kind === "C" ? s.bf : 0.2);
  const cm = spec.columnMaterial ?? (() => MAT.steel);
  const bmat = spec.beamMaterial ?? (() => MAT.steel);
  const { xs, ys, levels } = spec;
  for (let k = 1; k < levels.length; k++) {
    const z0 = levels[k - 1]! + (k > 1 && spec.hasSlab?.(k - 1) ? slabT : 0);
    const z1 = levels[k]!;
    xs.forEach((x, i) => {
      ys.forEach((y, j) => {
        if (spec.hasColumn && !spec.hasColumn(i, j, k)) return;
        const top = spec.hasSlab?.(k) ? z1 : z1 + (k === levels.length - 1 ? 0.4 : 0);
        out.push(...member([x, y, z0], [x, y, top], col, cm(i, j, k), { up: X }));
      });
    });
    const zc = z1 - depth(gir) / 2;
    for (let j = 0; j < ys.length; j++) {
      for (let i = 0; i + 1 < xs.length; i++) {
        if (spec.hasBeam && !spec.hasBeam(k, i, j, "x")) continue;
        const y = ys[j]!;
        out.push(
          ...member([xs[i]! + colHalfX, y, zc], [xs[i + 1]! - colHalfX, y, zc], gir, bmat(k, i, j, "x"), { up: Z }),
        );
      }
    }
    for (let i = 0; i < xs.length; i++) {
      for (let j = 0; j + 1 < ys.length; j++) {
        if (spec.hasBeam && !spec.hasBeam(k, i, j, "y")) continue;
        const x = xs[i]!;
        out.push(
          ...member([x, ys[j]! + colHalfY, zc], [x, ys[j + 1]! - colHalfY, zc], gir, bmat(k, i, j, "y"), { up: Z }),
        );
      }
    }
    const infill = spec.infillAt && !spec.infillAt(k) ? 0 : (spec.infill ?? 0);
    if (infill > 0) {
      const zi = z1 - depth(bm) / 2;
      for (let i = 0; i + 1 < xs.length; i++) {
        for (let j = 0; j + 1 < ys.length; j++) {
          if (spec.hasBeam && !spec.hasBeam(k, i, j, "y")) continue;
          if (spec.hasBeam && !spec.hasBeam(k, i + 1, j, "y")) continue;
          for (let m = 1; m <= infill; m++) {
            const x = xs[i]! + ((xs[i + 1]! - xs[i]!) * m) / (infill + 1);
            const y0 = ys[j]! + flange(gir) / 2;
            const y1 = ys[j + 1]! - flange(gir) / 2;
            out.push(...member([x, y0, zi], [x, y1, zi], bm, bmat(k, i, j, "y"), { up: Z }));
          }
        }
      }
    }
    if (spec.hasSlab?.(k)) {
      const e = spec.slabEdge ?? 0.3;
      out.push(
        box(
          [xs[0]! - e, ys[0]! - e, z1],
          [xs[xs.length - 1]! - xs[0]! + 2 * e, 0, 0],
          [0, ys[ys.length - 1]! - ys[0]! + 2 * e, 0],
          [0, 0, slabT],
          spec.slabMaterial ?? MAT.concrete,
        ),
      );
    }
  }
  return out;
}

/** Planar truss between two bottom-chord points, top chord raised by height (along `up`). */
export function truss(opts: {
  a: V3;
  b: V3;
  height: number | ((t: number) => number);
  panels: number;
  up?: V3;
  chord: Section;
  web: Section;
  material: Material;
  webMaterial?: Material;
  pattern?: "warren" | "pratt";
}): Solid[] {
  const up = opts.up ?? Z;
  const h = typeof opts.height === "number" ? () => opts.height as number : opts.height;
  const out: Solid[] = [];
  const bottom: V3[] = [];
  const top: V3[] = [];
  for (let i = 0; i <= opts.panels; i++) {
    const t = i / opts.panels;
    const p = add(opts.a, mulv(sub(opts.b, opts.a), t));
    bottom.push(p);
    top.push(add(p, mulv(up, h(t))));
  }
  const chordDepth = opts.chord.kind === "rect" ? opts.chord.h : opts.chord.kind === "W" ? opts.chord.d : 0.2;
  const inset = chordDepth / 2;
  const wm = opts.webMaterial ?? opts.material;
  for (let i = 0; i < opts.panels; i++) {
    out.push(...member(bottom[i]!, bottom[i + 1]!, opts.chord, opts.material, { up }));
    out.push(...member(top[i]!, top[i + 1]!, opts.chord, opts.material, { up }));
  }
  const shrink = (p: V3, q: V3) => {
    const d = norm(sub(q, p));
    const s = inset / Math.max(0.3, Math.abs(dot(d, up)));
    return [add(p, mulv(d, s)), sub(q, mulv(d, s))] as const;
  };
  for (let i = 0; i <= opts.panels; i++) {
    if (opts.pattern === "pratt" || i === 0 || i === opts.panels) {
      const [p, q] = shrink(bottom[i]!, top[i]!);
      out.push(...member(p, q, opts.web, wm, { up: norm(sub(opts.b, opts.a)) }));
    }
    if (i === opts.panels) break;
    const warren = opts.pattern !== "pratt";
    const diagUp = warren ? i % 2 === 0 : i < opts.panels / 2;
    const [p, q] = diagUp ? shrink(bottom[i]!, top[i + 1]!) : shrink(top[i]!, bottom[i + 1]!);
    out.push(...member(p, q, opts.web, wm, { up: norm(cross(up, sub(opts.b, opts.a))) }));
  }
  return out;
}

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

export function items(...groups: readonly (Item | readonly Item[])[]): Item[] {
  return groups.flatMap((gr) => (Array.isArray(gr) ? [...gr] : [gr as Item]));
}
