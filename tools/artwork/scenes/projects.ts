import { duskSky, skyline } from "../lib/backdrop.ts";
import { duskLight, EDGE_DARK } from "../lib/presets.ts";
import {
  aabb,
  add,
  type Camera,
  deg,
  dot,
  type Item,
  len,
  mulv,
  perspective,
  prism,
  projectAll,
  render,
  renderLines,
  seg,
  type V3,
} from "../lib/scene3d.ts";
import { buildingFrame, MAT, member, SECTIONS, type Section, towerCrane, truss } from "../lib/steel.ts";
import { C, el, linearGradient, n, poly, rect, rng, svgDocument } from "../lib/svg.ts";

const VIEW = { width: 1200, height: 800 };

/** Water below the horizon: gradient, glow streaks and ripples. */
function water(id: string, top: number, glowX: number, seed: number): { defs: string[]; body: string[] } {
  const { width: W, height: H } = VIEW;
  const r = rng(seed);
  let ripples = "";
  let glints = "";
  for (let i = 0; i < 140; i++) {
    const y = top + 4 + r() ** 1.7 * (H - top);
    const w = 10 + r() * 60 * (0.4 + (y - top) / (H - top));
    const x = r() * W;
    const near = Math.abs(x - glowX) < 260 * (0.5 + r());
    if (near) glints += `M${n(x)} ${n(y)}h${n(w)}`;
    else ripples += `M${n(x)} ${n(y)}h${n(w)}`;
  }
  return {
    defs: [
      linearGradient(id, [
        { offset: 0, color: "#2a3850" },
        { offset: 0.3, color: C.navy },
        { offset: 1, color: C.ink },
      ]),
    ],
    body: [
      rect(0, top, W, H - top, { fill: `url(#${id})` }),
      el("path", { d: ripples, stroke: C.pale, "stroke-opacity": 0.12, "stroke-width": 1.2 }),
      el("path", { d: glints, stroke: C.amber, "stroke-opacity": 0.35, "stroke-width": 1.4 }),
    ],
  };
}

/** Riverside footbridge: a steel Warren truss pedestrian bridge over a river at dusk. */
export function riversideFootbridge(): string {
  const { width: W, height: H } = VIEW;
  const eye: V3 = [9, -42, 2.8];
  const camera = perspective({ eye, target: [26, 2, 6.2], focal: 1000, cx: W * 0.5, cy: H * 0.5 });
  const horizon = camera.project([eye[0] + 2000, eye[1] + 4000, eye[2]]).y;
  const sky = duskSky("fb", W, H, horizon, W * 0.72, 0.65);
  const deckZ = 6;
  const span = 52;
  const width = 4.2;
  const chord = { kind: "rect", h: 0.35, b: 0.35 } as const;
  const web = { kind: "rect", h: 0.22, b: 0.22 } as const;
  const steel = { color: "#a9b5c6" };
  const items: Item[] = [];
  for (const y of [0, width]) {
    items.push(
      ...truss({
        a: [0, y, deckZ],
        b: [span, y, deckZ],
        height: 4.2,
        panels: 13,
        chord,
        web,
        material: steel,
        pattern: "warren",
      }),
    );
  }
  // Floor beams, top struts and deck.
  for (let i = 0; i <= 13; i++) {
    const x = (span * i) / 13;
    items.push(
      ...member(
        [x, 0.2, deckZ - 0.25],
        [x, width - 0.2, deckZ - 0.25],
        { kind: "W", d: 0.45, bf: 0.2, tf: 0.02, tw: 0.012 },
        { color: "#8796ab" },
      ),
    );
    if (i > 0 && i < 13)
      items.push(...member([x, 0.2, deckZ + 4.2], [x, width - 0.2, deckZ + 4.2], web, steel, { up: [1, 0, 0] }));
  }
  items.push(aabb([-0.4, 0.2, deckZ - 0.02], [span + 0.4, width - 0.2, deckZ + 0.15], { color: "#5a6a80" }));
  // Embankments on both banks (sloped concrete faces running along the river).
  const bankMat = { color: "#3a485d" };
  const left: V3[] = [
    [-90, -38, -0.5],
    [5, -38, -0.5],
    [0.3, -38, deckZ - 0.45],
    [-90, -38, deckZ - 0.45],
  ];
  const right: V3[] = [
    [span - 5, -38, -0.5],
    [span + 90, -38, -0.5],
    [span + 90, -38, deckZ - 0.45],
    [span - 0.3, -38, deckZ - 0.45],
  ];
  items.push(prism(left, [0, 140, 0], bankMat), prism(right, [0, 140, 0], bankMat));
  // Promenade lamps along both banks.
  for (let y = -30; y < 90; y += 12) {
    for (const x of [-3, span + 3])
      items.push(seg([x, y, deckZ - 0.45], [x, y, deckZ + 3.5], "#7d8ca1", 0.1, { minPx: 0.8 }));
  }
  // Handrails.
  for (const y of [0.45, width - 0.45])
    items.push(seg([0, y, deckZ + 1.1], [span, y, deckZ + 1.1], C.orange, 0.06, { minPx: 1 }));
  // Deck lights: small glowing posts along the handrail line.
  const lights: Item[] = [];
  for (let i = 1; i < 13; i += 2) {
    const x = (span * i) / 13 + 2;
    lights.push(seg([x, 0.45, deckZ + 0.15], [x, 0.45, deckZ + 1.1], C.amber, 0.08, { minPx: 1.2 }));
  }
  const lighting = duskLight({ near: 30, far: 110, max: 0.45 });
  const model = render([...items, ...lights], { camera, lighting, edges: EDGE_DARK, viewport: VIEW, precision: 1 });
  const wat = water("fb-water", horizon, W * 0.72, 3);
  return svgDocument({
    width: W,
    height: H,
    title: "Steel Warren truss pedestrian bridge spanning a river at dusk, reflected in the water",
    defs: [...sky.defs, ...wat.defs],
    body: [
      ...sky.body,
      skyline({
        seed: 21,
        x0: 0,
        x1: W,
        base: horizon + 1,
        minH: 14,
        maxH: 110,
        minW: 24,
        maxW: 70,
        color: "#1f2a3b",
        windows: { color: C.amber, chance: 0.06, opacity: 0.5 },
        profile: (t) => 0.4 + 0.8 * Math.sin(t * Math.PI),
      }),
      ...wat.body,
      model,
    ],
  });
}

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

