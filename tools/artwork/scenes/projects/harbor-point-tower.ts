import { duskSky, skyline } from "../../lib/backdrop.ts";
import { towerCrane } from "../../lib/crane.ts";
import { buildingFrame } from "../../lib/frames.ts";
import { duskLight, EDGE_DARK } from "../../lib/presets.ts";
import { deg, perspective } from "../../lib/scene3d/camera.ts";
import { render, renderLines } from "../../lib/scene3d/render.ts";
import { aabb, type Item } from "../../lib/scene3d/solids.ts";
import type { V3 } from "../../lib/scene3d/vector.ts";
import { MAT, type Section } from "../../lib/steel.ts";
import { C, svgDocument } from "../../lib/svg.ts";
import { curtainWall, VIEW, water } from "./shared.ts";

/** Harbor Point Tower: a high-rise with clad lower floors, steel frame above and a crane on the core. */
export function harborPointTower(): string {
  const { width: W, height: H } = VIEW;
  const eye: V3 = [-70, -130, 4];
  const camera = perspective({ eye, target: [14, 14, 50], focal: 900, cx: W * 0.6, cy: H * 0.52 });
  const horizon = camera.project([eye[0] + 2000, eye[1] + 3000, eye[2]]).y;
  const sky = duskSky("hp", W, H, horizon, W * 0.8, 0.7);
  const xs = [0, 10, 20, 30];
  const clad = 12;
  const storeys = 21;
  const levels = Array.from({ length: storeys + 1 }, (_, k) => k * 4);
  const steelLevels = levels.slice(clad);
  const col: Section = { kind: "rect", h: 0.5, b: 0.5 };
  const items: Item[] = buildingFrame({
    xs,
    ys: xs,
    levels: steelLevels,
    column: col,
    girder: { kind: "rect", h: 0.6, b: 0.3 },
    hasSlab: (k) => k <= 4,
    slabEdge: 0.4,
    hasColumn: (i, j, k) => k < steelLevels.length - 1 || i + j < 5,
    hasBeam: (k, i, j) => k < steelLevels.length - 1 || i + j < 4,
    beamMaterial: (k) => (k === steelLevels.length - 1 ? MAT.primer : { color: "#a9b5c6" }),
    columnMaterial: () => ({ color: "#a9b5c6" }),
    slabMaterial: { color: "#7d8ca1" },
  }).filter((it) => it.kind !== "solid" || it.verts.some((v) => v[2] > clad * 4 + 0.5));
  const glassMin: V3 = [-0.4, -0.4, 0];
  const glassMax: V3 = [30.4, 30.4, clad * 4];
  items.push(aabb(glassMin, glassMax, { color: "#34465e" }));
  items.push(aabb([11, 11, clad * 4], [19, 19, storeys * 4 + 8], { color: "#6d7b8f" }));
  items.push(aabb([-30, -25, -3], [260, 90, 0.5], { color: "#1f2a3b" }));
  const crane = towerCrane({
    base: [15, 15, storeys * 4 + 8],
    height: 14,
    heading: deg(200),
    jib: 40,
    counterJib: 12,
    trolley: 0.7,
    hookZ: storeys * 4 + 3,
    color: C.orange,
  });
  const lighting = duskLight({ near: 60, far: 260, max: 0.45 });
  const model = render([...items, ...crane.solids], {
    camera,
    lighting,
    edges: EDGE_DARK,
    viewport: VIEW,
    precision: 1,
    minWidth: 0.6,
  });
  const harbor = water("hp-water", horizon, W * 0.8, 12);
  return svgDocument({
    width: W,
    height: H,
    title:
      "High-rise tower under construction on the harbor: glazed lower floors, steel frame above, crane on the core",
    defs: [...sky.defs, ...harbor.defs],
    body: [
      ...sky.body,
      skyline({
        seed: 41,
        x0: 0,
        x1: W,
        base: horizon + 1,
        minH: 16,
        maxH: 150,
        minW: 24,
        maxW: 70,
        color: "#1f2a3b",
        windows: { color: C.amber, chance: 0.06, opacity: 0.5 },
        profile: (t) => 0.3 + t,
      }),
      ...harbor.body,
      model,
      curtainWall(camera, glassMin, glassMax, 4, 2.5, 5),
      renderLines(crane.lines, camera),
    ],
  });
}
