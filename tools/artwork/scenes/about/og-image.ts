import { draftGrid } from "../../lib/backdrop.ts";
import { font } from "../../lib/font.ts";
import { officeFrame } from "../../lib/models.ts";
import { EDGE_SOFT, studioLight } from "../../lib/presets.ts";
import { axonometric, deg } from "../../lib/scene3d/camera.ts";
import { render } from "../../lib/scene3d/render.ts";
import { C, el, linearGradient, radialGradient, rect, svgDocument, text } from "../../lib/svg.ts";
import { BIM } from "./bim.ts";

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
