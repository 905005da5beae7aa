/** Gallery pictures of steel going up: 02 erection sequence, 06 roof trusses at dusk, 08 crane lift. */

import { duskSky, skyline } from "../../lib/backdrop.ts";
import { slings, towerCrane } from "../../lib/crane.ts";
import { buildingFrame, truss } from "../../lib/frames.ts";
import { duskLight, EDGE_DARK, studioLight } from "../../lib/presets.ts";
import { axonometric, deg, perspective } from "../../lib/scene3d/camera.ts";
import { render, renderLines } from "../../lib/scene3d/render.ts";
import type { Item, Material } from "../../lib/scene3d/solids.ts";
import type { V3 } from "../../lib/scene3d/vector.ts";
import { MAT, member, SECTIONS } from "../../lib/steel.ts";
import { C, el, n, rect, svgDocument, text } from "../../lib/svg.ts";
import { studioBackground } from "./studio.ts";

/** 02: erection sequence: finished, current and future tiers of a frame. */
export function gallery02(): string {
  const W = 800;
  const H = 1200;
  const ghost: Material = { color: "#a3b0c2", opacity: 0.12, edge: C.pale };
  const levels = [0, 4.5, 8.5, 12.5, 16.5, 20.5, 24.5, 28.5, 32.5, 36.5];
  const seqMat = (k: number): Material => (k <= 4 ? { color: "#a9b5c6" } : k <= 6 ? MAT.primer : ghost);
  const items = buildingFrame({
    xs: [0, 8, 16],
    ys: [0, 7, 14],
    levels,
    girder: SECTIONS.beam,
    infill: 1,
    hasSlab: (k) => k <= 3,
    slabMaterial: { color: "#6f819a" },
    columnMaterial: (_i, _j, k) => seqMat(k),
    beamMaterial: (k) => seqMat(k),
  });
  const camera = axonometric({
    azimuth: deg(-52),
    elevation: deg(24),
    scale: 18.5,
    cx: W * 0.44,
    cy: H * 0.5,
    origin: [8, 7, 18],
  });
  const model = render(items, {
    camera,
    lighting: studioLight(),
    edges: { color: C.ink, width: 0.5, opacity: 0.4 },
    viewport: { width: W, height: H },
    precision: 1,
  });
  const bg = studioBackground("g2", W, H);
  const tag = (k0: number, k1: number, label: string, color: string) => {
    const a = camera.project([16, 14, levels[k0]!]);
    const b = camera.project([16, 14, levels[k1]!]);
    const x = 700;
    return [
      el("path", {
        d: `M${x} ${n(a.y)}V${n(b.y)}M${x - 6} ${n(a.y)}h12M${x - 6} ${n(b.y)}h12`,
        stroke: color,
        "stroke-width": 2,
      }),
      text(label, {
        x: x - 14,
        y: n((a.y + b.y) / 2),
        "font-size": 16,
        "font-weight": "bold",
        fill: color,
        "text-anchor": "end",
        "dominant-baseline": "central",
        "letter-spacing": 1,
      }),
    ].join("");
  };
  return svgDocument({
    width: W,
    height: H,
    title: "Erection sequence of a steel frame: completed tiers, the tier being erected and future tiers",
    defs: bg.defs,
    body: [...bg.body, model, tag(0, 4, "SEQ 1", C.pale), tag(4, 6, "SEQ 2", C.amber), tag(6, 9, "SEQ 3", C.mid)],
  });
}

