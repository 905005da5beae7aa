/** Gallery close-ups of steel details: 01 beam splice, 05 stair, 07 column base plate. */
import { BLUEPRINT, dimension, type Ink, leader } from "../../lib/drafting.ts";
import { EDGE_DARK, EDGE_SOFT, studioLight } from "../../lib/presets.ts";
import { axonometric, deg, perspective } from "../../lib/scene3d/camera.ts";
import { render } from "../../lib/scene3d/render.ts";
import { aabb, type Item, type Material } from "../../lib/scene3d/solids.ts";
import type { V3 } from "../../lib/scene3d/vector.ts";
import { switchbackStair } from "../../lib/stairs.ts";
import { bolt, MAT, member, plate } from "../../lib/steel.ts";
import { C, svgDocument } from "../../lib/svg.ts";
import { studioBackground } from "./studio.ts";

const BOLT: Material = { color: "#d5dce5" };

/** 01: bolted beam splice close-up. */
export function gallery01(): string {
  const W = 1200;
  const H = 800;
  const beam = { kind: "W", d: 0.6, bf: 0.25, tf: 0.025, tw: 0.014 } as const;
  const steel = { color: "#9aa7b9" };
  const items: Item[] = [
    ...member([-2.6, 0, 0], [-0.006, 0, 0], beam, steel),
    ...member([0.006, 0, 0], [2.6, 0, 0], beam, steel),
  ];
  const pl = MAT.primer;
  const top = beam.d / 2;
  items.push(aabb([-0.36, -beam.bf / 2, top], [0.36, beam.bf / 2, top + 0.02], pl));
  items.push(aabb([-0.36, -beam.bf / 2, -top - 0.02], [0.36, beam.bf / 2, -top], pl));
  items.push(plate([-0.26, -beam.tw / 2, -0.2], [0.52, 0, 0], [0, 0, 0.4], 0.014, pl));
  items.push(plate([-0.26, beam.tw / 2 + 0.014, -0.2], [0.52, 0, 0], [0, 0, 0.4], 0.014, pl));
  for (const x of [-0.3, -0.2, -0.1, 0.1, 0.2, 0.3]) {
    for (const y of [-0.075, 0.075]) items.push(...bolt([x, y, top + 0.02], [0, 0, 1], 0.022, BOLT));
  }
  for (const x of [-0.2, -0.1, 0.1, 0.2]) {
    for (const z of [-0.14, -0.047, 0.047, 0.14])
      items.push(...bolt([x, -beam.tw / 2 - 0.014, z], [0, -1, 0], 0.022, BOLT));
  }
  const camera = perspective({
    eye: [1.25, -1.75, 0.95],
    target: [0.05, 0, -0.02],
    focal: 1350,
    cx: W * 0.5,
    cy: H * 0.5,
  });
  const bg = studioBackground("g1", W, H);
  const model = render(items, {
    camera,
    lighting: studioLight(),
    edges: EDGE_SOFT,
    viewport: { width: W, height: H },
    precision: 1,
  });
  return svgDocument({
    width: W,
    height: H,
    title: "Close-up of a bolted beam splice with flange and web splice plates",
    defs: bg.defs,
    body: [...bg.body, model],
  });
}

/** 05: stair detail in portrait. */
export function gallery05(): string {
  const W = 800;
  const H = 1200;
  const items = switchbackStair({
    frame: { color: "#8796ab" },
    tread: { color: "#c3ccd8" },
    rail: C.orange,
    flights: 4,
    railWidth: 0.05,
  });
  const camera = axonometric({
    azimuth: deg(-60),
    elevation: deg(22),
    scale: 78,
    cx: W * 0.5,
    cy: H * 0.5,
    origin: [1.6, 1.2, 4],
  });
  const model = render(items, {
    camera,
    lighting: studioLight(),
    edges: EDGE_DARK,
    viewport: { width: W, height: H },
    precision: 1,
  });
  const bg = studioBackground("g5", W, H);
  return svgDocument({
    width: W,
    height: H,
    title: "Four-flight steel switchback stair with channel stringers, landings and guardrails",
    defs: bg.defs,
    body: [...bg.body, model],
  });
}

/** 07: column base plate with anchor rods on a grouted concrete pier. */
export function gallery07(): string {
  const W = 1200;
  const H = 800;
  const items: Item[] = [];
  const concrete = { color: "#8e9bb0" };
  items.push(aabb([-0.5, -0.5, -1.2], [0.5, 0.5, 0], concrete));
  items.push(aabb([-0.36, -0.36, 0], [0.36, 0.36, 0.04], { color: "#b4bfcd" }));
  items.push(aabb([-0.3, -0.3, 0.04], [0.3, 0.3, 0.085], MAT.primer));
  const col = { kind: "W", d: 0.36, bf: 0.37, tf: 0.03, tw: 0.018 } as const;
  items.push(...member([0, 0, 0.085], [0, 0, 1.6], col, { color: "#a9b5c6" }, { up: [1, 0, 0] }));
  for (const x of [-0.23, 0.23]) {
    for (const y of [-0.23, 0.23]) {
      items.push(...member([x, y, 0.085], [x, y, 0.2], { kind: "pipe", r: 0.014, sides: 10 }, { color: "#c3ccd8" }));
      items.push(aabb([x - 0.04, y - 0.04, 0.085], [x + 0.04, y + 0.04, 0.1], { color: "#c3ccd8" }));
      items.push(...bolt([x, y, 0.1], [0, 0, 1], 0.028, BOLT));
    }
  }
  const camera = perspective({ eye: [1.9, -2.3, 1.35], target: [0, 0, 0.12], focal: 1150, cx: W * 0.5, cy: H * 0.56 });
  const model = render(items, {
    camera,
    lighting: studioLight(),
    edges: EDGE_SOFT,
    viewport: { width: W, height: H },
    precision: 1,
  });
  const bg = studioBackground("g7", W, H);
  const ink: Ink = { ...BLUEPRINT, thin: C.amber };
  const sp = (p: V3) => {
    const q = camera.project(p);
    return [q.x, q.y] as const;
  };
  return svgDocument({
    width: W,
    height: H,
    title: "Steel column base plate with four anchor rods, nuts and washers on a grouted concrete pier",
    defs: bg.defs,
    body: [
      ...bg.body,
      model,
      dimension(sp([-0.3, -0.3, 0.085]), sp([0.3, -0.3, 0.085]), 34, "600", ink, 13, 1),
      leader([250, 170], sp([-0.23, -0.23, 0.16]), "4-M24 ANCHOR RODS", { ...ink, thin: C.pale }, 13),
      leader([260, 650], sp([-0.34, -0.2, 0.02]), "50 GROUT", { ...ink, thin: C.pale }, 13),
      leader([960, 660], sp([0.29, 0.1, 0.06]), "PL 45 BASE PLATE", { ...ink, thin: C.pale }, 13),
    ],
  });
}
