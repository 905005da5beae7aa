/** What a scene is made of: convex solids (polyhedron, box, aabb, prism) and line segments. */
import { add, cross, dot, mulv, norm, pushUnique, sub, type V3 } from "./vector.ts";

export interface Material {
  color: string;
  /** Fill opacity (ghosted members). */
  opacity?: number;
  /** Ignore lighting (screens, lamps, glowing accents). */
  flat?: boolean;
  /** Per-material edge colour; null hides edges. */
  edge?: string | null;
}

export interface Solid {
  kind: "solid";
  verts: V3[];
  faces: number[][];
  normals: V3[];
  axes: V3[];
  edges: V3[];
  material: Material;
}

export interface Segment {
  kind: "line";
  a: V3;
  b: V3;
  color: string;
  /** Width in world units (scaled by perspective); at least minPx pixels. */
  width: number;
  minPx?: number;
  opacity?: number;
  dash?: string;
}

export type Item = Solid | Segment;

/** Builds a convex polyhedron; face windings are fixed up automatically. */
export function polyhedron(verts: V3[], faces: number[][], material: Material): Solid {
  const centroid = mulv(verts.reduce(add, [0, 0, 0]), 1 / verts.length);
  const normals: V3[] = [];
  const axes: V3[] = [];
  const edges: V3[] = [];
  const fixed: number[][] = [];
  for (const face of faces) {
    const p = face.map((i) => verts[i]!);
    let nrm: V3 = [0, 0, 0];
    for (let i = 0; i < p.length; i++) {
      const a = p[i]!;
      const b = p[(i + 1) % p.length]!;
      nrm = add(nrm, cross(a, b));
    }
    nrm = norm(nrm);
    const fc = mulv(p.reduce(add, [0, 0, 0]), 1 / p.length);
    if (dot(nrm, sub(fc, centroid)) < 0) {
      nrm = mulv(nrm, -1);
      fixed.push([...face].reverse());
    } else fixed.push(face);
    normals.push(nrm);
    pushUnique(axes, nrm);
    for (let i = 0; i < p.length; i++) pushUnique(edges, sub(p[(i + 1) % p.length]!, p[i]!));
  }
  return { kind: "solid", verts, faces: fixed, normals, axes, edges, material };
}

/** Box spanned from corner o by three edge vectors. */
export function box(o: V3, ex: V3, ey: V3, ez: V3, material: Material): Solid {
  const v: V3[] = [];
  for (let k = 0; k < 8; k++) {
    let p = o;
    if (k & 1) p = add(p, ex);
    if (k & 2) p = add(p, ey);
    if (k & 4) p = add(p, ez);
    v.push(p);
  }
  const faces = [
    [0, 1, 3, 2],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 3, 7, 6],
    [0, 2, 6, 4],
    [1, 3, 7, 5],
  ];
  return polyhedron(v, faces, material);
}

/** Axis-aligned box from min corner to max corner. */
export function aabb(min: V3, max: V3, material: Material): Solid {
  return box(min, [max[0] - min[0], 0, 0], [0, max[1] - min[1], 0], [0, 0, max[2] - min[2]], material);
}

/** Extrudes a convex planar polygon along h. */
export function prism(base: readonly V3[], h: V3, material: Material): Solid {
  const m = base.length;
  const verts = [...base, ...base.map((p) => add(p, h))];
  const faces = [base.map((_, i) => i), base.map((_, i) => i + m)];
  for (let i = 0; i < m; i++) faces.push([i, (i + 1) % m, ((i + 1) % m) + m, i + m]);
  return polyhedron(verts, faces, material);
}

export function seg(a: V3, b: V3, color: string, width: number, extra: Partial<Segment> = {}): Segment {
  return { kind: "line", a, b, color, width, ...extra };
}
