import { duskSky, skyline } from "../../lib/backdrop.ts";
import { buildingFrame } from "../../lib/frames.ts";
import { duskLight, EDGE_DARK } from "../../lib/presets.ts";
import { perspective } from "../../lib/scene3d/camera.ts";
import { render } from "../../lib/scene3d/render.ts";
import { aabb, type Item, seg } from "../../lib/scene3d/solids.ts";
import type { V3 } from "../../lib/scene3d/vector.ts";
import { MAT, SECTIONS } from "../../lib/steel.ts";
import { C, rect, svgDocument } from "../../lib/svg.ts";
import { curtainWall, VIEW } from "./shared.ts";

/** Cedar Heights Residences: a six-storey residential steel frame, lower floors already clad, with balconies. */
export function cedarHeights(): string {
  const { width: W, height: H } = VIEW;
  const eye: V3 = [-20, -30, 1.7];
  const camera = perspective({ eye, target: [17, 8, 8], focal: 1000, cx: W * 0.5, cy: H * 0.58 });
  const horizon = camera.project([eye[0] + 3000, eye[1] + 2400, eye[2]]).y;
  const sky = duskSky("ch", W, H, horizon, W * 0.2, 0.55);
  const xs = [0, 7, 14, 21, 28, 35];
  const ys = [0, 7, 14];
  const sh = 3.4;
  const clad = 3;
  const levels = Array.from({ length: 7 }, (_, k) => k * sh);
  const steelLevels = levels.slice(clad);
  const items: Item[] = buildingFrame({
    xs,
    ys,
    levels: steelLevels,
    infill: 1,
    girder: SECTIONS.beam,
    hasSlab: (k) => k <= 2,
    slabMaterial: { color: "#7d8ca1" },
    hasColumn: (i, _j, k) => k < 3 || i < 4,
    hasBeam: (k, i, _j, dir) => k < 3 || (dir === "x" ? i < 3 : i < 4),
    columnMaterial: () => ({ color: "#a9b5c6" }),
    beamMaterial: (k) => (k === 3 ? MAT.primer : { color: "#a9b5c6" }),
  });
  const cladMin: V3 = [-0.3, -0.3, 0];
  const cladMax: V3 = [35.3, 14.3, clad * sh];
  items.push(aabb(cladMin, cladMax, { color: "#56667d" }));
  // Balconies: cantilevered slabs with guardrails on the street face.
  const rails: Item[] = [];
  for (let k = 1; k <= 5; k++) {
    for (const bx of [3.5, 17.5, 31.5]) {
      const z = k * sh;
      if (k >= 4 && bx > 25) continue;
      items.push(aabb([bx - 2.4, -1.7, z], [bx + 2.4, -0.3, z + 0.2], { color: "#8e9bb0" }));
      rails.push(seg([bx - 2.4, -1.65, z + 1.1], [bx + 2.4, -1.65, z + 1.1], C.pale, 0.05, { minPx: 0.8 }));
      for (let t = 0; t <= 6; t++)
        rails.push(
          seg([bx - 2.4 + (4.8 * t) / 6, -1.65, z + 0.2], [bx - 2.4 + (4.8 * t) / 6, -1.65, z + 1.1], C.pale, 0.03, {
            minPx: 0.6,
          }),
        );
    }
  }
  items.push(aabb([-40, -14, -0.3], [90, 60, 0], { color: "#243042" }));
  items.push(aabb([-40, -22, -0.3], [90, -14, -0.1], { color: "#1a2433" }));
  const lighting = duskLight({ near: 30, far: 140, max: 0.4 });
  lighting.lights[0] = { dir: [-0.7, -0.5, 0.35], color: C.amber, intensity: 0.3 };
  const model = render([...items, ...rails], {
    camera,
    lighting,
    edges: EDGE_DARK,
    viewport: VIEW,
    precision: 1,
    minWidth: 0.6,
  });
  return svgDocument({
    width: W,
    height: H,
    title: "Six-storey residential steel frame with balconies, lower floors clad, at dusk",
    defs: [...sky.defs],
    body: [
      ...sky.body,
      skyline({
        seed: 51,
        x0: 0,
        x1: W,
        base: horizon + 1,
        minH: 20,
        maxH: 90,
        minW: 40,
        maxW: 110,
        color: "#1f2a3b",
        windows: { color: C.amber, chance: 0.05, opacity: 0.45 },
      }),
      rect(0, horizon, W, H - horizon, { fill: C.ink }),
      model,
      curtainWall(camera, cladMin, cladMax, sh, 3.5, 8, { inset: 0.7, lit: 0.16 }),
    ],
  });
}
