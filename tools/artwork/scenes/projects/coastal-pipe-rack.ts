import { duskSky } from "../../lib/backdrop.ts";
import { duskLight, EDGE_DARK } from "../../lib/presets.ts";
import { perspective } from "../../lib/scene3d/camera.ts";
import { render } from "../../lib/scene3d/render.ts";
import { aabb, type Item } from "../../lib/scene3d/solids.ts";
import type { V3 } from "../../lib/scene3d/vector.ts";
import { member } from "../../lib/steel.ts";
import { C, el, linearGradient, n, rect, rng, svgDocument } from "../../lib/svg.ts";
import { VIEW, water } from "./shared.ts";

/** Industrial silhouettes on the horizon: tanks, columns and a flare stack. */
function plantSilhouette(base: number, x0: number, x1: number, seed: number, color: string): string {
  const r = rng(seed);
  let d = "";
  let x = x0;
  while (x < x1) {
    const kind = r();
    if (kind < 0.4) {
      const w = 40 + r() * 50;
      const h = 22 + r() * 26;
      d += `M${n(x)} ${n(base)}V${n(base - h)}Q${n(x + w / 2)} ${n(base - h - 10)} ${n(x + w)} ${n(base - h)}V${n(base)}Z`;
      x += w + 6 + r() * 20;
    } else if (kind < 0.7) {
      const w = 8 + r() * 8;
      const h = 70 + r() * 80;
      d += `M${n(x)} ${n(base)}V${n(base - h)}h${n(w)}V${n(base)}Z`;
      d += `M${n(x - 4)} ${n(base - h * 0.4)}h${n(w + 8)}v3h${n(-w - 8)}z`;
      x += w + 14 + r() * 30;
    } else {
      const w = 30 + r() * 60;
      const h = 14 + r() * 20;
      d += `M${n(x)} ${n(base)}V${n(base - h)}h${n(w)}V${n(base)}Z`;
      x += w + r() * 25;
    }
  }
  return el("path", { d, fill: color });
}

/** Coastal pipe rack: multi-tier pipe rack bents with pipes, plant and sea at sunset. */
export function coastalPipeRack(): string {
  const { width: W, height: H } = VIEW;
  const eye: V3 = [-16, -9, 2.4];
  const camera = perspective({ eye, target: [30, 5, 6.5], focal: 760, cx: W * 0.5, cy: H * 0.52 });
  const horizon = camera.project([eye[0] + 3000, eye[1] + 1200, eye[2]]).y;
  const sky = duskSky("pr", W, H, horizon, W * 0.3, 0.85);
  const items: Item[] = [];
  const col = { kind: "W", d: 0.36, bf: 0.3, tf: 0.022, tw: 0.014 } as const;
  const beam = { kind: "W", d: 0.4, bf: 0.2, tf: 0.016, tw: 0.01 } as const;
  const bents = 12;
  const bay = 6;
  const width = 8;
  const tiers = [5, 9];
  const steel = { color: "#9aa7b9" };
  for (let b = 0; b < bents; b++) {
    const x = b * bay;
    for (const y of [0, width])
      items.push(...member([x, y, 0], [x, y, tiers[1]! + 0.2], col, steel, { up: [0, 1, 0] }));
    for (const z of tiers)
      items.push(
        ...member(
          [x, col.d / 2, z - beam.d / 2],
          [x, width - col.d / 2, z - beam.d / 2],
          beam,
          { color: "#8190a5" },
          { up: [0, 0, 1] },
        ),
      );
    const pier = { color: "#7d8ca1" };
    items.push(
      aabb([x - 0.5, -0.5, -0.4], [x + 0.5, 0.5, 0.15], pier),
      aabb([x - 0.5, width - 0.5, -0.4], [x + 0.5, width + 0.5, 0.15], pier),
    );
    if (b + 1 < bents && b % 2 === 0) {
      for (const y of [0, width]) {
        items.push(
          ...member(
            [x + col.bf / 2, y, tiers[1]! - 0.2],
            [x + bay - col.bf / 2, y, tiers[1]! - 0.2],
            { kind: "W", d: 0.3, bf: 0.15, tf: 0.012, tw: 0.008 },
            { color: "#8190a5" },
            { up: [0, 0, 1] },
          ),
        );
      }
    }
  }
  const pipes: [number, number, number, string][] = [
    [5, 1.0, 0.3, "#b4bfcd"],
    [5, 2.2, 0.45, "#6f819a"],
    [5, 3.7, 0.35, C.orange],
    [5, 5.1, 0.55, "#b4bfcd"],
    [5, 6.8, 0.3, "#8796ab"],
    [9, 1.3, 0.4, "#8796ab"],
    [9, 3.0, 0.3, "#b4bfcd"],
    [9, 4.6, 0.5, "#6f819a"],
  ];
  for (const [z, y, r, color] of pipes) {
    const zc = z + r + 0.02;
    items.push(...member([-3, y, zc], [(bents - 1) * bay + 3, y, zc], { kind: "pipe", r, sides: 12 }, { color }));
  }
  items.push(aabb([-3, 6.0, 9.02], [(bents - 1) * bay + 3, 7.4, 9.22], { color: "#c3ccd8" }));
  const lighting = duskLight({ near: 20, far: 90, max: 0.5 });
  lighting.lights[0] = { dir: [-0.6, 0.5, 0.3], color: C.amber, intensity: 0.45 };
  const model = render(items, { camera, lighting, edges: EDGE_DARK, viewport: VIEW, precision: 1, minWidth: 0.6 });
  const sea = water("pr-sea", horizon, W * 0.3, 9);
  const ground = camera.project([0, 40, 0]).y;
  return svgDocument({
    width: W,
    height: H,
    title: "Steel pipe rack with two tiers of pipes at a coastal plant at sunset",
    defs: [
      ...sky.defs,
      ...sea.defs,
      linearGradient("pr-ground", [
        { offset: 0, color: "#1b2535" },
        { offset: 1, color: C.ink },
      ]),
    ],
    body: [
      ...sky.body,
      ...sea.body,
      plantSilhouette(horizon + 1, W * 0.52, W + 40, 4, "#1a2433"),
      rect(W * 0.5, horizon, W * 0.5, 3, { fill: "#1a2433" }),
      el("path", {
        d: `M0 ${n(Math.min(ground, horizon + 30))}L${W} ${n(horizon + 2)}V${H}H0Z`,
        fill: "url(#pr-ground)",
      }),
      model,
    ],
  });
}
