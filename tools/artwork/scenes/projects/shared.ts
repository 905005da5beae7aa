/** Canvas size and backdrop pieces shared by the project pictures: water and curtain-wall texture. */

import type { Camera } from "../../lib/scene3d/camera.ts";
import { add, dot, len, mulv, type V3 } from "../../lib/scene3d/vector.ts";
import { C, el, linearGradient, n, rect, rng } from "../../lib/svg.ts";

export const VIEW = { width: 1200, height: 800 };

/** Water below the horizon: gradient, glow streaks and ripples. */
export function water(id: string, top: number, glowX: number, seed: number): { defs: string[]; body: string[] } {
  const { width: W, height: H } = VIEW;
  const r = rng(seed);
  let ripples = "";
  let glints = "";
  for (let i = 0; i < 140; i++) {
    const y = top + 4 + r() ** 1.7 * (H - top);
    const w = 10 + r() * 60 * (0.4 + (y - top) / (H - top));
    const x = r() * W;
    const near = Math.abs(x - glowX) < 260 * (0.5 + r());
    if (near) glints += `M${n(x)} ${n(y)}h${n(w)}`;
    else ripples += `M${n(x)} ${n(y)}h${n(w)}`;
  }
  return {
    defs: [
      linearGradient(id, [
        { offset: 0, color: "#2a3850" },
        { offset: 0.3, color: C.navy },
        { offset: 1, color: C.ink },
      ]),
    ],
    body: [
      rect(0, top, W, H - top, { fill: `url(#${id})` }),
      el("path", { d: ripples, stroke: C.pale, "stroke-opacity": 0.12, "stroke-width": 1.2 }),
      el("path", { d: glints, stroke: C.amber, "stroke-opacity": 0.35, "stroke-width": 1.4 }),
    ],
  };
}

/** Glass curtain wall texture on the visible faces of a box: floor lines, mullions and a few lit windows. */
export function curtainWall(
  camera: Camera,
  min: V3,
  max: V3,
  floor: number,
  mullion: number,
  seed: number,
  punched?: { inset: number; lit: number },
): string {
  const r = rng(seed);
  const faces: { o: V3; u: V3; v: V3; normal: V3 }[] = [
    { o: [min[0], min[1], min[2]], u: [max[0] - min[0], 0, 0], v: [0, 0, max[2] - min[2]], normal: [0, -1, 0] },
    { o: [max[0], min[1], min[2]], u: [0, max[1] - min[1], 0], v: [0, 0, max[2] - min[2]], normal: [1, 0, 0] },
    { o: [min[0], max[1], min[2]], u: [max[0] - min[0], 0, 0], v: [0, 0, max[2] - min[2]], normal: [0, 1, 0] },
    { o: [min[0], min[1], min[2]], u: [0, max[1] - min[1], 0], v: [0, 0, max[2] - min[2]], normal: [-1, 0, 0] },
  ];
  let lines = "";
  let lit = "";
  let glass = "";
  for (const f of faces) {
    const centre = add(f.o, add(mulv(f.u, 0.5), mulv(f.v, 0.5)));
    if (dot(f.normal, camera.toEye(centre)) <= 0) continue;
    const lu = len(f.u);
    const lv = len(f.v);
    const p = (a: number, b: number) => camera.project(add(f.o, add(mulv(f.u, a / lu), mulv(f.v, b / lv))));
    for (let z = floor; z < lv; z += floor) {
      const a = p(0, z);
      const b = p(lu, z);
      lines += `M${n(a.x)} ${n(a.y)}L${n(b.x)} ${n(b.y)}`;
    }
    for (let u = mullion; u < lu; u += mullion) {
      const a = p(u, 0);
      const b = p(u, lv);
      lines += `M${n(a.x)} ${n(a.y)}L${n(b.x)} ${n(b.y)}`;
    }
    for (let z = 0; z + floor <= lv; z += floor) {
      for (let u = 0; u + mullion <= lu; u += mullion) {
        const isLit = r() < (punched?.lit ?? 0.1);
        if (!punched && !isLit) continue;
        const m = punched?.inset ?? 0.2;
        const q = [
          p(u + m, z + 0.4 + m / 2),
          p(u + mullion - m, z + 0.4 + m / 2),
          p(u + mullion - m, z + floor - 0.6),
          p(u + m, z + floor - 0.6),
        ];
        const d = `M${q.map((c) => `${n(c.x)} ${n(c.y)}`).join("L")}Z`;
        if (isLit) lit += d;
        else glass += d;
      }
    }
  }
  return (
    (glass ? el("path", { d: glass, fill: C.ink, "fill-opacity": 0.55 }) : "") +
    el("path", { d: lit, fill: C.amber, "fill-opacity": punched ? 0.42 : 0.32 }) +
    el("path", { d: lines, stroke: C.pale, "stroke-opacity": 0.25, "stroke-width": 0.7 })
  );
}
