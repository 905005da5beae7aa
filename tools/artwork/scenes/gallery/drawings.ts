/** Gallery drawing sheets: 03 shop drawing, 09 weld detail, 10 framing plan. */

import { draftGrid } from "../../lib/backdrop.ts";
import { BLUEPRINT, dimension, hatchPattern, type Ink, notes, PAPER, weldSymbol } from "../../lib/drafting.ts";
import { framingPlan } from "../../lib/framing-drawings.ts";
import { shopDrawing } from "../../lib/shop-drawing.ts";
import { C, el, MONO, rect, svgDocument, text } from "../../lib/svg.ts";

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