/** Glass curtain wall texture on the visible faces of a box: floor lines, mullions and a few lit windows. */
function curtainWall(
  camera: Camera,
  min: V3,
  max: V3,
  floor: number,
  mullion: number,
  seed: number,
  punched?: { inset: number; lit: number },
): string {
  const r = rng(seed);
  const faces: { o: V3; u: V3; v: V3; normal: V3 }[] = [
    { o: [min[0], min[1], min[2]], u: [max[0] - min[0], 0, 0], v: [0, 0, max[2] - min[2]], normal: [0, -1, 0] },
    { o: [max[0], min[1], min[2]], u: [0, max[1] - min[1], 0], v: [0, 0, max[2] - min[2]], normal: [1, 0, 0] },
    { o: [min[0], max[1], min[2]], u: [max[0] - min[0], 0, 0], v: [0, 0, max[2] - min[2]], normal: [0, 1, 0] },
    { o: [min[0], min[1], min[2]], u: [0, max[1] - min[1], 0], v: [0, 0, max[2] - min[2]], normal: [-1, 0, 0] },
  ];
  let lines = "";
  let lit = "";
  let glass = "";
  for (const f of faces) {
    const centre = add(f.o, add(mulv(f.u, 0.5), mulv(f.v, 0.5)));
    if (dot(f.normal, camera.toEye(centre)) <= 0) continue;
    const lu = len(f.u);
    const lv = len(f.v);
    const p = (a: number, b: number) => camera.project(add(f.o, add(mulv(f.u, a / lu), mulv(f.v, b / lv))));
    for (let z = floor; z < lv; z += floor) {
      const a = p(0, z);
      const b = p(lu, z);
      lines += `M${n(a.x)} ${n(a.y)}L${n(b.x)} ${n(b.y)}`;
    }
    for (let u = mullion; u < lu; u += mullion) {
      const a = p(u, 0);
      const b = p(u, lv);
      lines += `M${n(a.x)} ${n(a.y)}L${n(b.x)} ${n(b.y)}`;
    }
    for (let z = 0; z + floor <= lv; z += floor) {
      for (let u = 0; u + mullion <= lu; u += mullion) {
        const isLit = r() < (punched?.lit ?? 0.1);
        if (!punched && !isLit) continue;
        const m = punched?.inset ?? 0.2;
        const q = [
          p(u + m, z + 0.4 + m / 2),
          p(u + mullion - m, z + 0.4 + m / 2),
          p(u + mullion - m, z + floor - 0.6),
          p(u + m, z + floor - 0.6),
        ];
        const d = `M${q.map((c) => `${n(c.x)} ${n(c.y)}`).join("L")}Z`;
        if (isLit) lit += d;
        else glass += d;
      }
    }
  }
  return (
    (glass ? el("path", { d: glass, fill: C.ink, "fill-opacity": 0.55 }) : "") +
    el("path", { d: lit, fill: C.amber, "fill-opacity": punched ? 0.42 : 0.32 }) +
    el("path", { d: lines, stroke: C.pale, "stroke-opacity": 0.25, "stroke-width": 0.7 })
  );
}

