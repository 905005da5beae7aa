import { duskSky } from "../../lib/backdrop.ts";
import { duskLight, EDGE_DARK } from "../../lib/presets.ts";
import { perspective, projectAll } from "../../lib/scene3d/camera.ts";
import { render } from "../../lib/scene3d/render.ts";
import { aabb, type Item, seg } from "../../lib/scene3d/solids.ts";
import { add, type V3 } from "../../lib/scene3d/vector.ts";
import { MAT, member, type Section } from "../../lib/steel.ts";
import { C, el, poly, rect, svgDocument } from "../../lib/svg.ts";
import { VIEW } from "./shared.ts";

/** Summit Arena roof: long-span bowstring trusses over the seating bowl, seen from the arena floor. */
export function summitArena(): string {
  const { width: W, height: H } = VIEW;
  const eye: V3 = [-30, -6, 4];
  const camera = perspective({ eye, target: [40, 0, 17], focal: 560, cx: W * 0.5, cy: H * 0.56 });
  const horizon = camera.project([eye[0] + 3000, eye[1], eye[2]]).y;
  const sky = duskSky("sa", W, H, horizon, W * 0.5, 0.7);
  const items: Item[] = [];
  const lines: Item[] = [];
  const half = 44;
  const base = 18;
  const rise = 9;
  const panels = 16;
  const chord: Section = { kind: "rect", h: 0.6, b: 0.5 };
  const xsT = [0, 14, 28, 42, 56, 70];
  const topZ = (t: number) => base + 3 + rise * Math.sin(Math.PI * t);
  for (const [ti, x] of xsT.entries()) {
    const mat = ti === xsT.length - 1 ? MAT.primer : { color: "#a9b5c6" };
    const pt = (i: number, top: boolean): V3 => {
      const t = i / panels;
      return [x, -half + 2 * half * t, top ? topZ(t) : base];
    };
    for (let i = 0; i < panels; i++) {
      items.push(...member(pt(i, false), pt(i + 1, false), chord, mat, { up: [0, 0, 1] }));
      items.push(...member(pt(i, true), pt(i + 1, true), chord, mat, { up: [0, 0, 1] }));
    }
    for (let i = 1; i < panels; i++) {
      lines.push(seg(add(pt(i, false), [0, 0, 0.3]), add(pt(i, true), [0, 0, -0.3]), mat.color, 0.18, { minPx: 0.8 }));
      const j = i < panels / 2 ? i + 1 : i - 1;
      lines.push(seg(add(pt(i, false), [0, 0, 0.3]), add(pt(j, true), [0, 0, -0.3]), mat.color, 0.14, { minPx: 0.7 }));
    }
    // Support columns at both ends.
    for (const y of [-half, half])
      items.push(
        ...member(
          [x, y, 0],
          [x, y, base - 0.3],
          { kind: "rect", h: 1.2, b: 1.2 },
          { color: "#6f819a" },
          { up: [1, 0, 0] },
        ),
      );
  }
  // Purlins between trusses and roof panels on the far bays.
  for (let i = 0; i + 1 < xsT.length; i++) {
    for (let p = 0; p <= panels; p += 2) {
      const t = p / panels;
      const y = -half + 2 * half * t;
      lines.push(
        seg([xsT[i]! + 0.3, y, topZ(t) + 0.4], [xsT[i + 1]! - 0.3, y, topZ(t) + 0.4], "#c3ccd8", 0.12, { minPx: 0.7 }),
      );
    }
  }
  // Seating bowl: stepped tiers along both sides, the arena floor between.
  for (const side of [-1, 1]) {
    for (let k = 0; k < 7; k++) {
      const y0 = side * (16 + k * 3.2);
      const y1 = side * (16 + (k + 1) * 3.2);
      items.push(
        aabb([-8, Math.min(y0, y1), 0], [78, Math.max(y0, y1), 1.2 + k * 1.4], {
          color: k % 2 ? "#3a4a60" : "#34435a",
        }),
      );
    }
  }
  items.push(aabb([-8, -16, -0.2], [78, 16, 0], { color: "#2c3a50" }));
  items.push(aabb([30, -5, 12], [40, 5, 16], { color: C.ink }));
  const lighting = duskLight({ near: 30, far: 120, max: 0.35 });
  const model = render([...items, ...lines], {
    camera,
    lighting,
    edges: EDGE_DARK,
    viewport: VIEW,
    precision: 0,
    minWidth: 0.6,
  });
  const court = projectAll(camera, [
    [0, -12, 0.02],
    [70, -12, 0.02],
    [70, 12, 0.02],
    [0, 12, 0.02],
  ]);
  const screens = projectAll(camera, [
    [29.9, -4.6, 12.4],
    [29.9, 4.6, 12.4],
    [29.9, 4.6, 15.6],
    [29.9, -4.6, 15.6],
  ]);
  return svgDocument({
    width: W,
    height: H,
    title: "Long-span bowstring roof trusses being erected over an arena seating bowl at dusk",
    defs: [...sky.defs],
    body: [
      ...sky.body,
      rect(0, horizon, W, H - horizon, { fill: C.ink }),
      model,
      el("path", { d: poly(court), fill: "none", stroke: C.pale, "stroke-opacity": 0.4, "stroke-width": 1.2 }),
      el("path", { d: poly(screens), fill: C.amber, "fill-opacity": 0.55 }),
    ],
  });
}
