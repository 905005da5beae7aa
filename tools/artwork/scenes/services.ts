import { draftGrid } from "../lib/backdrop.ts";
import {
  BLUEPRINT,
  bubble,
  dimension,
  hatchPattern,
  type Ink,
  leader,
  notes,
  PAPER,
  table,
  wSectionPath,
} from "../lib/drafting.ts";
import { gridLines, momentConnection } from "../lib/models.ts";
import { EDGE_SOFT, studioLight } from "../lib/presets.ts";
import { shadowRect } from "../lib/props.ts";
import {
  add,
  axonometric,
  type Camera,
  deg,
  type Item,
  type Material,
  mulv,
  norm,
  perspective,
  prism,
  projectAll,
  render,
  renderLines,
  type V3,
} from "../lib/scene3d.ts";
import { frameElevation, framingPlan, shopDrawing } from "../lib/sheets.ts";
import { switchbackStair } from "../lib/stairs.ts";
import { bolt, buildingFrame, MAT, member, SECTIONS, type Section, truss as trussBuilder } from "../lib/steel.ts";
import { C, el, linearGradient, n, type Pt, poly, radialGradient, rect, svgDocument, text } from "../lib/svg.ts";
import { appWindow } from "../lib/ui.ts";

const VIEW = { width: 1200, height: 800 };

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

/** Services "3D modeling": phased isometric model of a frame and a long-span annex on gridlines. */
export function modeling(): string {
  const { width: W, height: H } = VIEW;
  const xs = [0, 8, 16, 24];
  const ys = [0, 7, 14];
  const levels = [0, 4.5, 8.3, 12.1, 15.9, 19.7, 23.5];
  const phase = (k: number): Material => (k <= 2 ? { color: "#6f819a" } : k <= 4 ? { color: "#b4bfcd" } : MAT.primer);
  const items: Item[] = buildingFrame({
    xs,
    ys,
    levels,
    infill: 1,
    girder: SECTIONS.beam,
    hasColumn: (i, j, k) => k < 6 || i < 2 || j === 0,
    hasBeam: (k, i, j, dir) => k < 6 || (dir === "x" ? i < 1 || j === 0 : i < 2),
    columnMaterial: (_i, _j, k) => phase(k),
    beamMaterial: (k) => phase(k),
  });
  const brace: Section = { kind: "rect", h: 0.18, b: 0.18 };
  for (let k = 1; k < levels.length - 1; k++) {
    const z0 = levels[k - 1]! + 0.3;
    const z1 = levels[k]! - 0.5;
    items.push(...member([8.35, 0, z0], [11.7, 0, z1], brace, phase(k), { up: [0, 1, 0] }));
    items.push(...member([15.65, 0, z0], [12.3, 0, z1], brace, phase(k), { up: [0, 1, 0] }));
  }
  // Long-span annex: columns and roof trusses spanning Y.
  const ax = [30, 36, 42, 48];
  const truss: Section = { kind: "rect", h: 0.2, b: 0.2 };
  for (const x of ax) {
    for (const y of [0, 21])
      items.push(...member([x, y, 0], [x, y, 8], SECTIONS.column, { color: "#6f819a" }, { up: [0, 1, 0] }));
    items.push(
      ...trussBuilder({
        a: [x, 0.25, 8.1],
        b: [x, 20.75, 8.1],
        height: 2.2,
        panels: 8,
        chord: truss,
        web: { kind: "rect", h: 0.12, b: 0.12 },
        material: { color: "#b4bfcd" },
      }),
    );
  }
  for (let i = 0; i + 1 < ax.length; i++) {
    for (const y of [0, 21])
      items.push(...member([ax[i]! + 0.2, y, 7.7], [ax[i + 1]! - 0.2, y, 7.7], SECTIONS.joist, { color: "#8796ab" }));
    for (let p = 1; p < 8; p += 2) {
      const y = 0.25 + (20.5 * p) / 8;
      const z = 8.1 + 2.2 + 0.2;
      items.push(
        ...member(
          [ax[i]! + 0.1, y, z],
          [ax[i + 1]! - 0.1, y, z],
          { kind: "C", d: 0.2, bf: 0.07, tf: 0.01, tw: 0.006 },
          MAT.primer,
        ),
      );
    }
  }
  const camera = axonometric({
    azimuth: deg(-62),
    elevation: deg(30),
    scale: 14,
    cx: W * 0.53,
    cy: H * 0.55,
    origin: [25, 10, 9],
  });
  const grid = gridLines([...xs, ...ax], [0, 7, 14, 21], C.mid, 3.5);
  const model = render(items, {
    camera,
    lighting: studioLight(),
    edges: { color: C.ink, width: 0.5, opacity: 0.35 },
    viewport: VIEW,
    precision: 0,
    minWidth: 0.7,
  });
  const bubbles: string[] = [];
  [...xs, ...ax].forEach((x, i) => {
    const p = camera.project([x, -5.2, 0]);
    bubbles.push(bubble(p.x, p.y, 11, String(i + 1), { ...PAPER, paper: C.paper }));
  });
  ["A", "B", "C", "D"].forEach((label, j) => {
    const p = camera.project([53, j * 7, 0]);
    bubbles.push(bubble(p.x, p.y, 11, label, { ...PAPER, paper: C.paper }));
  });
  const legend = [
    ["Phase 1 — erected", "#6f819a"],
    ["Phase 2 — approved", "#b4bfcd"],
    ["Phase 3 — in detailing", C.orange],
  ] as const;
  return svgDocument({
    width: W,
    height: H,
    title: "Isometric 3D steel model coloured by erection phase, with gridlines and a long-span roof annex",
    defs: [
      linearGradient("mod-bg", [
        { offset: 0, color: C.paper },
        { offset: 1, color: C.mist },
      ]),
    ],
    body: [
      rect(0, 0, W, H, { fill: "url(#mod-bg)" }),
      draftGrid(W, H, 20, C.pale, 0.25),
      renderLines(grid, camera),
      model,
      ...bubbles,
      rect(40, 40, 250, 118, { rx: 6, fill: C.paper, stroke: C.pale }),
      ...legend.flatMap(([label, color], i) => [
        rect(58, 60 + i * 30, 18, 18, { rx: 3, fill: color }),
        text(label, { x: 88, y: 69 + i * 30, "font-size": 14, fill: C.steel, "dominant-baseline": "central" }),
      ]),
    ],
  });
}

