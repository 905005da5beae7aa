import { type Ink, PAPER } from "../../lib/drafting.ts";
import { frameElevation, framingPlan } from "../../lib/framing-drawings.ts";
import { shadowRect } from "../../lib/props.ts";
import { shopDrawing } from "../../lib/shop-drawing.ts";
import { C, el, n, radialGradient, rect, svgDocument, text } from "../../lib/svg.ts";
import { VIEW } from "./shared.ts";

/** An "approved" rubber stamp. */
export function stamp(x: number, y: number, angle: number, lines: readonly string[], color: string = C.orange): string {
  const w = 300;
  const h = 38 + lines.length * 26;
  return el("g", { transform: `translate(${x} ${y}) rotate(${angle})`, opacity: 0.88 }, [
    rect(-w / 2, -h / 2, w, h, { rx: 8, fill: "none", stroke: color, "stroke-width": 4 }),
    rect(-w / 2 + 7, -h / 2 + 7, w - 14, h - 14, { rx: 4, fill: "none", stroke: color, "stroke-width": 1.5 }),
    ...lines.map((line, i) =>
      text(line, {
        x: 0,
        y: n(-h / 2 + 32 + i * 26),
        "font-size": i === 0 ? 21 : 14,
        "font-weight": "bold",
        fill: color,
        "text-anchor": "middle",
        "letter-spacing": 2,
      }),
    ),
  ]);
}

/** Services "shop drawings": a fanned drawing set topped by an approved beam shop drawing. */
export function shopDrawings(): string {
  const { width: W, height: H } = VIEW;
  const ink: Ink = PAPER;
  const back = { ...PAPER, paper: "#e9edf2" };
  return svgDocument({
    width: W,
    height: H,
    title: "Set of steel shop drawings: framing plan, frame elevation and an approved beam detail sheet",
    defs: [
      radialGradient(
        "sh-bg",
        [
          { offset: 0, color: C.slate },
          { offset: 1, color: C.ink },
        ],
        { cx: 0.5, cy: 0.45, r: 0.8 },
      ),
    ],
    body: [
      rect(0, 0, W, H, { fill: "url(#sh-bg)" }),
      el("g", { transform: "translate(90 70) rotate(-7)" }, [
        shadowRect(0, 0, 700, 480, 14, 0.45),
        rect(0, 0, 700, 480, { fill: back.paper }),
        framingPlan(20, 20, 660, 440, back, { cols: 5, rows: 3, marks: true, braced: [2, 1], lineScale: 0.9 }),
      ]),
      el("g", { transform: "translate(470 40) rotate(5)" }, [
        shadowRect(0, 0, 640, 460, 14, 0.45),
        rect(0, 0, 640, 460, { fill: back.paper }),
        frameElevation(20, 20, 600, 420, back, { bays: 4, storeys: 5, braced: 2 }),
      ]),
      el("g", { transform: "translate(230 250) rotate(-1.5)" }, [
        shadowRect(0, 0, 760, 500, 18, 0.55),
        shopDrawing(0, 0, 760, 500, ink, {
          seed: 12,
          project: "SUMMIT ARENA ROOF",
          drawing: "TRUSS T-04 TOP CHORD",
          number: "E-4012",
          mark: "T-04",
          revision: true,
        }),
        stamp(560, 250, -8, ["APPROVED", "FOR FABRICATION"]),
      ]),
    ],
  });
}
