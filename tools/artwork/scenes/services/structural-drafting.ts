import { draftGrid } from "../../lib/backdrop.ts";
import { BLUEPRINT, dimension, hatchPattern, type Ink, notes } from "../../lib/drafting.ts";
import { wSectionPath } from "../../lib/drafting-parts.ts";
import { frameElevation, framingPlan } from "../../lib/framing-drawings.ts";
import { C, el, rect, svgDocument, text } from "../../lib/svg.ts";
import { VIEW } from "./shared.ts";

/** Services "structural drafting": a blueprint with framing plan, braced elevation and a section. */
export function structuralDrafting(): string {
  const { width: W, height: H } = VIEW;
  const ink: Ink = { ...BLUEPRINT, paper: "#1b2940" };
  return svgDocument({
    width: W,
    height: H,
    title: "Blueprint with a structural framing plan, a braced frame elevation and a beam section",
    defs: [hatchPattern("sd-hatch", C.pale, 5, 0.7)],
    body: [
      rect(0, 0, W, H, { fill: ink.paper }),
      draftGrid(W, H, 20, C.pale, 0.07),
      rect(24, 24, W - 48, H - 48, { fill: "none", stroke: C.pale, "stroke-width": 1.2, "stroke-opacity": 0.7 }),
      framingPlan(40, 50, 640, 520, ink, {
        cols: 4,
        rows: 3,
        dims: true,
        marks: true,
        braced: [1, 0],
        opening: [3, 2],
        spanLabel: (i) => ["9000", "9000", "7500", "9000"][i]!,
      }),
      text("FRAMING PLAN — LEVEL 3", {
        x: 80,
        y: 612,
        "font-size": 15,
        "font-weight": "bold",
        fill: C.mist,
        "letter-spacing": 1,
      }),
      el("path", { d: "M80 620h260", stroke: C.amber, "stroke-width": 2 }),
      frameElevation(720, 40, 450, 430, ink, {
        bays: 3,
        storeys: 4,
        braced: 1,
        levels: ["+0.000", "+4.800", "+9.000", "+13.200", "+17.400"],
      }),
      text("ELEVATION — GRID 1", {
        x: 760,
        y: 500,
        "font-size": 15,
        "font-weight": "bold",
        fill: C.mist,
        "letter-spacing": 1,
      }),
      el("path", { d: "M760 508h200", stroke: C.amber, "stroke-width": 2 }),
      el("path", {
        d: wSectionPath(820, 640, 120, 70, 10, 7),
        fill: "url(#sd-hatch)",
        stroke: C.mist,
        "stroke-width": 1.3,
      }),
      dimension([785, 700], [855, 700], -16, "178", ink, 11),
      dimension([880, 580], [880, 700], 16, "457", ink, 11),
      text("SECTION 2", { x: 980, y: 620, "font-size": 15, "font-weight": "bold", fill: C.mist, "letter-spacing": 1 }),
      text("W18X35  A992", {
        x: 980,
        y: 645,
        "font-size": 12,
        fill: C.pale,
        "font-family": "DejaVu Sans Mono, monospace",
      }),
      notes(980, 675, 160, 4, 12, C.pale, 8, 0.45),
      // Set square resting on the sheet.
      el("path", {
        d: "M560 760 760 560V760Zm40-20h120V620Z",
        fill: C.mist,
        "fill-opacity": 0.12,
        stroke: C.mist,
        "stroke-opacity": 0.5,
        "stroke-width": 1.2,
        "fill-rule": "evenodd",
      }),
    ],
  });
}
