import { duskSky, skyline } from "../../lib/backdrop.ts";
import { towerCrane } from "../../lib/crane.ts";
import { buildingFrame, truss } from "../../lib/frames.ts";
import { duskLight, EDGE_DARK } from "../../lib/presets.ts";
import { deg, perspective } from "../../lib/scene3d/camera.ts";
import { render, renderLines } from "../../lib/scene3d/render.ts";
import { aabb, type Item } from "../../lib/scene3d/solids.ts";
import type { V3 } from "../../lib/scene3d/vector.ts";
import { MAT } from "../../lib/steel.ts";
import { C, linearGradient, rect, svgDocument } from "../../lib/svg.ts";

/** About "vision": a wide skyline at first light with towers, a bridge and an arena roof in steel. */
export function vision(): string {
  const W = 1600;
  const H = 700;
  const eye: V3 = [0, -170, 4];
  const camera = perspective({ eye, target: [0, 0, 22], focal: 1400, cx: W / 2, cy: H * 0.5 });
  const horizon = camera.project([0, 5000, 4]).y;
  const sky = duskSky("vis", W, H, horizon, W * 0.5, 0.7);
  const items: Item[] = [];
  // Tower left of centre, topping out.
  items.push(
    ...buildingFrame({
      xs: [-70, -60, -50],
      ys: [20, 30, 40],
      levels: [0, 5, 9, 13, 17, 21, 25, 29, 33, 37, 41, 45, 49, 53],
      column: { kind: "rect", h: 0.55, b: 0.55 },
      girder: { kind: "rect", h: 0.6, b: 0.3 },
      hasSlab: (k) => k <= 8,
      slabMaterial: { color: "#7d8ca1" },
      beamMaterial: (k) => (k === 13 ? MAT.primer : { color: "#a9b5c6" }),
      columnMaterial: () => ({ color: "#a9b5c6" }),
    }),
  );
  // Mid-rise on the right.
  items.push(
    ...buildingFrame({
      xs: [-15, -5, 5, 15],
      ys: [70, 80],
      levels: [0, 5, 9, 13, 17, 21, 25],
      column: { kind: "rect", h: 0.5, b: 0.5 },
      girder: { kind: "rect", h: 0.55, b: 0.3 },
      beamMaterial: () => ({ color: "#a9b5c6" }),
      columnMaterial: () => ({ color: "#a9b5c6" }),
    }),
  );
  // Truss bridge across the foreground water.
  for (const dy of [0, 5]) {
    items.push(
      ...truss({
        a: [20, 10 + dy, 12],
        b: [170, 110 + dy, 12],
        height: 7,
        panels: 18,
        chord: { kind: "rect", h: 0.7, b: 0.7 },
        web: { kind: "rect", h: 0.4, b: 0.4 },
        material: { color: "#8796ab" },
      }),
    );
  }
  for (const t of [0, 0.33, 0.66, 1]) {
    const x = 20 + 150 * t;
    const y = 10 + 100 * t;
    items.push(aabb([x - 1.5, y - 1, -2], [x + 1.5, y + 6, 11.6], { color: "#4b5a70" }));
  }
  // Arena roof trusses far right-back.
  for (const x of [200, 222, 244]) {
    items.push(
      ...truss({
        a: [x, 200, 20],
        b: [x, 280, 20],
        height: (t) => 3 + 10 * Math.sin(Math.PI * t),
        panels: 12,
        chord: { kind: "rect", h: 0.8, b: 0.8 },
        web: { kind: "rect", h: 0.45, b: 0.45 },
        material: { color: "#8796ab" },
      }),
    );
  }
  const crane = towerCrane({
    base: [-40, 34, 0],
    height: 64,
    heading: deg(160),
    jib: 46,
    counterJib: 14,
    trolley: 0.6,
    hookZ: 56,
    color: C.orange,
  });
  const lighting = duskLight({ near: 120, far: 420, max: 0.6 });
  const model = render([...items, ...crane.solids], {
    camera,
    lighting,
    edges: EDGE_DARK,
    viewport: { width: W, height: H },
    precision: 0,
    minWidth: 0.6,
  });
  return svgDocument({
    width: W,
    height: H,
    title: "City skyline at first light with steel towers, a truss bridge, an arena roof and a tower crane",
    defs: [
      ...sky.defs,
      linearGradient("vis-water", [
        { offset: 0, color: "#2a3850" },
        { offset: 1, color: C.ink },
      ]),
    ],
    body: [
      ...sky.body,
      skyline({
        seed: 81,
        x0: 0,
        x1: W,
        base: horizon + 1,
        minH: 20,
        maxH: 140,
        minW: 30,
        maxW: 80,
        color: "#223046",
        profile: (t) => 0.4 + 0.9 * Math.sin(t * Math.PI),
      }),
      skyline({
        seed: 83,
        x0: 0,
        x1: W,
        base: horizon + 2,
        minH: 10,
        maxH: 70,
        minW: 40,
        maxW: 100,
        color: "#19232f",
        windows: { color: C.amber, chance: 0.05, opacity: 0.45 },
      }),
      rect(0, horizon + 2, W, H - horizon, { fill: "url(#vis-water)" }),
      renderLines(crane.lines, camera),
      model,
    ],
  });
}
