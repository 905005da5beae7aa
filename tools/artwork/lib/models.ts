/** Reusable 3D steel models shared by several pictures. */
import { buildingFrame } from "./frames.ts";
import { type Item, type Material, type Segment, seg } from "./scene3d/solids.ts";
import { bolt, MAT, member, plate, SECTIONS, type Section } from "./steel.ts";

export interface OfficeOptions {
  bays?: number;
  depthBays?: number;
  storeys?: number;
  bayX?: number;
  bayY?: number;
  storeyH?: number;
  slabs?: number;
  columnMat?: Material;
  beamMat?: Material;
  braceMat?: Material;
  slabMat?: Material;
  /** Members of the top level still missing (erection in progress). */
  topping?: boolean;
  highlight?: Material;
}

/** A braced office frame with chevron bracing in the end bays. */
export function officeFrame(o: OfficeOptions = {}): Item[] {
  const bays = o.bays ?? 3;
  const depthBays = o.depthBays ?? 2;
  const storeys = o.storeys ?? 5;
  const bx = o.bayX ?? 7.5;
  const by = o.bayY ?? 6.5;
  const sh = o.storeyH ?? 3.8;
  const xs = Array.from({ length: bays + 1 }, (_, i) => i * bx);
  const ys = Array.from({ length: depthBays + 1 }, (_, j) => j * by);
  const levels = Array.from({ length: storeys + 1 }, (_, k) => k * sh);
  const top = storeys;
  const out: Item[] = buildingFrame({
    xs,
    ys,
    levels,
    infill: 1,
    girder: SECTIONS.beam,
    hasSlab: (k) => k <= (o.slabs ?? 0),
    slabMaterial: o.slabMat,
    hasColumn: (i, j, k) => !o.topping || k < top || i < bays - 1 || j === 0,
    hasBeam: (k, i, j, dir) => {
      if (!o.topping || k < top) return true;
      if (dir === "x") return i < bays - 2 || j === 0;
      return i < bays - 1;
    },
    columnMaterial: () => o.columnMat ?? MAT.steel,
    beamMaterial: () => o.beamMat ?? MAT.darkSteel,
  });
  const brace: Section = { kind: "rect", h: 0.16, b: 0.16 };
  const bm = o.braceMat ?? MAT.primer;
  for (let k = 1; k <= storeys; k++) {
    if (o.topping && k === top) continue;
    const z0 = levels[k - 1]! + 0.3;
    const z1 = levels[k]! - SECTIONS.beam.d - 0.05;
    for (const y of [ys[0]!, ys[ys.length - 1]!]) {
      const xa = xs[1]! + 0.35;
      const xb = xs[2]! - 0.35;
      const xm = (xs[1]! + xs[2]!) / 2;
      out.push(...member([xa, y, z0], [xm - 0.25, y, z1], brace, bm, { up: [0, 1, 0] }));
      out.push(...member([xb, y, z0], [xm + 0.25, y, z1], brace, bm, { up: [0, 1, 0] }));
    }
  }
  return out;
}

/** Beam-to-column moment connection: column, beam with end plate, stiffeners and bolts. */
export function momentConnection(
  opts: { columnMat?: Material; beamMat?: Material; plateMat?: Material; boltMat?: Material; beamLength?: number } = {},
): Item[] {
  const cm = opts.columnMat ?? MAT.steel;
  const bm = opts.beamMat ?? MAT.darkSteel;
  const pm = opts.plateMat ?? MAT.primer;
  const boltM = opts.boltMat ?? { color: "#c9d1dc" };
  const col = SECTIONS.heavyColumn;
  const out: Item[] = [];
  // Column along Z, flanges facing ±X.
  out.push(...member([0, 0, -2.2], [0, 0, 2.4], col, cm, { up: [1, 0, 0] }));
  const face = col.d / 2;
  const beam = SECTIONS.girder;
  const tp = 0.03;
  const pw = beam.bf + 0.06;
  const ph = beam.d + 0.2;
  // End plate on the column flange.
  out.push(plate([face, -pw / 2, -ph / 2], [0, pw, 0], [0, 0, ph], tp, pm));
  out.push(...member([face + tp, 0, 0], [face + tp + (opts.beamLength ?? 2), 0, 0], beam, bm, { up: [0, 0, 1] }));
  // Column web stiffeners in line with beam flanges.
  for (const z of [beam.d / 2 - beam.tf / 2, -beam.d / 2 + beam.tf / 2]) {
    for (const side of [-1, 1]) {
      const y0 = side > 0 ? col.tw / 2 : -col.bf / 2 + 0.01;
      const w = col.bf / 2 - col.tw / 2 - 0.01;
      out.push(plate([-face + col.tf, y0, z - 0.01], [col.d - 2 * col.tf, 0, 0], [0, w, 0], 0.02, pm));
    }
  }
  // Bolts through the end plate (heads on the plate face).
  for (const z of [0.33, 0.2, 0.07, -0.07, -0.2, -0.33]) {
    if (Math.abs(z) < 0.1 && Math.abs(z) > 0.05) continue;
    for (const y of [-0.08, 0.08]) out.push(...bolt([face + tp, y, z], [1, 0, 0], 0.03, boltM));
  }
  return out;
}

export function gridLines(xs: readonly number[], ys: readonly number[], color: string, ext = 3): Segment[] {
  const out: Segment[] = [];
  const x0 = xs[0]! - ext;
  const x1 = xs[xs.length - 1]! + ext;
  const y0 = ys[0]! - ext;
  const y1 = ys[ys.length - 1]! + ext;
  for (const x of xs) out.push(seg([x, y0, 0], [x, y1, 0], color, 0.02, { minPx: 0.8, dash: "10 4 2 4" }));
  for (const y of ys) out.push(seg([x0, y, 0], [x1, y, 0], color, 0.02, { minPx: 0.8, dash: "10 4 2 4" }));
  return out;
}