/** Services "structural drafting": a blueprint with framing plan, braced elevation and a section. */
export function structuralDrafting(): string {
  const { width: W, height: H } = VIEW;
  const ink: Ink = { ...BLUEPRINT, paper: "#1b2940" };
  return svgDocument({
    width: W,
    height: H,
    title: "Blueprint with a structural framing plan, a braced frame elevation and a beam section",
    defs: [hatchPattern("sd-hatch", C.pale, 5, 0.7)],
    body: [
      rect(0, 0, W, H, { fill: ink.paper }),
      draftGrid(W, H, 20, C.pale, 0.07),
      rect(24, 24, W - 48, H - 48, { fill: "none", stroke: C.pale, "stroke-width": 1.2, "stroke-opacity": 0.7 }),
      framingPlan(40, 50, 640, 520, ink, {
        cols: 4,
        rows: 3,
        dims: true,
        marks: true,
        braced: [1, 0],
        opening: [3, 2],
        spanLabel: (i) => ["9000", "9000", "7500", "9000"][i]!,
      }),
      text("FRAMING PLAN — LEVEL 3", {
        x: 80,
        y: 612,
        "font-size": 15,
        "font-weight": "bold",
        fill: C.mist,
        "letter-spacing": 1,
      }),
      el("path", { d: "M80 620h260", stroke: C.amber, "stroke-width": 2 }),
      frameElevation(720, 40, 450, 430, ink, {
        bays: 3,
        storeys: 4,
        braced: 1,
        levels: ["+0.000", "+4.800", "+9.000", "+13.200", "+17.400"],
      }),
      text("ELEVATION — GRID 1", {
        x: 760,
        y: 500,
        "font-size": 15,
        "font-weight": "bold",
        fill: C.mist,
        "letter-spacing": 1,
      }),
      el("path", { d: "M760 508h200", stroke: C.amber, "stroke-width": 2 }),
      el("path", {
        d: wSectionPath(820, 640, 120, 70, 10, 7),
        fill: "url(#sd-hatch)",
        stroke: C.mist,
        "stroke-width": 1.3,
      }),
      dimension([785, 700], [855, 700], -16, "178", ink, 11),
      dimension([880, 580], [880, 700], 16, "457", ink, 11),
      text("SECTION 2", { x: 980, y: 620, "font-size": 15, "font-weight": "bold", fill: C.mist, "letter-spacing": 1 }),
      text("W18X35  A992", {
        x: 980,
        y: 645,
        "font-size": 12,
        fill: C.pale,
        "font-family": "DejaVu Sans Mono, monospace",
      }),
      notes(980, 675, 160, 4, 12, C.pale, 8, 0.45),
      // Set square resting on the sheet.
      el("path", {
        d: "M560 760 760 560V760Zm40-20h120V620Z",
        fill: C.mist,
        "fill-opacity": 0.12,
        stroke: C.mist,
        "stroke-opacity": 0.5,
        "stroke-width": 1.2,
        "fill-rule": "evenodd",
      }),
    ],
  });
}

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

