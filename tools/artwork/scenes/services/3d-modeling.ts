import { draftGrid } from "../../lib/backdrop.ts";
import { bubble, PAPER } from "../../lib/drafting.ts";
import { buildingFrame, truss as trussBuilder } from "../../lib/frames.ts";
import { gridLines } from "../../lib/models.ts";
import { studioLight } from "../../lib/presets.ts";
import { axonometric, deg } from "../../lib/scene3d/camera.ts";
import { render, renderLines } from "../../lib/scene3d/render.ts";
import type { Item, Material } from "../../lib/scene3d/solids.ts";
import { MAT, member, SECTIONS, type Section } from "../../lib/steel.ts";
import { C, linearGradient, rect, svgDocument, text } from "../../lib/svg.ts";
import { VIEW } from "./shared.ts";

/** Services "3D modeling": phased isometric model of a frame and a long-span annex on gridlines. */
export function modeling(): string {
  const { width: W, height: H } = VIEW;
  const xs = [0, 8, 16, 24];
  const ys = [0, 7, 14];
  const levels = [0, 4.5, 8.3, 12.1, 15.9, 19.7, 23.5];
  const phase = (k: number): Material => (k <= 2 ? { color: "#6f819a" } : k <= 4 ? { color: "#b4bfcd" } : MAT.primer);
  const items: Item[] = buildingFrame({
    xs,
    ys,
    levels,
    infill: 1,
    girder: SECTIONS.beam,
    hasColumn: (i, j, k) => k < 6 || i < 2 || j === 0,
    hasBeam: (k, i, j, dir) => k < 6 || (dir === "x" ? i < 1 || j === 0 : i < 2),
    columnMaterial: (_i, _j, k) => phase(k),
    beamMaterial: (k) => phase(k),
  });
  const brace: Section = { kind: "rect", h: 0.18, b: 0.18 };
  for (let k = 1; k < levels.length - 1; k++) {
    const z0 = levels[k - 1]! + 0.3;
    const z1 = levels[k]! - 0.5;
    items.push(...member([8.35, 0, z0], [11.7, 0, z1], brace, phase(k), { up: [0, 1, 0] }));
    items.push(...member([15.65, 0, z0], [12.3, 0, z1], brace, phase(k), { up: [0, 1, 0] }));
  }
  // Long-span annex: columns and roof trusses spanning Y.
  const ax = [30, 36, 42, 48];
  const truss: Section = { kind: "rect", h: 0.2, b: 0.2 };
  for (const x of ax) {
    for (const y of [0, 21])
      items.push(...member([x, y, 0], [x, y, 8], SECTIONS.column, { color: "#6f819a" }, { up: [0, 1, 0] }));
    items.push(
      ...trussBuilder({
        a: [x, 0.25, 8.1],
        b: [x, 20.75, 8.1],
        height: 2.2,
        panels: 8,
        chord: truss,
        web: { kind: "rect", h: 0.12, b: 0.12 },
        material: { color: "#b4bfcd" },
      }),
    );
  }
  for (let i = 0; i + 1 < ax.length; i++) {
    for (const y of [0, 21])
      items.push(...member([ax[i]! + 0.2, y, 7.7], [ax[i + 1]! - 0.2, y, 7.7], SECTIONS.joist, { color: "#8796ab" }));
    for (let p = 1; p < 8; p += 2) {
      const y = 0.25 + (20.5 * p) / 8;
      const z = 8.1 + 2.2 + 0.2;
      items.push(
        ...member(
          [ax[i]! + 0.1, y, z],
          [ax[i + 1]! - 0.1, y, z],
          { kind: "C", d: 0.2, bf: 0.07, tf: 0.01, tw: 0.006 },
          MAT.primer,
        ),
      );
    }
  }
  const camera = axonometric({
    azimuth: deg(-62),
    elevation: deg(30),
    scale: 14,
    cx: W * 0.53,
    cy: H * 0.55,
    origin: [25, 10, 9],
  });
  const grid = gridLines([...xs, ...ax], [0, 7, 14, 21], C.mid, 3.5);
  const model = render(items, {
    camera,
    lighting: studioLight(),
    edges: { color: C.ink, width: 0.5, opacity: 0.35 },
    viewport: VIEW,
    precision: 0,
    minWidth: 0.7,
  });
  const bubbles: string[] = [];
  [...xs, ...ax].forEach((x, i) => {
    const p = camera.project([x, -5.2, 0]);
    bubbles.push(bubble(p.x, p.y, 11, String(i + 1), { ...PAPER, paper: C.paper }));
  });
  ["A", "B", "C", "D"].forEach((label, j) => {
    const p = camera.project([53, j * 7, 0]);
    bubbles.push(bubble(p.x, p.y, 11, label, { ...PAPER, paper: C.paper }));
  });
  const legend = [
    ["Phase 1 — erected", "#6f819a"],
    ["Phase 2 — approved", "#b4bfcd"],
    ["Phase 3 — in detailing", C.orange],
  ] as const;
  return svgDocument({
    width: W,
    height: H,
    title: "Isometric 3D steel model coloured by erection phase, with gridlines and a long-span roof annex",
    defs: [
      linearGradient("mod-bg", [
        { offset: 0, color: C.paper },
        { offset: 1, color: C.mist },
      ]),
    ],
    body: [
      rect(0, 0, W, H, { fill: "url(#mod-bg)" }),
      draftGrid(W, H, 20, C.pale, 0.25),
      renderLines(grid, camera),
      model,
      ...bubbles,
      rect(40, 40, 250, 118, { rx: 6, fill: C.paper, stroke: C.pale }),
      ...legend.flatMap(([label, color], i) => [
        rect(58, 60 + i * 30, 18, 18, { rx: 3, fill: color }),
        text(label, { x: 88, y: 69 + i * 30, "font-size": 14, fill: C.steel, "dominant-baseline": "central" }),
      ]),
    ],
  });
}
