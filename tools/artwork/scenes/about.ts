import { draftGrid, duskSky, skyline } from "../lib/backdrop.ts";
import { BLUEPRINT, PAPER } from "../lib/drafting.ts";
import { font } from "../lib/font.ts";
import { officeFrame } from "../lib/models.ts";
import { duskLight, EDGE_DARK, EDGE_SOFT, studioLight } from "../lib/presets.ts";
import { cup, hardHat, pencil, scaleRule, shadowRect } from "../lib/props.ts";
import { aabb, axonometric, deg, type Item, perspective, render, renderLines, type V3 } from "../lib/scene3d.ts";
import { framingPlan, shopDrawing } from "../lib/sheets.ts";
import { buildingFrame, MAT, member, SECTIONS, towerCrane, truss } from "../lib/steel.ts";
import { C, el, linearGradient, MONO, n, radialGradient, rect, svgDocument, text } from "../lib/svg.ts";
import { clip } from "../lib/ui.ts";

const BIM = {
  columnMat: { color: "#b9c4d3" },
  beamMat: { color: "#8796ab" },
  slabMat: { color: "#5b6b82", opacity: 0.6 },
};

/** A tablet lying on the table showing a small 3D model. */
function tablet(id: string, x: number, y: number, angle: number, w: number, h: number, content: string): string {
  return el("g", { transform: `translate(${x} ${y}) rotate(${angle})` }, [
    shadowRect(0, 0, w, h, 12, 0.5, 14),
    rect(0, 0, w, h, { rx: 14, fill: "#0a0f18", stroke: C.steel, "stroke-width": 1.5 }),
    rect(12, 12, w - 24, h - 24, { rx: 4, fill: "#18233a" }),
    el("g", { "clip-path": `url(#${id})` }, content),
  ]);
}

/** About "team": a project meeting seen from above: drawings, tablets, hard hats around the table. */
export function team(): string {
  const W = 1200;
  const H = 800;
  const tw = 300;
  const th = 200;
  const cam = axonometric({
    azimuth: deg(-50),
    elevation: deg(30),
    scale: 5.6,
    cx: tw / 2,
    cy: th / 2 + 4,
    origin: [11.25, 6.5, 9],
  });
  const model = render(officeFrame({ storeys: 5, slabs: 2, ...BIM }), {
    camera: cam,
    lighting: studioLight(),
    edges: { ...EDGE_SOFT, width: 0.4 },
    precision: 0,
    minWidth: 0.8,
  });
  const chairs: string[] = [];
  const chair = (cx: number, cy: number, angle: number) =>
    el("g", { transform: `translate(${cx} ${cy}) rotate(${angle})` }, [
      rect(-52, -40, 104, 80, { rx: 22, fill: "#000", "fill-opacity": 0.3, transform: "translate(4 8)" }),
      rect(-52, -40, 104, 80, { rx: 22, fill: C.navy, stroke: C.slate, "stroke-width": 2 }),
      rect(-48, -46, 96, 20, { rx: 10, fill: C.steel }),
    ]);
  for (const x of [300, 600, 900]) {
    chairs.push(chair(x, 86, 0));
    chairs.push(chair(x, 714, 180));
  }
  chairs.push(chair(64, 400, -90), chair(1136, 400, 90));
  const plan = { ...PAPER, paper: C.paper };
  const bp = { ...BLUEPRINT, paper: "#18233a" };
  return svgDocument({
    width: W,
    height: H,
    title:
      "Project team meeting seen from above: framing plan, tablets with the 3D model, hard hats and coffee around the table",
    defs: [
      radialGradient(
        "team-floor",
        [
          { offset: 0, color: C.slate },
          { offset: 1, color: C.ink },
        ],
        { cx: 0.5, cy: 0.5, r: 0.75 },
      ),
      clip("team-t1", { x: 12, y: 12, w: tw - 24, h: th - 24 }, 4),
      clip("team-t2", { x: 12, y: 12, w: 276, h: 176 }, 4),
    ],
    body: [
      rect(0, 0, W, H, { fill: "url(#team-floor)" }),
      ...chairs,
      shadowRect(130, 150, 940, 500, 20, 0.6, 26),
      rect(130, 150, 940, 500, { rx: 26, fill: "#2b384c", stroke: C.steel, "stroke-width": 2 }),
      el("g", { transform: "translate(380 215) rotate(-3)" }, [
        shadowRect(0, 0, 460, 330, 10, 0.45),
        rect(0, 0, 460, 330, { fill: plan.paper }),
        framingPlan(10, 10, 440, 310, plan, { cols: 4, rows: 3, braced: [1, 1], marks: false, lineScale: 0.8 }),
      ]),
      tablet("team-t1", 170, 420, -12, tw, th, model),
      tablet(
        "team-t2",
        760,
        190,
        9,
        300,
        200,
        framingPlan(16, 14, 268, 172, bp, { cols: 4, rows: 2, braced: [2, 0], lineScale: 0.6 }),
      ),
      el("g", { transform: "translate(860 430) rotate(6)" }, [
        shadowRect(0, 0, 170, 200, 8, 0.4),
        rect(0, 0, 170, 200, { fill: C.mist }),
        el("path", {
          d: "M20 30h110M20 50h90M20 70h120M20 90h70M20 130h100M20 150h80",
          stroke: C.mid,
          "stroke-width": 5,
          "stroke-opacity": 0.6,
        }),
      ]),
      pencil(840, 650, -30, 180),
      scaleRule(170, 250, 12, 260),
      cup(1020, 200, 34),
      cup(240, 650, 34),
      hardHat(180, 90, -20, 0.55),
      hardHat(1040, 720, 160, 0.55, C.mist),
      hardHat(600, 740, 175, 0.55),
    ],
  });
}