/** 06: a pair of long-span roof trusses on their columns, seen from below at dusk. */
export function gallery06(): string {
  const W = 1000;
  const H = 1000;
  const eye: V3 = [6, -15, 1.7];
  const camera = perspective({ eye, target: [21, 4.5, 12.5], focal: 600, cx: W * 0.45, cy: H * 0.42 });
  const horizon = camera.project([eye[0] + 1500, eye[1] + 3000, eye[2]]).y;
  const sky = duskSky("g6", W, H, horizon, W * 0.6, 0.8);
  const items: Item[] = [];
  for (const y of [0, 9]) {
    items.push(
      ...truss({
        a: [0, y, 10],
        b: [36, y, 10],
        height: 3.2,
        panels: 9,
        chord: { kind: "W", d: 0.3, bf: 0.3, tf: 0.02, tw: 0.012 },
        web: { kind: "rect", h: 0.16, b: 0.16 },
        material: { color: "#a9b5c6" },
        webMaterial: y === 0 ? MAT.primer : { color: "#a9b5c6" },
        pattern: "pratt",
      }),
    );
    for (const x of [-0.3, 36.3])
      items.push(...member([x, y, 0], [x, y, 9.85], SECTIONS.column, { color: "#8796ab" }, { up: [0, 1, 0] }));
  }
  for (let i = 0; i <= 9; i += 1)
    items.push(...member([i * 4, 0.2, 13.4], [i * 4, 8.8, 13.4], SECTIONS.channel, { color: "#8796ab" }));
  const model = render(items, {
    camera,
    lighting: duskLight({ near: 10, far: 70, max: 0.4 }),
    edges: EDGE_DARK,
    viewport: { width: W, height: H },
    precision: 1,
  });
  return svgDocument({
    width: W,
    height: H,
    title: "Pair of long-span steel roof trusses on their columns, seen from below at dusk",
    defs: sky.defs,
    body: [
      ...sky.body,
      skyline({
        seed: 61,
        x0: 0,
        x1: W,
        base: horizon + 1,
        minH: 8,
        maxH: 60,
        minW: 30,
        maxW: 80,
        color: "#1b2535",
        windows: { color: C.amber, chance: 0.05, opacity: 0.45 },
      }),
      model,
    ],
  });
}

/** 08: tower crane lifting a beam over the top of a frame, portrait. */
export function gallery08(): string {
  const W = 800;
  const H = 1200;
  const eye: V3 = [-24, -34, 1.7];
  const camera = perspective({ eye, target: [6, 8, 34], focal: 760, cx: W * 0.5, cy: H * 0.42 });
  const horizon = camera.project([eye[0] + 2000, eye[1] + 2600, eye[2]]).y;
  const sky = duskSky("g8", W, H, horizon, W * 0.7, 0.75);
  const frame = buildingFrame({
    xs: [0, 9, 18],
    ys: [0, 8],
    levels: [0, 4.5, 8.7, 12.9, 17.1, 21.3, 25.5],
    girder: SECTIONS.beam,
    hasSlab: (k) => k <= 2,
    slabMaterial: { color: "#7d8ca1" },
    columnMaterial: () => ({ color: "#a9b5c6" }),
    beamMaterial: (k) => (k === 6 ? MAT.primer : { color: "#a9b5c6" }),
    hasBeam: (k, i, _j, dir) => k < 6 || dir === "y" || i === 0,
  });
  const crane = towerCrane({
    base: [26, 14, 0],
    height: 44,
    heading: deg(205),
    jib: 40,
    counterJib: 12,
    trolley: 0.55,
    hookZ: 38,
    color: C.orange,
  });
  const liftZ = crane.hook[2] - 3;
  const a: V3 = [crane.hook[0] - 4, crane.hook[1] - 1, liftZ];
  const b: V3 = [crane.hook[0] + 4, crane.hook[1] + 1, liftZ];
  const lifted = member(a, b, SECTIONS.beam, MAT.primer);
  const rig = slings(crane.hook, [
    [a[0] + 1, a[1] + 0.25, liftZ + 0.25],
    [b[0] - 1, b[1] - 0.25, liftZ + 0.25],
  ]);
  const lighting = duskLight({ near: 20, far: 110, max: 0.45 });
  const model = render([...frame, ...lifted, ...crane.solids], {
    camera,
    lighting,
    edges: EDGE_DARK,
    viewport: { width: W, height: H },
    precision: 1,
    minWidth: 0.6,
  });
  return svgDocument({
    width: W,
    height: H,
    title: "Tower crane lifting a steel beam to the top of a building frame at dusk",
    defs: sky.defs,
    body: [
      ...sky.body,
      skyline({
        seed: 71,
        x0: 0,
        x1: W,
        base: horizon + 1,
        minH: 10,
        maxH: 80,
        minW: 24,
        maxW: 60,
        color: "#1b2535",
        windows: { color: C.amber, chance: 0.06, opacity: 0.45 },
      }),
      rect(0, horizon, W, H - horizon, { fill: C.ink }),
      renderLines([...crane.lines, ...rig], camera),
      model,
    ],
  });
}
