import { BLUEPRINT, leader } from "../../lib/drafting.ts";
import { EDGE_SOFT, studioLight } from "../../lib/presets.ts";
import { perspective } from "../../lib/scene3d/camera.ts";
import { render } from "../../lib/scene3d/render.ts";
import type { Item } from "../../lib/scene3d/solids.ts";
import type { V3 } from "../../lib/scene3d/vector.ts";
import { member, SECTIONS } from "../../lib/steel.ts";
import { C, el, MONO, n, radialGradient, rect, svgDocument, text } from "../../lib/svg.ts";
import { appWindow, clip, propsPanel } from "../../lib/ui.ts";

/** 04: BIM clash detection: a duct running through a beam web, flagged in the model. */
export function gallery04(): string {
  const W = 1200;
  const H = 800;
  const win = appWindow({ x: 30, y: 30, w: 1140, h: 740 }, { title: "Clash detection — 14 results", toolbar: 8 });
  const view = { x: win.content.x, y: win.content.y, w: 820, h: win.content.h };
  const items: Item[] = [];
  const beamS = SECTIONS.beam;
  for (const y of [0, 6]) items.push(...member([-6, y, 0], [8, y, 0], beamS, { color: "#b9c4d3" }));
  for (const x of [-4, 0, 4]) items.push(...member([x, 0.1, 0], [x, 5.9, 0], SECTIONS.joist, { color: "#8796ab" }));
  items.push(
    ...member([2, -3, -0.05], [2, 9, -0.05], { kind: "rect", h: 0.35, b: 0.6 }, { color: "#7fa0c8", opacity: 0.85 }),
  );
  items.push(...member([-7, 2.5, -0.6], [9, 2.5, -0.6], { kind: "pipe", r: 0.12, sides: 10 }, { color: "#6f819a" }));
  items.push(...member([-7, 3.3, -0.62], [9, 3.3, -0.62], { kind: "pipe", r: 0.09, sides: 10 }, { color: "#6f819a" }));
  const camera = perspective({
    eye: [-5, -7, 4.5],
    target: [1.2, 2.5, -0.3],
    focal: 900,
    cx: view.x + view.w / 2,
    cy: view.y + view.h / 2,
  });
  const model = render(items, {
    camera,
    lighting: studioLight(),
    edges: EDGE_SOFT,
    viewport: { width: W, height: H },
    precision: 1,
  });
  const hit = (p: V3) => camera.project(p);
  const c1 = hit([2, 0, 0]);
  const c2 = hit([2, 6, 0]);
  const ring = (x: number, y: number, r: number) =>
    el("circle", {
      cx: n(x),
      cy: n(y),
      r: n(r),
      fill: C.orange,
      "fill-opacity": 0.2,
      stroke: C.amber,
      "stroke-width": 2,
    }) +
    el("circle", {
      cx: n(x),
      cy: n(y),
      r: n(r + 9),
      fill: "none",
      stroke: C.amber,
      "stroke-width": 1,
      "stroke-dasharray": "4 4",
    });
  const panel = { x: view.x + view.w, y: view.y, w: win.content.w - view.w, h: view.h };
  let list = "";
  for (let i = 0; i < 8; i++) {
    const y = panel.y + 262 + i * 40;
    list += rect(panel.x + 14, y, panel.w - 28, 32, {
      rx: 4,
      fill: i === 0 ? C.orange : "#111b29",
      "fill-opacity": i === 0 ? 0.2 : 1,
    });
    list += el("circle", { cx: n(panel.x + 32), cy: n(y + 16), r: 5, fill: i < 3 ? C.orange : C.mid });
    list += text(`Clash ${String(i + 12).padStart(3, "0")}`, {
      x: n(panel.x + 48),
      y: n(y + 16),
      "font-size": 12,
      fill: C.mist,
      "dominant-baseline": "central",
      "font-family": MONO,
    });
    list += text(i < 3 ? "Active" : "Resolved", {
      x: n(panel.x + panel.w - 26),
      y: n(y + 16),
      "font-size": 11,
      fill: i < 3 ? C.amber : C.pale,
      "text-anchor": "end",
      "dominant-baseline": "central",
    });
  }
  return svgDocument({
    width: W,
    height: H,
    title: "BIM clash detection: a duct running through steel beams, with the clashes flagged and listed",
    defs: [
      radialGradient("g4-bg", [
        { offset: 0, color: C.slate },
        { offset: 1, color: C.ink },
      ]),
      clip("g4-view", view),
    ],
    body: [
      rect(0, 0, W, H, { fill: "url(#g4-bg)" }),
      win.markup,
      rect(view.x, view.y, view.w, view.h, { fill: "#142033" }),
      el("g", { "clip-path": "url(#g4-view)" }, [model, ring(c1.x, c1.y, 34), ring(c2.x, c2.y, 26)]),
      leader(
        [view.x + 600, view.y + 90],
        [c1.x + 26, c1.y - 22],
        "DUCT 600X350 / W18X35",
        { ...BLUEPRINT, thin: C.amber },
        13,
      ),
      propsPanel(
        { x: panel.x, y: panel.y, w: panel.w, h: 250 },
        [
          ["Type", "Hard clash"],
          ["Element A", "DUCT-04"],
          ["Element B", "B-214"],
          ["Overlap", "350 mm"],
          ["Assigned", "MEP / Steel"],
        ],
        "CLASH 012",
      ),
      list,
    ],
  });
}
