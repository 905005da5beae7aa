import { BLUEPRINT, PAPER } from "../../lib/drafting.ts";
import { framingPlan } from "../../lib/framing-drawings.ts";
import { officeFrame } from "../../lib/models.ts";
import { EDGE_SOFT, studioLight } from "../../lib/presets.ts";
import { cup, hardHat, pencil, scaleRule, shadowRect } from "../../lib/props.ts";
import { axonometric, deg } from "../../lib/scene3d/camera.ts";
import { render } from "../../lib/scene3d/render.ts";
import { C, el, radialGradient, rect, svgDocument } from "../../lib/svg.ts";
import { clip } from "../../lib/ui.ts";
import { BIM } from "./bim.ts";

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
