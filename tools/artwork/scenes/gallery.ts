import { draftGrid, duskSky, skyline } from "../lib/backdrop.ts";
import { BLUEPRINT, dimension, hatchPattern, type Ink, leader, notes, PAPER, weldSymbol } from "../lib/drafting.ts";
import { duskLight, EDGE_DARK, EDGE_SOFT, studioLight } from "../lib/presets.ts";
import {
  aabb,
  axonometric,
  deg,
  type Item,
  type Material,
  perspective,
  render,
  renderLines,
  type V3,
} from "../lib/scene3d.ts";
import { framingPlan, shopDrawing } from "../lib/sheets.ts";
import { switchbackStair } from "../lib/stairs.ts";
import { bolt, buildingFrame, MAT, member, plate, SECTIONS, slings, towerCrane, truss } from "../lib/steel.ts";
import { C, el, MONO, n, radialGradient, rect, svgDocument, text } from "../lib/svg.ts";
import { appWindow, clip, propsPanel } from "../lib/ui.ts";

const BOLT: Material = { color: "#d5dce5" };

function studioBackground(id: string, w: number, h: number): { defs: string[]; body: string[] } {
  return {
    defs: [
      radialGradient(
        id,
        [
          { offset: 0, color: "#2a3850" },
          { offset: 1, color: C.ink },
        ],
        { cx: 0.5, cy: 0.42, r: 0.75 },
      ),
    ],
    body: [rect(0, 0, w, h, { fill: `url(#${id})` }), draftGrid(w, h, 25, C.pale, 0.05)],
  };
}

/** 01: bolted beam splice close-up. */
export function gallery01(): string {
  const W = 1200;
  const H = 800;
  const beam = { kind: "W", d: 0.6, bf: 0.25, tf: 0.025, tw: 0.014 } as const;
  const steel = { color: "#9aa7b9" };
  const items: Item[] = [
    ...member([-2.6, 0, 0], [-0.006, 0, 0], beam, steel),
    ...member([0.006, 0, 0], [2.6, 0, 0], beam, steel),
  ];
  const pl = MAT.primer;
  const top = beam.d / 2;
  items.push(aabb([-0.36, -beam.bf / 2, top], [0.36, beam.bf / 2, top + 0.02], pl));
  items.push(aabb([-0.36, -beam.bf / 2, -top - 0.02], [0.36, beam.bf / 2, -top], pl));
  items.push(plate([-0.26, -beam.tw / 2, -0.2], [0.52, 0, 0], [0, 0, 0.4], 0.014, pl));
  items.push(plate([-0.26, beam.tw / 2 + 0.014, -0.2], [0.52, 0, 0], [0, 0, 0.4], 0.014, pl));
  for (const x of [-0.3, -0.2, -0.1, 0.1, 0.2, 0.3]) {
    for (const y of [-0.075, 0.075]) items.push(...bolt([x, y, top + 0.02], [0, 0, 1], 0.022, BOLT));
  }
  for (const x of [-0.2, -0.1, 0.1, 0.2]) {
    for (const z of [-0.14, -0.047, 0.047, 0.14])
      items.push(...bolt([x, -beam.tw / 2 - 0.014, z], [0, -1, 0], 0.022, BOLT));
  }
  const camera = perspective({
    eye: [1.25, -1.75, 0.95],
    target: [0.05, 0, -0.02],
    focal: 1350,
    cx: W * 0.5,
    cy: H * 0.5,
  });
  const bg = studioBackground("g1", W, H);
  const model = render(items, {
    camera,
    lighting: studioLight(),
    edges: EDGE_SOFT,
    viewport: { width: W, height: H },
    precision: 1,
  });
  return svgDocument({
    width: W,
    height: H,
    title: "Close-up of a bolted beam splice with flange and web splice plates",
    defs: bg.defs,
    body: [...bg.body, model],
  });
}

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

/** 03: a square shop drawing sheet (blueprint tone). */
export function gallery03(): string {
  const W = 1000;
  const H = 1000;
  const ink: Ink = { ...BLUEPRINT, paper: "#1b2940" };
  return svgDocument({
    width: W,
    height: H,
    title: "Shop drawing sheet for a steel beam with dimensions, bolt details and title block",
    body: [
      rect(0, 0, W, H, { fill: C.ink }),
      shopDrawing(40, 40, 920, 920, ink, {
        seed: 33,
        project: "CEDAR HEIGHTS",
        drawing: "BEAM B-031  LEVEL 4",
        number: "E-0431",
        mark: "B-031",
        revision: true,
      }),
    ],
  });
}

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

