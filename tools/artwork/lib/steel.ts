/** Structural steel building blocks for the 3D renderer: rolled sections, materials, members, plates, bolts. */
import { box, type Item, type Material, prism, type Solid } from "./scene3d/solids.ts";
import { add, cross, dot, len, mulv, norm, sub, type V3, X, Z } from "./scene3d/vector.ts";
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

export function items(...groups: readonly (Item | readonly Item[])[]): Item[] {
  return groups.flatMap((gr) => (Array.isArray(gr) ? [...gr] : [gr as Item]));
}
