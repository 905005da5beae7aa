import { draftGrid } from "../../lib/backdrop.ts";
import { PAPER } from "../../lib/drafting.ts";
import { font } from "../../lib/font.ts";
import { officeFrame } from "../../lib/models.ts";
import { EDGE_SOFT, studioLight } from "../../lib/presets.ts";
import { axonometric, deg, perspective } from "../../lib/scene3d/camera.ts";
import { render } from "../../lib/scene3d/render.ts";
import type { Item } from "../../lib/scene3d/solids.ts";
import { shopDrawing } from "../../lib/shop-drawing.ts";
import { member, SECTIONS } from "../../lib/steel.ts";
import { C, el, MONO, n, radialGradient, rect, svgDocument, text } from "../../lib/svg.ts";
import { clip } from "../../lib/ui.ts";
import { BIM } from "./bim.ts";

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
