import { draftGrid, skyline } from "../lib/backdrop.ts";
import { BLUEPRINT, notes, PAPER } from "../lib/drafting.ts";
import { framingPlan } from "../lib/framing-drawings.ts";
import { gridLines, momentConnection, officeFrame } from "../lib/models.ts";
import { EDGE_SOFT, studioLight } from "../lib/presets.ts";
import { cup, hardHat, pencil, scaleRule, shadowRect } from "../lib/props.ts";
import { axonometric, deg, perspective } from "../lib/scene3d/camera.ts";
import { render, renderLines } from "../lib/scene3d/render.ts";
import { shopDrawing } from "../lib/shop-drawing.ts";
import { C, el, linearGradient, radialGradient, rect, svgDocument } from "../lib/svg.ts";
import { appWindow, axisGizmo, clip, propsPanel, treePanel } from "../lib/ui.ts";

/** Home "innovation": a BIM model open in detailing software, with a connection close-up. */
export function innovation(): string {
  const W = 1200;
  const H = 900;
  const main = appWindow({ x: 56, y: 70, w: 900, h: 640 }, { title: "Model — Level 5 framing", toolbar: 9 });
  const tree = { x: main.content.x, y: main.content.y, w: 180, h: main.content.h };
  const view = { x: tree.x + tree.w, y: main.content.y, w: main.content.w - tree.w, h: main.content.h };
  const cam = axonometric({
    azimuth: deg(-58),
    elevation: deg(28),
    scale: 17,
    cx: view.x + view.w * 0.47,
    cy: view.y + view.h * 0.5,
    origin: [11.25, 6.5, 8],
  });
  const model = officeFrame({
    bays: 3,
    depthBays: 2,
    storeys: 5,
    slabs: 1,
    topping: true,
    columnMat: { color: "#b9c4d3" },
    beamMat: { color: "#8796ab" },
    slabMat: { color: "#5b6b82", opacity: 0.55 },
  });
  const grid = gridLines([0, 7.5, 15, 22.5], [0, 6.5, 13], C.mid, 4);
  const scene = render(model, {
    camera: cam,
    lighting: studioLight(),
    edges: EDGE_SOFT,
    viewport: { width: W, height: H },
  });
  const close = appWindow({ x: 700, y: 548, w: 440, h: 310 }, { title: "Connection MC-12 — 3D detail" });
  const cc = close.content;
  const ccam = perspective({
    eye: [3.3, -3.1, 1.6],
    target: [0.4, 0, -0.02],
    focal: 640,
    cx: cc.x + cc.w / 2,
    cy: cc.y + cc.h / 2,
  });
  const conn = render(momentConnection(), {
    camera: ccam,
    lighting: studioLight(),
    edges: EDGE_SOFT,
    viewport: { width: W, height: H },
  });
  const props = appWindow({ x: 860, y: 150, w: 290, h: 270 }, { title: "Properties" });
  return svgDocument({
    width: W,
    height: H,
    title: "3D steel model open in detailing software, with a connection close-up and member properties",
    defs: [
      linearGradient("inno-bg", [
        { offset: 0, color: C.navy },
        { offset: 1, color: C.ink },
      ]),
      linearGradient("inno-view", [
        { offset: 0, color: "#1a2536" },
        { offset: 1, color: "#0f1724" },
      ]),
      clip("inno-clip", view),
      clip("inno-close", cc),
    ],
    body: [
      rect(0, 0, W, H, { fill: "url(#inno-bg)" }),
      draftGrid(W, H, 24, C.steel, 0.18),
      main.markup,
      treePanel(tree, 4, 6),
      rect(view.x, view.y, view.w, view.h, { fill: "url(#inno-view)" }),
      el("g", { "clip-path": "url(#inno-clip)" }, [renderLines(grid, cam), scene]),
      axisGizmo(cam, [view.x + 40, view.y + view.h - 40]),
      props.markup,
      propsPanel(
        props.content,
        [
          ["Profile", "W14X90"],
          ["Material", "A992"],
          ["Length", "7 500"],
          ["Top of steel", "+19 000"],
          ["Phase", "3"],
          ["Status", "Approved"],
          ["Connection", "MC-12"],
        ],
        "COLUMN C-24",
      ),
      close.markup,
      rect(cc.x, cc.y, cc.w, cc.h, { fill: "url(#inno-view)" }),
      el("g", { "clip-path": "url(#inno-close)" }, conn),
    ],
  });
}

