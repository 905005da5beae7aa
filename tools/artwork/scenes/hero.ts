import { duskSky, sideShade, skyline } from "../lib/backdrop.ts";
import { slings, towerCrane } from "../lib/crane.ts";
import { buildingFrame } from "../lib/frames.ts";
import { duskLight, EDGE_DARK } from "../lib/presets.ts";
import { perspective } from "../lib/scene3d/camera.ts";
import { render, renderLines } from "../lib/scene3d/render.ts";
import type { Item } from "../lib/scene3d/solids.ts";
import { MAT, member, SECTIONS } from "../lib/steel.ts";
import { C, el, rect, svgDocument } from "../lib/svg.ts";

/** Home hero: a steel frame topping out at dusk, skyline behind; left side kept dark for text. */
export function heroSteelFrame(): string {
  const W = 1600;
  const H = 900;
  const eye = [-24, -34, 1.7] as const;
  const camera = perspective({ eye, target: [12, 8, 23], focal: 1000, cx: 1140, cy: 450 });
  const horizonY = camera.project([eye[0] + 3000, eye[1] + 3000, eye[2]]).y;
  const sky = duskSky("hero", W, H, horizonY, 1250, 0.75);
  const xs = [0, 9, 18, 27];
  const ys = [0, 8, 16];
  const levels = [0, 5, 9.2, 13.4, 17.6, 21.8, 26, 30.2, 34.4, 38.6];
  const top = levels.length - 1;
  const frame = buildingFrame({
    xs,
    ys,
    levels,
    infill: 1,
    infillAt: (k) => k <= 4 || k === top,
    hasSlab: (k) => k <= 3,
    hasColumn: (i, j, k) => k < top || !(i === 0 && j >= 1),
    hasBeam: (k, i, j, dir) => {
      if (k < top) return true;
      if (dir === "x") return j <= 1 && i >= 1;
      return i >= 1 && j <= 0;
    },
    beamMaterial: (k) => (k === top ? MAT.primer : MAT.steel),
    columnMaterial: () => MAT.steel,
  });
  const crane = towerCrane({
    base: [22, 26, 0],
    height: 52,
    heading: Math.PI * 1.2,
    jib: 44,
    counterJib: 14,
    trolley: 0.62,
    hookZ: 48,
    color: C.orange,
  });
  const hook = crane.hook;
  const liftZ = hook[2] - 3.2;
  const beamA: readonly [number, number, number] = [hook[0] - 4, hook[1] - 0.5, liftZ];
  const beamB: readonly [number, number, number] = [hook[0] + 4, hook[1] + 0.5, liftZ];
  const lifted = member(beamA, beamB, SECTIONS.girder, MAT.primer);
  const rig = slings(hook, [
    [beamA[0] + 1, beamA[1] + 0.1, liftZ + 0.3],
    [beamB[0] - 1, beamB[1] - 0.1, liftZ + 0.3],
  ]);
  const items: Item[] = [...frame, ...lifted, ...crane.solids];
  const lighting = duskLight({ near: 30, far: 130, max: 0.55 });
  const model = render(items, {
    camera,
    lighting,
    edges: EDGE_DARK,
    precision: 0,
    minWidth: 0.6,
    viewport: { width: W, height: H },
  });
  const lines = renderLines([...crane.lines, ...rig], camera);
  const shade = sideShade("hero-shade", W, H, 0.55, 0.85);
  const ground = el("path", {
    d: `M0 ${horizonY}H${W}V${H}H0Z`,
    fill: C.ink,
  });
  return svgDocument({
    width: W,
    height: H,
    title: "Steel frame of a high-rise topping out at dusk, with a tower crane lifting a beam",
    defs: [...sky.defs, shade.def],
    body: [
      ...sky.body,
      skyline({
        seed: 7,
        x0: 0,
        x1: W,
        base: horizonY + 1,
        minH: 20,
        maxH: 150,
        minW: 26,
        maxW: 70,
        color: "#1f2a3b",
        profile: (t) => 0.5 + t,
      }),
      skyline({
        seed: 11,
        x0: 0,
        x1: W,
        base: horizonY + 2,
        minH: 10,
        maxH: 70,
        minW: 30,
        maxW: 90,
        color: "#172131",
        windows: { color: C.amber, chance: 0.05, opacity: 0.55 },
      }),
      ground,
      lines,
      model,
      shade.body,
      rect(0, 0, W, 2, { fill: C.ink }),
    ],
  });
}