function donut(
  cx: number,
  cy: number,
  r: number,
  thickness: number,
  parts: readonly (readonly [number, string])[],
): string {
  const total = parts.reduce((a, [v]) => a + v, 0);
  let angle = -Math.PI / 2;
  const out: string[] = [];
  for (const [value, color] of parts) {
    const sweep = (value / total) * Math.PI * 2;
    const a0 = angle + 0.02;
    const a1 = angle + sweep - 0.02;
    const ro = r;
    const ri = r - thickness;
    const large = a1 - a0 > Math.PI ? 1 : 0;
    const p = (rr: number, a: number) => `${n(cx + rr * Math.cos(a))} ${n(cy + rr * Math.sin(a))}`;
    out.push(
      el("path", {
        d: `M${p(ro, a0)}A${ro} ${ro} 0 ${large} 1 ${p(ro, a1)}L${p(ri, a1)}A${ri} ${ri} 0 ${large} 0 ${p(ri, a0)}Z`,
        fill: color,
      }),
    );
    angle += sweep;
  }
  return out.join("");
}

/** Services "estimation": material take-off table, tonnage by level and a category breakdown. */
export function estimation(): string {
  const { width: W, height: H } = VIEW;
  const win = appWindow({ x: 40, y: 40, w: 1120, h: 720 }, { title: "Material take-off — Harbor Point Tower" });
  const c = win.content;
  const rows: string[][] = [
    ["MARK", "PROFILE", "QTY", "LENGTH", "WEIGHT kg"],
    ["C-101", "W14X132", "24", "8 400", "39 720"],
    ["C-201", "W14X90", "24", "8 400", "27 080"],
    ["B-110", "W24X55", "86", "9 000", "63 470"],
    ["B-120", "W21X44", "112", "9 000", "66 140"],
    ["B-130", "W18X35", "148", "7 500", "57 820"],
    ["BR-01", "HSS6X6X3/8", "32", "6 180", "5 740"],
    ["ST-01", "C12X20.7", "18", "4 200", "2 330"],
    ["PL-XX", "Plates", "2 146", "—", "18 410"],
    ["BT-XX", "A325 M20", "18 960", "—", "6 120"],
  ];
  const tableInk: Ink = { ...BLUEPRINT, line: C.steel, thin: C.steel, text: C.mist };
  const levels = [84, 126, 131, 129, 133, 127, 130, 124, 118, 96];
  const chart = { x: c.x + 600, y: c.y + 70, w: 470, h: 250 };
  const max = 150;
  let gridD = "";
  for (let v = 0; v <= max; v += 50) gridD += `M${chart.x} ${n(chart.y + chart.h - (v / max) * chart.h)}h${chart.w}`;
  const bw = chart.w / levels.length;
  const bars = levels.map((v, i) =>
    rect(chart.x + i * bw + bw * 0.2, chart.y + chart.h - (v / max) * chart.h, bw * 0.6, (v / max) * chart.h, {
      fill: i === 6 ? C.orange : C.pale,
      "fill-opacity": i === 6 ? 1 : 0.75,
      rx: 2,
    }),
  );
  const labels = levels.map((_, i) =>
    text(`L${i + 1}`, {
      x: n(chart.x + i * bw + bw / 2),
      y: n(chart.y + chart.h + 16),
      "font-size": 11,
      fill: C.pale,
      "text-anchor": "middle",
    }),
  );
  const axis = [0, 50, 100, 150].map((v) =>
    text(String(v), {
      x: n(chart.x - 8),
      y: n(chart.y + chart.h - (v / max) * chart.h),
      "font-size": 10,
      fill: C.mid,
      "text-anchor": "end",
      "dominant-baseline": "central",
    }),
  );
  const cats = [
    [46, C.pale, "Beams"],
    [28, C.mid, "Columns"],
    [12, C.orange, "Bracing"],
    [14, C.steel, "Plates & misc."],
  ] as const;
  const kpis = [
    ["1 284 t", "Total steel"],
    ["3 412", "Members"],
    ["18 960", "Bolts"],
  ] as const;
  return svgDocument({
    width: W,
    height: H,
    title: "Steel estimation dashboard with a material take-off table, tonnage by level and a category breakdown",
    defs: [
      radialGradient(
        "est-bg",
        [
          { offset: 0, color: C.slate },
          { offset: 1, color: C.ink },
        ],
        { cx: 0.5, cy: 0.4, r: 0.8 },
      ),
    ],
    body: [
      rect(0, 0, W, H, { fill: "url(#est-bg)" }),
      win.markup,
      ...kpis.flatMap(([value, label], i) => [
        rect(c.x + 24 + i * 182, c.y + 24, 166, 84, { rx: 6, fill: "#111b29", stroke: C.steel }),
        text(value, {
          x: c.x + 42 + i * 182,
          y: c.y + 58,
          "font-size": 26,
          "font-weight": "bold",
          fill: i === 0 ? C.amber : C.mist,
        }),
        text(label, { x: c.x + 42 + i * 182, y: c.y + 88, "font-size": 12, fill: C.pale }),
      ]),
      table(c.x + 24, c.y + 136, [76, 130, 70, 90, 140], rows, 34, tableInk, { size: 12.5, headerFill: "#111b29" }),
      rect(c.x + 24, c.y + 136 + 34 * 3, 506, 34, { fill: C.orange, "fill-opacity": 0.14 }),
      text("CONNECTIONS BY TYPE", {
        x: c.x + 24,
        y: c.y + 520,
        "font-size": 13,
        "font-weight": "bold",
        fill: C.mist,
        "letter-spacing": 1,
      }),
      ...(
        [
          ["Shear tab", 612],
          ["End plate", 248],
          ["Moment", 164],
          ["Brace gusset", 122],
        ] as const
      ).flatMap(([label, v], i) => [
        text(label, {
          x: c.x + 24,
          y: c.y + 552 + i * 30,
          "font-size": 12,
          fill: C.pale,
          "dominant-baseline": "central",
        }),
        rect(c.x + 140, c.y + 546 + i * 30, 330, 12, { rx: 6, fill: "#111b29" }),
        rect(c.x + 140, c.y + 546 + i * 30, (330 * v) / 700, 12, { rx: 6, fill: i === 0 ? C.amber : C.mid }),
        text(String(v), {
          x: c.x + 506,
          y: c.y + 552 + i * 30,
          "font-size": 12,
          fill: C.mist,
          "text-anchor": "end",
          "dominant-baseline": "central",
          "font-family": "DejaVu Sans Mono, monospace",
        }),
      ]),
      text("TONNAGE BY LEVEL (t)", {
        x: chart.x,
        y: c.y + 40,
        "font-size": 13,
        "font-weight": "bold",
        fill: C.mist,
        "letter-spacing": 1,
      }),
      el("path", { d: gridD, stroke: C.steel, "stroke-width": 0.8 }),
      ...bars,
      ...labels,
      ...axis,
      text("BY CATEGORY", {
        x: chart.x,
        y: c.y + 400,
        "font-size": 13,
        "font-weight": "bold",
        fill: C.mist,
        "letter-spacing": 1,
      }),
      donut(
        chart.x + 95,
        c.y + 520,
        88,
        26,
        cats.map(([v, color]) => [v, color] as const),
      ),
      text("1 284 t", {
        x: chart.x + 95,
        y: c.y + 520,
        "font-size": 20,
        "font-weight": "bold",
        fill: C.mist,
        "text-anchor": "middle",
        "dominant-baseline": "central",
      }),
      ...cats.flatMap(([v, color, label], i) => [
        rect(chart.x + 230, c.y + 458 + i * 34, 16, 16, { rx: 3, fill: color }),
        text(`${label}`, {
          x: chart.x + 258,
          y: c.y + 466 + i * 34,
          "font-size": 13,
          fill: C.mist,
          "dominant-baseline": "central",
        }),
        text(`${v}%`, {
          x: chart.x + 460,
          y: c.y + 466 + i * 34,
          "font-size": 13,
          fill: C.pale,
          "text-anchor": "end",
          "dominant-baseline": "central",
          "font-family": "DejaVu Sans Mono, monospace",
        }),
      ]),
    ],
  });
}

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

export const services: Record<string, () => string> = {
  "content/images/services/connection-design.svg": connectionDesign,
  "content/images/services/3d-modeling.svg": modeling,
  "content/images/services/structural-drafting.svg": structuralDrafting,
  "content/images/services/misc-steel.svg": miscSteel,
  "content/images/services/estimation.svg": estimation,
  "content/images/services/shop-drawings.svg": shopDrawings,
};