/** Harbor Point Tower: a high-rise with clad lower floors, steel frame above and a crane on the core. */
export function harborPointTower(): string {
  const { width: W, height: H } = VIEW;
  const eye: V3 = [-70, -130, 4];
  const camera = perspective({ eye, target: [14, 14, 50], focal: 900, cx: W * 0.6, cy: H * 0.52 });
  const horizon = camera.project([eye[0] + 2000, eye[1] + 3000, eye[2]]).y;
  const sky = duskSky("hp", W, H, horizon, W * 0.8, 0.7);
  const xs = [0, 10, 20, 30];
  const clad = 12;
  const storeys = 21;
  const levels = Array.from({ length: storeys + 1 }, (_, k) => k * 4);
  const steelLevels = levels.slice(clad);
  const col: Section = { kind: "rect", h: 0.5, b: 0.5 };
  const items: Item[] = buildingFrame({
    xs,
    ys: xs,
    levels: steelLevels,
    column: col,
    girder: { kind: "rect", h: 0.6, b: 0.3 },
    hasSlab: (k) => k <= 4,
    slabEdge: 0.4,
    hasColumn: (i, j, k) => k < steelLevels.length - 1 || i + j < 5,
    hasBeam: (k, i, j) => k < steelLevels.length - 1 || i + j < 4,
    beamMaterial: (k) => (k === steelLevels.length - 1 ? MAT.primer : { color: "#a9b5c6" }),
    columnMaterial: () => ({ color: "#a9b5c6" }),
    slabMaterial: { color: "#7d8ca1" },
  }).filter((it) => it.kind !== "solid" || it.verts.some((v) => v[2] > clad * 4 + 0.5));
  const glassMin: V3 = [-0.4, -0.4, 0];
  const glassMax: V3 = [30.4, 30.4, clad * 4];
  items.push(aabb(glassMin, glassMax, { color: "#34465e" }));
  items.push(aabb([11, 11, clad * 4], [19, 19, storeys * 4 + 8], { color: "#6d7b8f" }));
  items.push(aabb([-30, -25, -3], [260, 90, 0.5], { color: "#1f2a3b" }));
  const crane = towerCrane({
    base: [15, 15, storeys * 4 + 8],
    height: 14,
    heading: deg(200),
    jib: 40,
    counterJib: 12,
    trolley: 0.7,
    hookZ: storeys * 4 + 3,
    color: C.orange,
  });
  const lighting = duskLight({ near: 60, far: 260, max: 0.45 });
  const model = render([...items, ...crane.solids], {
    camera,
    lighting,
    edges: EDGE_DARK,
    viewport: VIEW,
    precision: 1,
    minWidth: 0.6,
  });
  const harbor = water("hp-water", horizon, W * 0.8, 12);
  return svgDocument({
    width: W,
    height: H,
    title:
      "High-rise tower under construction on the harbor: glazed lower floors, steel frame above, crane on the core",
    defs: [...sky.defs, ...harbor.defs],
    body: [
      ...sky.body,
      skyline({
        seed: 41,
        x0: 0,
        x1: W,
        base: horizon + 1,
        minH: 16,
        maxH: 150,
        minW: 24,
        maxW: 70,
        color: "#1f2a3b",
        windows: { color: C.amber, chance: 0.06, opacity: 0.5 },
        profile: (t) => 0.3 + t,
      }),
      ...harbor.body,
      model,
      curtainWall(camera, glassMin, glassMax, 4, 2.5, 5),
      renderLines(crane.lines, camera),
    ],
  });
}

