import { duskSky, skyline } from "../../lib/backdrop.ts";
import { truss } from "../../lib/frames.ts";
import { duskLight, EDGE_DARK } from "../../lib/presets.ts";
import { perspective } from "../../lib/scene3d/camera.ts";
import { render } from "../../lib/scene3d/render.ts";
import { aabb, type Item, prism, seg } from "../../lib/scene3d/solids.ts";
import type { V3 } from "../../lib/scene3d/vector.ts";
import { member } from "../../lib/steel.ts";
import { C, svgDocument } from "../../lib/svg.ts";
import { VIEW, water } from "./shared.ts";

/** Riverside footbridge: a steel Warren truss pedestrian bridge over a river at dusk. */
export function riversideFootbridge(): string {
  const { width: W, height: H } = VIEW;
  const eye: V3 = [9, -42, 2.8];
  const camera = perspective({ eye, target: [26, 2, 6.2], focal: 1000, cx: W * 0.5, cy: H * 0.5 });
  const horizon = camera.project([eye[0] + 2000, eye[1] + 4000, eye[2]]).y;
  const sky = duskSky("fb", W, H, horizon, W * 0.72, 0.65);
  const deckZ = 6;
  const span = 52;
  const width = 4.2;
  const chord = { kind: "rect", h: 0.35, b: 0.35 } as const;
  const web = { kind: "rect", h: 0.22, b: 0.22 } as const;
  const steel = { color: "#a9b5c6" };
  const items: Item[] = [];
  for (const y of [0, width]) {
    items.push(
      ...truss({
        a: [0, y, deckZ],
        b: [span, y, deckZ],
        height: 4.2,
        panels: 13,
        chord,
        web,
        material: steel,
        pattern: "warren",
      }),
    );
  }
  // Floor beams, top struts and deck.
  for (let i = 0; i <= 13; i++) {
    const x = (span * i) / 13;
    items.push(
      ...member(
        [x, 0.2, deckZ - 0.25],
        [x, width - 0.2, deckZ - 0.25],
        { kind: "W", d: 0.45, bf: 0.2, tf: 0.02, tw: 0.012 },
        { color: "#8796ab" },
      ),
    );
    if (i > 0 && i < 13)
      items.push(...member([x, 0.2, deckZ + 4.2], [x, width - 0.2, deckZ + 4.2], web, steel, { up: [1, 0, 0] }));
  }
  items.push(aabb([-0.4, 0.2, deckZ - 0.02], [span + 0.4, width - 0.2, deckZ + 0.15], { color: "#5a6a80" }));
  // Embankments on both banks (sloped concrete faces running along the river).
  const bankMat = { color: "#3a485d" };
  const left: V3[] = [
    [-90, -38, -0.5],
    [5, -38, -0.5],
    [0.3, -38, deckZ - 0.45],
    [-90, -38, deckZ - 0.45],
  ];
  const right: V3[] = [
    [span - 5, -38, -0.5],
    [span + 90, -38, -0.5],
    [span + 90, -38, deckZ - 0.45],
    [span - 0.3, -38, deckZ - 0.45],
  ];
  items.push(prism(left, [0, 140, 0], bankMat), prism(right, [0, 140, 0], bankMat));
  // Promenade lamps along both banks.
  for (let y = -30; y < 90; y += 12) {
    for (const x of [-3, span + 3])
      items.push(seg([x, y, deckZ - 0.45], [x, y, deckZ + 3.5], "#7d8ca1", 0.1, { minPx: 0.8 }));
  }
  // Handrails.
  for (const y of [0.45, width - 0.45])
    items.push(seg([0, y, deckZ + 1.1], [span, y, deckZ + 1.1], C.orange, 0.06, { minPx: 1 }));
  // Deck lights: small glowing posts along the handrail line.
  const lights: Item[] = [];
  for (let i = 1; i < 13; i += 2) {
    const x = (span * i) / 13 + 2;
    lights.push(seg([x, 0.45, deckZ + 0.15], [x, 0.45, deckZ + 1.1], C.amber, 0.08, { minPx: 1.2 }));
  }
  const lighting = duskLight({ near: 30, far: 110, max: 0.45 });
  const model = render([...items, ...lights], { camera, lighting, edges: EDGE_DARK, viewport: VIEW, precision: 1 });
  const wat = water("fb-water", horizon, W * 0.72, 3);
  return svgDocument({
    width: W,
    height: H,
    title: "Steel Warren truss pedestrian bridge spanning a river at dusk, reflected in the water",
    defs: [...sky.defs, ...wat.defs],
    body: [
      ...sky.body,
      skyline({
        seed: 21,
        x0: 0,
        x1: W,
        base: horizon + 1,
        minH: 14,
        maxH: 110,
        minW: 24,
        maxW: 70,
        color: "#1f2a3b",
        windows: { color: C.amber, chance: 0.06, opacity: 0.5 },
        profile: (t) => 0.4 + 0.8 * Math.sin(t * Math.PI),
      }),
      ...wat.body,
      model,
    ],
  });
}
