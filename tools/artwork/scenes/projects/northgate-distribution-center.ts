import { duskSky, skyline } from "../../lib/backdrop.ts";
import { duskLight, EDGE_DARK } from "../../lib/presets.ts";
import { perspective } from "../../lib/scene3d/camera.ts";
import { render } from "../../lib/scene3d/render.ts";
import { aabb, type Item, seg } from "../../lib/scene3d/solids.ts";
import type { V3 } from "../../lib/scene3d/vector.ts";
import { MAT, member } from "../../lib/steel.ts";
import { C, rect, svgDocument } from "../../lib/svg.ts";
import { VIEW } from "./shared.ts";

/** Northgate distribution center: receding portal frames with purlins, girts and roof bracing. */
export function northgateDistribution(): string {
  const { width: W, height: H } = VIEW;
  const eye: V3 = [-14, 6, 2.0];
  const camera = perspective({ eye, target: [40, 22, 9], focal: 620, cx: W * 0.5, cy: H * 0.55 });
  const horizon = camera.project([eye[0] + 3000, eye[1] + 1500, eye[2]]).y;
  const sky = duskSky("dc", W, H, horizon, W * 0.62, 0.75);
  const span = 40;
  const eave = 11;
  const ridge = 13.5;
  const frames = 11;
  const bay = 8;
  const items: Item[] = [];
  const lines: Item[] = [];
  const colS = { kind: "W", d: 0.6, bf: 0.25, tf: 0.02, tw: 0.012 } as const;
  const rafS = { kind: "W", d: 0.55, bf: 0.22, tf: 0.018, tw: 0.01 } as const;
  for (let f = 0; f < frames; f++) {
    const x = f * bay;
    const mat = f >= frames - 2 ? MAT.primer : { color: "#a9b5c6" };
    items.push(...member([x, 0, 0], [x, 0, eave], colS, mat, { up: [0, 1, 0] }));
    items.push(...member([x, span, 0], [x, span, eave], colS, mat, { up: [0, 1, 0] }));
    items.push(...member([x, colS.d / 2, eave + 0.3], [x, span / 2, ridge + 0.3], rafS, mat, { up: [0, -0.12, 1] }));
    items.push(
      ...member([x, span / 2, ridge + 0.3], [x, span - colS.d / 2, eave + 0.3], rafS, mat, { up: [0, 0.12, 1] }),
    );
  }
  const length = (frames - 1) * bay;
  const purlin = "#c3ccd8";
  for (let k = 0; k <= 8; k++) {
    const t = k / 8;
    for (const side of [0, 1]) {
      const y = side === 0 ? t * (span / 2) : span - t * (span / 2);
      const z = eave + 0.65 + t * (ridge - eave);
      lines.push(seg([0, y, z], [length, y, z], purlin, 0.12, { minPx: 0.7 }));
    }
  }
  for (const z of [3, 6, 9]) {
    for (const y of [-0.35, span + 0.35]) lines.push(seg([0, y, z], [length, y, z], purlin, 0.1, { minPx: 0.7 }));
  }
  // Roof and wall X-bracing in the end bays.
  for (const [x0, x1] of [
    [0, bay],
    [length - bay, length],
  ] as const) {
    for (const side of [0, 1]) {
      const ya = side === 0 ? 0 : span;
      const za = eave + 0.7;
      const zb = ridge + 0.7;
      lines.push(seg([x0, ya, za], [x1, span / 2, zb], C.orange, 0.06, { minPx: 0.8 }));
      lines.push(seg([x1, ya, za], [x0, span / 2, zb], C.orange, 0.06, { minPx: 0.8 }));
      lines.push(seg([x0, ya, 0.3], [x1, ya, eave - 0.3], C.orange, 0.06, { minPx: 0.8 }));
      lines.push(seg([x1, ya, 0.3], [x0, ya, eave - 0.3], C.orange, 0.06, { minPx: 0.8 }));
    }
  }
  items.push(aabb([-3, -3, -0.3], [length + 3, span + 3, 0], { color: "#5d6b80" }));
  const lighting = duskLight({ near: 20, far: 110, max: 0.5 });
  const model = render([...items, ...lines], {
    camera,
    lighting,
    edges: EDGE_DARK,
    viewport: VIEW,
    precision: 1,
    minWidth: 0.6,
  });
  return svgDocument({
    width: W,
    height: H,
    title: "Portal frames of a distribution warehouse receding in perspective, with purlins, girts and bracing",
    defs: [...sky.defs],
    body: [
      ...sky.body,
      skyline({ seed: 31, x0: 0, x1: W, base: horizon + 1, minH: 6, maxH: 40, minW: 40, maxW: 120, color: "#1b2535" }),
      rect(0, horizon, W, H - horizon, { fill: C.ink }),
      model,
    ],
  });
}
