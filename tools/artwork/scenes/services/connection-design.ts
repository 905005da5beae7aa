import { draftGrid } from "../../lib/backdrop.ts";
import { BLUEPRINT, dimension, type Ink, leader } from "../../lib/drafting.ts";
import { momentConnection } from "../../lib/models.ts";
import { EDGE_SOFT, studioLight } from "../../lib/presets.ts";
import { type Camera, perspective } from "../../lib/scene3d/camera.ts";
import { render } from "../../lib/scene3d/render.ts";
import { type Item, prism } from "../../lib/scene3d/solids.ts";
import { add, mulv, norm, type V3 } from "../../lib/scene3d/vector.ts";
import { bolt, MAT, member, SECTIONS } from "../../lib/steel.ts";
import { C, type Pt, radialGradient, rect, svgDocument } from "../../lib/svg.ts";
import { VIEW } from "./shared.ts";

function screen(camera: Camera, p: V3): Pt {
  const s = camera.project(p);
  return [s.x, s.y];
}

/** Services "connection design": braced moment connection close-up with dimensions. */
export function connectionDesign(): string {
  const { width: W, height: H } = VIEW;
  const col = SECTIONS.heavyColumn;
  const beam = SECTIONS.girder;
  const face = col.d / 2;
  const items: Item[] = momentConnection({
    beamLength: 2.6,
    columnMat: { color: "#aeb9c8" },
    beamMat: { color: "#8d9bb0" },
  });
  // Column gusset below the end plate, with an HSS brace lapped by a knife plate.
  const tg = 0.022;
  const gTop = -(beam.d + 0.2) / 2 - 0.02;
  const gusset: V3[] = [
    [face, -tg / 2, gTop],
    [face + 0.75, -tg / 2, gTop],
    [face + 0.75, -tg / 2, gTop - 0.2],
    [face + 0.2, -tg / 2, gTop - 0.8],
    [face, -tg / 2, gTop - 0.8],
  ];
  items.push(prism(gusset, [0, tg, 0], MAT.primer));
  const dir = norm([1, 0, -0.95]);
  const tk = 0.02;
  const kStart: V3 = [face + 0.3, -tg / 2 - tk, gTop - 0.3];
  const kEnd = add(kStart, mulv(dir, 0.62));
  const kw = 0.16;
  const side: V3 = norm([0.95, 0, 1]);
  const knife: V3[] = [
    add(kStart, mulv(side, kw / 2)),
    add(kEnd, mulv(side, kw / 2)),
    add(kEnd, mulv(side, -kw / 2)),
    add(kStart, mulv(side, -kw / 2)),
  ];
  items.push(prism(knife, [0, tk, 0], { color: "#c2ccd8" }));
  const braceStart = add(kEnd, [0, tk / 2, 0]);
  items.push(
    ...member(
      braceStart,
      add(braceStart, mulv(dir, 3.2)),
      { kind: "rect", h: 0.17, b: 0.17 },
      { color: "#8d9bb0" },
      { up: side },
    ),
  );
  for (const t of [0.08, 0.2]) {
    for (const o of [-0.04, 0.04])
      items.push(...bolt(add(kStart, add(mulv(dir, t), mulv(side, o))), [0, -1, 0], 0.026, { color: "#dbe1e9" }));
  }
  const camera = perspective({
    eye: [3.4, -3.3, 0.75],
    target: [0.75, 0, -0.55],
    focal: 1050,
    cx: W * 0.47,
    cy: H * 0.5,
  });
  const model = render(items, { camera, lighting: studioLight(), edges: EDGE_SOFT, viewport: VIEW, precision: 1 });
  const ink: Ink = { ...BLUEPRINT, thin: C.amber, text: C.mist };
  const beamTop: V3 = [face + 0.03, 0, beam.d / 2];
  const beamBot: V3 = [face + 0.03, 0, -beam.d / 2];
  const notes = [
    dimension(
      screen(camera, add(beamTop, [2.2, 0, 0])),
      screen(camera, add(beamBot, [2.2, 0, 0])),
      -40,
      "603",
      ink,
      13,
      1,
    ),
    dimension(
      screen(camera, [face, -tg / 2, gTop]),
      screen(camera, [face, -tg / 2, gTop - 0.8]),
      60,
      "800",
      ink,
      13,
      1,
    ),
    leader([980, 150], screen(camera, [face + 1.6, 0.05, beam.d / 2]), "W24X76", { ...ink, thin: C.pale }, 13),
    leader([1010, 600], screen(camera, add(braceStart, mulv(dir, 1.6))), "HSS6X6X3/8", { ...ink, thin: C.pale }, 13),
    leader(
      [230, 640],
      screen(camera, [face + 0.12, -tg / 2, gTop - 0.62]),
      "PL 7/8 GUSSET",
      { ...ink, thin: C.pale },
      13,
    ),
    leader([250, 130], screen(camera, [face + 0.05, -0.08, 0.33]), "8-A490 M24", { ...ink, thin: C.pale }, 13),
  ];
  return svgDocument({
    width: W,
    height: H,
    title: "Braced beam-to-column moment connection with end plate, stiffeners, gusset plate, brace and bolts",
    defs: [
      radialGradient(
        "cd-bg",
        [
          { offset: 0, color: C.slate },
          { offset: 1, color: C.ink },
        ],
        { cx: 0.55, cy: 0.45, r: 0.8 },
      ),
    ],
    body: [rect(0, 0, W, H, { fill: "url(#cd-bg)" }), draftGrid(W, H, 25, C.pale, 0.06), model, ...notes],
  });
}
