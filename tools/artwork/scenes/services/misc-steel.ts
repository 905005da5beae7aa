import { draftGrid } from "../../lib/backdrop.ts";
import { studioLight } from "../../lib/presets.ts";
import { axonometric, deg, projectAll } from "../../lib/scene3d/camera.ts";
import { render } from "../../lib/scene3d/render.ts";
import { switchbackStair } from "../../lib/stairs.ts";
import { C, el, linearGradient, poly, rect, svgDocument } from "../../lib/svg.ts";
import { VIEW } from "./shared.ts";

/** Services "miscellaneous steel": switchback stair with guardrails and a caged access ladder. */
export function miscSteel(): string {
  const { width: W, height: H } = VIEW;
  const items = switchbackStair({
    frame: { color: "#6f819a" },
    tread: { color: "#c3ccd8" },
    rail: C.orange,
    ladder: true,
    flights: 3,
  });
  const camera = axonometric({
    azimuth: deg(-62),
    elevation: deg(27),
    scale: 74,
    cx: W * 0.5,
    cy: H * 0.5,
    origin: [1.6, 1.2, 3.4],
  });
  const model = render(items, {
    camera,
    lighting: studioLight(),
    edges: { color: C.ink, width: 0.6, opacity: 0.4 },
    viewport: VIEW,
    precision: 1,
  });
  const floor = projectAll(camera, [
    [-3, -1.5, 0],
    [6.5, -1.5, 0],
    [6.5, 4, 0],
    [-3, 4, 0],
  ]);
  return svgDocument({
    width: W,
    height: H,
    title: "Steel switchback stair with landings, guardrails and a caged access ladder",
    defs: [
      linearGradient("misc-bg", [
        { offset: 0, color: C.paper },
        { offset: 1, color: C.mist },
      ]),
    ],
    body: [
      rect(0, 0, W, H, { fill: "url(#misc-bg)" }),
      draftGrid(W, H, 20, C.pale, 0.22),
      el("path", { d: poly(floor), fill: C.pale, "fill-opacity": 0.35, stroke: C.pale }),
      model,
    ],
  });
}