/** About "technology": model → drawings → CNC data, as three linked panels. */
export function technology(): string {
  const W = 1200;
  const H = 800;
  const pw = 330;
  const ph = 420;
  const px = [45, 435, 825];
  const py = 215;
  const cam = axonometric({
    azimuth: deg(-52),
    elevation: deg(28),
    scale: 8.6,
    cx: px[0]! + pw / 2,
    cy: py + ph / 2 + 10,
    origin: [11.25, 6.5, 9.5],
  });
  const model = render(officeFrame({ storeys: 5, slabs: 1, topping: true, ...BIM }), {
    camera: cam,
    lighting: studioLight(),
    edges: { ...EDGE_SOFT, width: 0.45 },
    viewport: { width: W, height: H },
    precision: 0,
    minWidth: 0.8,
  });
  // A single beam prepared for the beam line: holes marked on the web, cut to length.
  const beamCam = perspective({
    eye: [2.9, -3.3, 1.7],
    target: [1.2, 0, -0.05],
    focal: 420,
    cx: px[2]! + pw / 2,
    cy: py + 118,
  });
  const beamItems: Item[] = member([0, 0, 0], [2.4, 0, 0], SECTIONS.girder, { color: "#a9b5c6" });
  const beamRender = render(beamItems, { camera: beamCam, lighting: studioLight(), edges: EDGE_SOFT, precision: 1 });
  let holes = "";
  for (const x of [0.12, 0.22, 2.18, 2.28]) {
    for (const z of [-0.15, 0, 0.15]) {
      const c = beamCam.project([x, -SECTIONS.girder.tw / 2 - 0.001, z]);
      holes += `M${n(c.x - 3.5)} ${n(c.y)}a3.5 4 0 1 0 7 0a3.5 4 0 1 0-7 0z`;
    }
  }
  const panel = (x: number, title: string, step: string, body: string[]) => [
    rect(x + 6, py + 10, pw, ph, { rx: 10, fill: "#000", "fill-opacity": 0.3 }),
    rect(x, py, pw, ph, { rx: 10, fill: C.navy, stroke: C.steel, "stroke-width": 1.2 }),
    text(step, {
      x: x + 24,
      y: py + ph - 62,
      "font-size": 13,
      "font-weight": "bold",
      fill: C.amber,
      "letter-spacing": 2,
    }),
    text(title, { x: x + 24, y: py + ph - 34, "font-size": 22, "font-weight": "bold", fill: C.mist }),
    ...body,
  ];
  const arrow = (x: number) =>
    el("path", {
      d: `M${x} ${py + ph / 2 - 40}h36m-10-9 10 9-10 9`,
      stroke: C.orange,
      "stroke-width": 3,
      fill: "none",
      "stroke-linecap": "round",
      "stroke-linejoin": "round",
    });
  const nc = [
    "ST  W24X76",
    "  3600.00  603.00",
    "BO",
    "  v  120.0  150.0  22",
    "  v  220.0  150.0  22",
    "  v 3380.0  150.0  22",
    "EN",
  ];
  const headline = font("sans-bold");
  return svgDocument({
    width: W,
    height: H,
    title: "From 3D model to shop drawings to CNC data for the fabrication shop",
    defs: [
      radialGradient(
        "tech-bg",
        [
          { offset: 0, color: C.slate },
          { offset: 1, color: C.ink },
        ],
        { cx: 0.5, cy: 0.45, r: 0.8 },
      ),
      clip("tech-p1", { x: px[0]!, y: py, w: pw, h: ph - 90 }),
      clip("tech-p3", { x: px[2]!, y: py, w: pw, h: ph - 90 }),
    ],
    body: [
      rect(0, 0, W, H, { fill: "url(#tech-bg)" }),
      draftGrid(W, H, 25, C.pale, 0.05),
      el("path", {
        d: headline.path("MODEL  >  DRAWINGS  >  FABRICATION", 45, 160, 26, 2, 1),
        fill: C.pale,
        "fill-opacity": 0.35,
      }),
      ...panel(px[0]!, "3D model", "01  TEKLA / SDS2", [el("g", { "clip-path": "url(#tech-p1)" }, model)]),
      ...panel(px[1]!, "Shop drawings", "02  ERECTION + DETAILS", [
        shopDrawing(px[1]! + 20, py + 30, pw - 40, 240, PAPER, {
          seed: 8,
          project: "HARBOR POINT",
          drawing: "B-214",
          number: "E-2140",
          mark: "B-214",
          bom: false,
        }),
      ]),
      ...panel(px[2]!, "CNC data", "03  NC1 / IFC / DXF", [
        el("g", { "clip-path": "url(#tech-p3)" }, beamRender),
        el("path", { d: holes, fill: C.ink, stroke: C.amber, "stroke-width": 1 }),
        rect(px[2]! + 20, py + 236, pw - 40, 92, { rx: 4, fill: C.ink }),
        ...nc.slice(0, 6).map((line, i) =>
          text(line, {
            x: px[2]! + 32,
            y: py + 254 + i * 13,
            "font-size": 10.5,
            fill: i === 0 ? C.amber : C.pale,
            "font-family": MONO,
            "xml:space": "preserve",
          }),
        ),
      ]),
      arrow(px[0]! + pw + 12),
      arrow(px[1]! + pw + 12),
    ],
  });
}

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