/** Cedar Heights Residences: a six-storey residential steel frame, lower floors already clad, with balconies. */
export function cedarHeights(): string {
  const { width: W, height: H } = VIEW;
  const eye: V3 = [-20, -30, 1.7];
  const camera = perspective({ eye, target: [17, 8, 8], focal: 1000, cx: W * 0.5, cy: H * 0.58 });
  const horizon = camera.project([eye[0] + 3000, eye[1] + 2400, eye[2]]).y;
  const sky = duskSky("ch", W, H, horizon, W * 0.2, 0.55);
  const xs = [0, 7, 14, 21, 28, 35];
  const ys = [0, 7, 14];
  const sh = 3.4;
  const clad = 3;
  const levels = Array.from({ length: 7 }, (_, k) => k * sh);
  const steelLevels = levels.slice(clad);
  const items: Item[] = buildingFrame({
    xs,
    ys,
    levels: steelLevels,
    infill: 1,
    girder: SECTIONS.beam,
    hasSlab: (k) => k <= 2,
    slabMaterial: { color: "#7d8ca1" },
    hasColumn: (i, _j, k) => k < 3 || i < 4,
    hasBeam: (k, i, _j, dir) => k < 3 || (dir === "x" ? i < 3 : i < 4),
    columnMaterial: () => ({ color: "#a9b5c6" }),
    beamMaterial: (k) => (k === 3 ? MAT.primer : { color: "#a9b5c6" }),
  });
  const cladMin: V3 = [-0.3, -0.3, 0];
  const cladMax: V3 = [35.3, 14.3, clad * sh];
  items.push(aabb(cladMin, cladMax, { color: "#56667d" }));
  // Balconies: cantilevered slabs with guardrails on the street face.
  const rails: Item[] = [];
  for (let k = 1; k <= 5; k++) {
    for (const bx of [3.5, 17.5, 31.5]) {
      const z = k * sh;
      if (k >= 4 && bx > 25) continue;
      items.push(aabb([bx - 2.4, -1.7, z], [bx + 2.4, -0.3, z + 0.2], { color: "#8e9bb0" }));
      rails.push(seg([bx - 2.4, -1.65, z + 1.1], [bx + 2.4, -1.65, z + 1.1], C.pale, 0.05, { minPx: 0.8 }));
      for (let t = 0; t <= 6; t++)
        rails.push(
          seg([bx - 2.4 + (4.8 * t) / 6, -1.65, z + 0.2], [bx - 2.4 + (4.8 * t) / 6, -1.65, z + 1.1], C.pale, 0.03, {
            minPx: 0.6,
          }),
        );
    }
  }
  items.push(aabb([-40, -14, -0.3], [90, 60, 0], { color: "#243042" }));
  items.push(aabb([-40, -22, -0.3], [90, -14, -0.1], { color: "#1a2433" }));
  const lighting = duskLight({ near: 30, far: 140, max: 0.4 });
  lighting.lights[0] = { dir: [-0.7, -0.5, 0.35], color: C.amber, intensity: 0.3 };
  const model = render([...items, ...rails], {
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
    title: "Six-storey residential steel frame with balconies, lower floors clad, at dusk",
    defs: [...sky.defs],
    body: [
      ...sky.body,
      skyline({
        seed: 51,
        x0: 0,
        x1: W,
        base: horizon + 1,
        minH: 20,
        maxH: 90,
        minW: 40,
        maxW: 110,
        color: "#1f2a3b",
        windows: { color: C.amber, chance: 0.05, opacity: 0.45 },
      }),
      rect(0, horizon, W, H - horizon, { fill: C.ink }),
      model,
      curtainWall(camera, cladMin, cladMax, sh, 3.5, 8, { inset: 0.7, lit: 0.16 }),
    ],
  });
}

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

export const projects: Record<string, () => string> = {
  "content/images/projects/harbor-point-tower.svg": harborPointTower,
  "content/images/projects/riverside-footbridge.svg": riversideFootbridge,
  "content/images/projects/coastal-pipe-rack.svg": coastalPipeRack,
  "content/images/projects/northgate-distribution-center.svg": northgateDistribution,
  "content/images/projects/cedar-heights-residences.svg": cedarHeights,
  "content/images/projects/summit-arena-roof.svg": summitArena,
};