/** 05: stair detail in portrait. */
export function gallery05(): string {
  const W = 800;
  const H = 1200;
  const items = switchbackStair({
    frame: { color: "#8796ab" },
    tread: { color: "#c3ccd8" },
    rail: C.orange,
    flights: 4,
    railWidth: 0.05,
  });
  const camera = axonometric({
    azimuth: deg(-60),
    elevation: deg(22),
    scale: 78,
    cx: W * 0.5,
    cy: H * 0.5,
    origin: [1.6, 1.2, 4],
  });
  const model = render(items, {
    camera,
    lighting: studioLight(),
    edges: EDGE_DARK,
    viewport: { width: W, height: H },
    precision: 1,
  });
  const bg = studioBackground("g5", W, H);
  return svgDocument({
    width: W,
    height: H,
    title: "Four-flight steel switchback stair with channel stringers, landings and guardrails",
    defs: bg.defs,
    body: [...bg.body, model],
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

/** 07: column base plate with anchor rods on a grouted concrete pier. */
export function gallery07(): string {
  const W = 1200;
  const H = 800;
  const items: Item[] = [];
  const concrete = { color: "#8e9bb0" };
  items.push(aabb([-0.5, -0.5, -1.2], [0.5, 0.5, 0], concrete));
  items.push(aabb([-0.36, -0.36, 0], [0.36, 0.36, 0.04], { color: "#b4bfcd" }));
  items.push(aabb([-0.3, -0.3, 0.04], [0.3, 0.3, 0.085], MAT.primer));
  const col = { kind: "W", d: 0.36, bf: 0.37, tf: 0.03, tw: 0.018 } as const;
  items.push(...member([0, 0, 0.085], [0, 0, 1.6], col, { color: "#a9b5c6" }, { up: [1, 0, 0] }));
  for (const x of [-0.23, 0.23]) {
    for (const y of [-0.23, 0.23]) {
      items.push(...member([x, y, 0.085], [x, y, 0.2], { kind: "pipe", r: 0.014, sides: 10 }, { color: "#c3ccd8" }));
      items.push(aabb([x - 0.04, y - 0.04, 0.085], [x + 0.04, y + 0.04, 0.1], { color: "#c3ccd8" }));
      items.push(...bolt([x, y, 0.1], [0, 0, 1], 0.028, BOLT));
    }
  }
  const camera = perspective({ eye: [1.9, -2.3, 1.35], target: [0, 0, 0.12], focal: 1150, cx: W * 0.5, cy: H * 0.56 });
  const model = render(items, {
    camera,
    lighting: studioLight(),
    edges: EDGE_SOFT,
    viewport: { width: W, height: H },
    precision: 1,
  });
  const bg = studioBackground("g7", W, H);
  const ink: Ink = { ...BLUEPRINT, thin: C.amber };
  const sp = (p: V3) => {
    const q = camera.project(p);
    return [q.x, q.y] as const;
  };
  return svgDocument({
    width: W,
    height: H,
    title: "Steel column base plate with four anchor rods, nuts and washers on a grouted concrete pier",
    defs: bg.defs,
    body: [
      ...bg.body,
      model,
      dimension(sp([-0.3, -0.3, 0.085]), sp([0.3, -0.3, 0.085]), 34, "600", ink, 13, 1),
      leader([250, 170], sp([-0.23, -0.23, 0.16]), "4-M24 ANCHOR RODS", { ...ink, thin: C.pale }, 13),
      leader([260, 650], sp([-0.34, -0.2, 0.02]), "50 GROUT", { ...ink, thin: C.pale }, 13),
      leader([960, 660], sp([0.29, 0.1, 0.06]), "PL 45 BASE PLATE", { ...ink, thin: C.pale }, 13),
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

/** 09: weld detail sheet: T-joint section with fillet welds and weld symbols. */
export function gallery09(): string {
  const W = 1000;
  const H = 1000;
  const ink = PAPER;
  const x0 = 180;
  const y0 = 430;
  const parts: string[] = [
    rect(0, 0, W, H, { fill: C.paper }),
    draftGrid(W, H, 20, C.pale, 0.22),
    rect(30, 30, W - 60, H - 60, { fill: "none", stroke: C.slate, "stroke-width": 1.6 }),
    // Flange plate (horizontal) and web plate (vertical) in section.
    el("path", { d: `M${x0} ${y0}h460v40h-460z`, fill: "url(#g9-hatch)", stroke: C.slate, "stroke-width": 1.6 }),
    el("path", {
      d: `M${x0 + 210} ${y0 - 250}h40v250h-40z`,
      fill: "url(#g9-hatch)",
      stroke: C.slate,
      "stroke-width": 1.6,
    }),
    el("path", { d: `M${x0 + 210} ${y0}l-26 0 26-26zM${x0 + 250} ${y0}l26 0-26-26z`, fill: C.orange }),
    el("path", {
      d: `M${x0 + 230} ${y0 - 290}v350`,
      stroke: C.mid,
      "stroke-width": 0.8,
      "stroke-dasharray": "18 4 3 4",
    }),
    dimension([x0, y0 + 40], [x0 + 460, y0 + 40], -40, "460", ink, 13),
    dimension([x0 + 210, y0 - 250], [x0 + 250, y0 - 250], 30, "20", ink, 12),
    dimension([x0 + 460, y0], [x0 + 460, y0 + 40], -24, "25", ink, 12),
    weldSymbol([x0 + 278, y0 - 12], [x0 + 420, y0 - 130], 200, ink, "8", false, false),
    weldSymbol([x0 + 184, y0 - 12], [x0 - 40, y0 - 150], 170, ink, "8", false, true),
    text("WELD DETAIL 3", {
      x: 80,
      y: 110,
      "font-size": 26,
      "font-weight": "bold",
      fill: C.slate,
      "letter-spacing": 2,
    }),
    el("path", { d: "M80 124h260", stroke: C.orange, "stroke-width": 3 }),
    text("STIFFENER TO FLANGE  —  SCALE 1:2", { x: 80, y: 150, "font-size": 14, fill: C.mid, "font-family": MONO }),
    text("E70XX ELECTRODES", {
      x: 80,
      y: 640,
      "font-size": 14,
      "font-weight": "bold",
      fill: C.slate,
      "font-family": MONO,
    }),
    notes(80, 670, 380, 6, 16, C.mid, 19, 0.6),
    // Small weld symbol legend.
    rect(560, 620, 360, 300, { fill: C.paper, stroke: C.slate, "stroke-width": 1.2 }),
    text("SYMBOLS", { x: 580, y: 650, "font-size": 14, "font-weight": "bold", fill: C.slate, "letter-spacing": 1 }),
    el("path", {
      d: "M600 700h60M600 700l0-0M612 700v-16l16 16z",
      fill: "none",
      stroke: C.orange,
      "stroke-width": 1.6,
    }),
    text("Fillet, arrow side", { x: 690, y: 700, "font-size": 13, fill: C.steel, "dominant-baseline": "central" }),
    el("path", { d: "M600 760h60M612 760v16l16-16z", fill: "none", stroke: C.orange, "stroke-width": 1.6 }),
    text("Fillet, other side", { x: 690, y: 760, "font-size": 13, fill: C.steel, "dominant-baseline": "central" }),
    el("path", { d: "M600 820h60", fill: "none", stroke: C.slate, "stroke-width": 1.6 }),
    el("circle", { cx: 600, cy: 820, r: 7, fill: "none", stroke: C.slate, "stroke-width": 1.6 }),
    text("Weld all around", { x: 690, y: 820, "font-size": 13, fill: C.steel, "dominant-baseline": "central" }),
    el("path", { d: "M600 880h60l-8-8m8 8-8 8", fill: "none", stroke: C.slate, "stroke-width": 1.6 }),
    text("Field weld flag", { x: 690, y: 880, "font-size": 13, fill: C.steel, "dominant-baseline": "central" }),
  ];
  return svgDocument({
    width: W,
    height: H,
    title: "Weld detail drawing: stiffener-to-flange T-joint in section with fillet welds and weld symbols",
    defs: [hatchPattern("g9-hatch", C.mid, 6, 0.8)],
    body: parts,
  });
}

/** 10: structural plan view on a grid (paper tone). */
export function gallery10(): string {
  const W = 1200;
  const H = 800;
  const ink = PAPER;
  return svgDocument({
    width: W,
    height: H,
    title: "Structural framing plan on a column grid with grid bubbles, beam sizes, bracing and dimensions",
    body: [
      rect(0, 0, W, H, { fill: C.paper }),
      draftGrid(W, H, 20, C.pale, 0.2),
      framingPlan(30, 30, 1000, 740, ink, {
        cols: 6,
        rows: 4,
        dims: true,
        marks: true,
        braced: [2, 0],
        opening: [4, 2],
        spanLabel: (i) => (i === 3 ? "7500" : "9000"),
      }),
      el("g", { transform: "translate(1110 120)" }, [
        el("circle", { r: 40, fill: "none", stroke: C.slate, "stroke-width": 1.4 }),
        el("path", { d: "M0-52 14 10 0 0-14 10Z", fill: C.orange }),
        text("N", { x: 0, y: -62, "font-size": 18, "font-weight": "bold", fill: C.slate, "text-anchor": "middle" }),
      ]),
      text("LEVEL 2", {
        x: 1110,
        y: 640,
        "font-size": 20,
        "font-weight": "bold",
        fill: C.slate,
        "text-anchor": "middle",
        "letter-spacing": 2,
      }),
      text("FRAMING PLAN", {
        x: 1110,
        y: 666,
        "font-size": 13,
        fill: C.mid,
        "text-anchor": "middle",
        "letter-spacing": 1,
      }),
      el("path", { d: "M1060 680h100", stroke: C.orange, "stroke-width": 3 }),
    ],
  });
}

export const gallery: Record<string, () => string> = {
  "content/images/gallery/01.svg": gallery01,
  "content/images/gallery/02.svg": gallery02,
  "content/images/gallery/03.svg": gallery03,
  "content/images/gallery/04.svg": gallery04,
  "content/images/gallery/05.svg": gallery05,
  "content/images/gallery/06.svg": gallery06,
  "content/images/gallery/07.svg": gallery07,
  "content/images/gallery/08.svg": gallery08,
  "content/images/gallery/09.svg": gallery09,
  "content/images/gallery/10.svg": gallery10,
};