/** Home "quote": a shop drawing sheet with title block on the desk. */
export function quote(): string {
  const W = 1200;
  const H = 800;
  return svgDocument({
    width: W,
    height: H,
    title: "Shop drawing sheet for a steel beam with dimensions, bolt details, bill of materials and title block",
    defs: [
      radialGradient(
        "quote-desk",
        [
          { offset: 0, color: C.slate },
          { offset: 1, color: C.ink },
        ],
        { cx: 0.45, cy: 0.4, r: 0.8 },
      ),
    ],
    body: [
      rect(0, 0, W, H, { fill: "url(#quote-desk)" }),
      shadowRect(110, 60, 980, 680, 16, 0.5),
      shopDrawing(110, 60, 980, 680, PAPER, {
        seed: 21,
        project: "HARBOR POINT TOWER",
        drawing: "BEAM B-214  LEVEL 12",
        number: "E-2140",
        mark: "B-214",
        revision: true,
      }),
      pencil(960, 790, -32, 300),
      scaleRule(-30, 640, -8, 470),
    ],
  });
}

/** Home "contact": drawings, scale rule, pencil, tablet and hard hat on a desk, seen from above. */
export function contactCta(): string {
  const W = 1200;
  const H = 800;
  const blueprint = { ...BLUEPRINT, paper: "#1f2e45" };
  const tablet = { x: 0, y: 0, w: 330, h: 230 };
  const tcam = axonometric({
    azimuth: deg(-50),
    elevation: deg(30),
    scale: 6.2,
    cx: 165,
    cy: 122,
    origin: [11.25, 6.5, 9],
  });
  const model = render(
    officeFrame({
      storeys: 5,
      slabs: 2,
      columnMat: { color: "#b9c4d3" },
      beamMat: { color: "#8796ab" },
      slabMat: { color: "#5b6b82", opacity: 0.6 },
    }),
    {
      camera: tcam,
      lighting: studioLight(),
      edges: { ...EDGE_SOFT, width: 0.4 },
      precision: 0,
      minWidth: 0.8,
    },
  );
  return svgDocument({
    width: W,
    height: H,
    title: "Framing plan, shop drawing, scale rule, pencil, tablet with a 3D model and a hard hat on a desk",
    defs: [
      radialGradient(
        "cta-desk",
        [
          { offset: 0, color: C.slate },
          { offset: 1, color: C.ink },
        ],
        { cx: 0.5, cy: 0.45, r: 0.75 },
      ),
      clip("cta-tablet", { x: 14, y: 14, w: tablet.w - 28, h: tablet.h - 28 }, 4),
    ],
    body: [
      rect(0, 0, W, H, { fill: "url(#cta-desk)" }),
      el("g", { transform: "translate(70 40) rotate(-4)" }, [
        shadowRect(0, 0, 780, 540, 16, 0.5),
        rect(0, 0, 780, 540, { fill: blueprint.paper }),
        draftGrid(780, 540, 20, C.pale, 0.07),
        framingPlan(20, 20, 740, 500, blueprint, {
          cols: 5,
          rows: 3,
          dims: true,
          marks: true,
          braced: [1, 0],
          opening: [3, 1],
        }),
      ]),
      el("g", { transform: "translate(660 300) rotate(7)" }, [
        shadowRect(0, 0, 500, 340, 14, 0.5),
        shopDrawing(0, 0, 500, 340, PAPER, {
          seed: 4,
          project: "NORTHGATE DC",
          drawing: "RAFTER R-07",
          number: "E-0307",
          mark: "R-07",
          bom: false,
        }),
      ]),
      el("g", { transform: "translate(90 520) rotate(-9)" }, [
        shadowRect(0, 0, tablet.w, tablet.h, 14, 0.55, 16),
        rect(0, 0, tablet.w, tablet.h, { rx: 16, fill: "#0a0f18", stroke: C.steel, "stroke-width": 1.5 }),
        rect(14, 14, tablet.w - 28, tablet.h - 28, { rx: 4, fill: "#18233a" }),
        el("g", { "clip-path": "url(#cta-tablet)" }, model),
      ]),
      scaleRule(420, 610, -14, 520),
      pencil(560, 560, 24, 280),
      cup(1080, 170, 50),
      hardHat(1130, 700, -20, 0.9),
    ],
  });
}

