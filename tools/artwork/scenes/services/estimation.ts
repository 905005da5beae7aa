import { BLUEPRINT, type Ink } from "../../lib/drafting.ts";
import { table } from "../../lib/drafting-sheet.ts";
import { C, el, n, radialGradient, rect, svgDocument, text } from "../../lib/svg.ts";
import { appWindow } from "../../lib/ui.ts";
import { VIEW } from "./shared.ts";

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