/** Social sharing card. */
export function ogImage(): string {
  const W = 1200;
  const H = 630;
  const bold = font("sans-bold");
  const regular = font("sans");
  const cam = axonometric({
    azimuth: deg(-54),
    elevation: deg(27),
    scale: 15,
    cx: 900,
    cy: 330,
    origin: [11.25, 6.5, 10],
  });
  const model = render(officeFrame({ storeys: 6, slabs: 1, topping: true, ...BIM }), {
    camera: cam,
    lighting: studioLight(),
    edges: { ...EDGE_SOFT, width: 0.5 },
    viewport: { width: W, height: H },
    precision: 0,
    minWidth: 0.8,
  });
  const name = "NORTHBEAM";
  const size = 92;
  const spacing = 6;
  return svgDocument({
    width: W,
    height: H,
    title: "Northbeam — Structural Steel Detailing",
    defs: [
      radialGradient(
        "og-bg",
        [
          { offset: 0, color: "#1f2b3e" },
          { offset: 1, color: C.ink },
        ],
        { cx: 0.7, cy: 0.5, r: 0.8 },
      ),
      linearGradient(
        "og-fade",
        [
          { offset: 0, color: C.ink, opacity: 0.9 },
          { offset: 0.45, color: C.ink, opacity: 0.55 },
          { offset: 0.6, color: C.ink, opacity: 0 },
        ],
        { x2: 1, y2: 0 },
      ),
    ],
    body: [
      rect(0, 0, W, H, { fill: "url(#og-bg)" }),
      draftGrid(W, H, 30, C.pale, 0.06),
      model,
      rect(0, 0, W, H, { fill: "url(#og-fade)" }),
      el("path", { d: "M80 176h64v15h-23.5v34H144v15H80v-15h23.5v-34H80Z", fill: C.orange }),
      el("path", { d: bold.path(name, 76, 350, size, spacing, 1), fill: C.mist }),
      rect(80, 382, 120, 6, { fill: C.orange }),
      el("path", { d: regular.path("Structural Steel Detailing", 80, 446, 38, 0.5, 1), fill: C.pale }),
      text("3D modeling  ·  Shop drawings  ·  Connection design", {
        x: 80,
        y: 500,
        "font-size": 21,
        fill: C.pale,
        "fill-opacity": 0.7,
        "xml:space": "preserve",
      }),
    ],
  });
}

export const about: Record<string, () => string> = {
  "content/images/about/team.svg": team,
  "content/images/about/technology.svg": technology,
  "content/images/about/vision.svg": vision,
  "content/images/og/og-image.svg": ogImage,
};

export { C as palette, duskSky, EDGE_DARK, skyline };