/** Home "career": a detailer's dual-monitor workstation by a window at dusk. */
export function career(): string {
  const W = 1200;
  const H = 800;
  const left = { x: 150, y: 150, w: 440, h: 270 };
  const right = { x: 612, y: 150, w: 440, h: 270 };
  const lcam = axonometric({
    azimuth: deg(-55),
    elevation: deg(26),
    scale: 8.6,
    cx: left.x + left.w / 2,
    cy: left.y + left.h / 2 + 10,
    origin: [11.25, 6.5, 9.5],
  });
  const model = render(
    officeFrame({
      storeys: 5,
      slabs: 1,
      topping: true,
      columnMat: { color: "#b9c4d3" },
      beamMat: { color: "#8796ab" },
      slabMat: { color: "#5b6b82", opacity: 0.6 },
    }),
    {
      camera: lcam,
      lighting: studioLight(),
      edges: { ...EDGE_SOFT, width: 0.45 },
      viewport: { width: W, height: H },
      precision: 0,
      minWidth: 0.8,
    },
  );
  const deskY = 560;
  const windowBox = { x: 0, y: 0, w: W, h: 470 };
  const blueprint = { ...BLUEPRINT, paper: "#18233a" };
  let keys = "";
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 15; c++) keys += `M${466 + c * 18 + (r % 2) * 4} ${622 + r * 13}h14v9h-14z`;
  return svgDocument({
    width: W,
    height: H,
    title: "Steel detailer's workstation with a 3D model and a framing plan on two monitors, city at dusk outside",
    defs: [
      linearGradient("car-sky", [
        { offset: 0, color: C.ink },
        { offset: 0.6, color: "#243248" },
        { offset: 1, color: "#5a4a4a" },
      ]),
      linearGradient("car-desk", [
        { offset: 0, color: "#2a374b" },
        { offset: 1, color: "#131c2a" },
      ]),
      linearGradient("car-glow", [
        { offset: 0, color: C.pale, opacity: 0.22 },
        { offset: 1, color: C.pale, opacity: 0 },
      ]),
      radialGradient(
        "car-lamp",
        [
          { offset: 0, color: C.amber, opacity: 0.22 },
          { offset: 1, color: C.amber, opacity: 0 },
        ],
        { cx: 0.5, cy: 0.5, r: 0.5 },
      ),
      clip("car-left", left),
      clip("car-right", right),
      clip("car-window", windowBox),
    ],
    body: [
      rect(0, 0, W, H, { fill: C.navy }),
      rect(windowBox.x, windowBox.y, windowBox.w, windowBox.h, { fill: "url(#car-sky)" }),
      el("g", { "clip-path": "url(#car-window)" }, [
        skyline({
          seed: 5,
          x0: 0,
          x1: W,
          base: 470,
          minH: 40,
          maxH: 230,
          minW: 40,
          maxW: 110,
          color: "#1c2738",
          windows: { color: C.amber, chance: 0.09, opacity: 0.5 },
        }),
        skyline({
          seed: 9,
          x0: 0,
          x1: W,
          base: 472,
          minH: 20,
          maxH: 110,
          minW: 50,
          maxW: 120,
          color: "#141d2b",
          windows: { color: C.mist, chance: 0.05, opacity: 0.35 },
        }),
      ]),
      el("path", { d: "M0 0H1200V20H0ZM0 462H1200V476H0ZM392 0h14v470h-14ZM794 0h14v470h-14Z", fill: "#0e1520" }),
      rect(0, 476, W, deskY - 476, { fill: C.ink }),
      el("path", { d: `M0 ${deskY}H${W}V${H}H0Z`, fill: "url(#car-desk)" }),
      rect(0, deskY, W, 4, { fill: C.mid, "fill-opacity": 0.5 }),
      // Monitors.
      el("path", { d: "M354 420h32l10 140h-52ZM816 420h32l10 140h-52Z", fill: "#0a0f18" }),
      el("path", { d: "M300 556h140v10H300ZM762 556h140v10H762Z", fill: "#0a0f18" }),
      rect(left.x - 10, left.y - 10, left.w + 20, left.h + 20, { rx: 8, fill: "#070b12" }),
      rect(right.x - 10, right.y - 10, right.w + 20, right.h + 20, { rx: 8, fill: "#070b12" }),
      rect(left.x, left.y, left.w, left.h, { fill: "#18233a" }),
      el("g", { "clip-path": "url(#car-left)" }, [
        model,
        rect(left.x, left.y, left.w, 18, { fill: C.ink }),
        rect(left.x + 8, left.y + 5, 8, 8, { fill: C.orange }),
      ]),
      rect(right.x, right.y, right.w, right.h, { fill: blueprint.paper }),
      el("g", { "clip-path": "url(#car-right)" }, [
        framingPlan(right.x + 10, right.y + 24, right.w - 20, right.h - 30, blueprint, {
          cols: 5,
          rows: 3,
          braced: [2, 1],
          lineScale: 0.8,
        }),
        rect(right.x, right.y, right.w, 18, { fill: C.ink }),
        rect(right.x + 8, right.y + 5, 8, 8, { fill: C.orange }),
      ]),
      el("path", { d: `M${left.x} ${left.y}h${left.w}v${left.h}H${left.x}Z`, fill: "url(#car-glow)" }),
      // Keyboard, mouse, notepad, mug, hard hat.
      el("path", { d: "M450 610h300l12 70H438Z", fill: "#0d141f" }),
      el("path", { d: keys, fill: C.steel }),
      el("path", { d: "M800 640c0-14 30-14 30 0v22c0 14-30 14-30 0Z", fill: "#0d141f" }),
      el("g", { transform: "translate(140 610) rotate(-6)" }, [
        rect(0, 0, 200, 130, { fill: C.mist }),
        notes(16, 22, 160, 6, 14, C.mid, 3, 0.7),
        el("path", { d: "M30 110h120M60 60l60 30", stroke: C.orange, "stroke-width": 2 }),
      ]),
      pencil(190, 760, -12, 170),
      el("path", { d: "M930 600h64v70c0 10-8 16-18 16h-28c-10 0-18-6-18-16Z", fill: C.mist }),
      el("path", { d: "M994 616c22 0 22 40 0 40", stroke: C.mist, "stroke-width": 7, fill: "none" }),
      el("ellipse", { cx: 1060, cy: 660, rx: 230, ry: 70, fill: "url(#car-lamp)" }),
      el("path", { d: "M1032 646c0-58 36-88 82-88 44 0 76 30 78 80l24 10H1032Z", fill: C.orange }),
      el("path", { d: "M1098 560c6-1 14-1 22 0 4 28 4 58 2 86h-26c-2-28-2-58 2-86Z", fill: C.amber }),
      el("path", { d: "M1022 646h196l-4 12H1026Z", fill: "#c95416" }),
      el("path", {
        d: "M1048 606c6-18 18-30 34-36",
        stroke: "#fff",
        "stroke-opacity": 0.35,
        "stroke-width": 4,
        fill: "none",
        "stroke-linecap": "round",
      }),
    ],
  });
}

export const home: Record<string, () => string> = {
  "content/images/home/innovation.svg": innovation,
  "content/images/home/quote.svg": quote,
  "content/images/home/contact-cta.svg": contactCta,
  "content/images/home/career.svg": career,
};
