/** Multi-storey building frames and planar trusses, built from rolled members. */
import { box, type Material, type Solid } from "./scene3d/solids.ts";
import { add, cross, dot, mulv, norm, sub, type V3, X, Z } from "./scene3d/vector.ts";
import { MAT, member, SECTIONS, type Section } from "./steel.ts";

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
