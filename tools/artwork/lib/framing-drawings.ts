/** Framing drawings: the structural framing plan and the braced-frame elevation. */
import { bubble, centerLine, dimension, type Ink } from "./drafting.ts";
import { el, MONO, n, segments, text } from "./svg.ts";

export interface PlanOptions {
  cols: number;
  rows: number;
  seed?: number;
  /** Draw grid dimensions. */
  dims?: boolean;
  /** Label some beams with their size. */
  marks?: boolean;
  /** Bay (i, j) drawn as a braced / highlighted bay. */
  braced?: readonly [number, number];
  /** Bay (i, j) left open for a stair. */
  opening?: readonly [number, number];
  lineScale?: number;
  spanLabel?: (i: number) => string;
}

/** Structural framing plan in a w×h box at (x, y): grid, columns, girders, infill, bubbles and dimensions. */
export function framingPlan(x: number, y: number, w: number, h: number, ink: Ink, o: PlanOptions): string {
  const pad = Math.min(w, h) * 0.13;
  const gx = (i: number) => x + pad + ((w - pad * 1.5) * i) / o.cols;
  const gy = (j: number) => y + pad + ((h - pad * 1.5) * j) / o.rows;
  const k = o.lineScale ?? 1;
  const r = Math.max(9, pad * 0.22);
  const parts: string[] = [];
  for (let i = 0; i <= o.cols; i++)
    parts.push(centerLine(gx(i), y + r * 2 + 4, gx(i), gy(o.rows) + pad * 0.35, ink.thin, 0.7 * k));
  for (let j = 0; j <= o.rows; j++)
    parts.push(centerLine(x + r * 2 + 4, gy(j), gx(o.cols) + pad * 0.35, gy(j), ink.thin, 0.7 * k));
  const girders: (readonly [number, number, number, number])[] = [];
  const infill: (readonly [number, number, number, number])[] = [];
  const cs = Math.max(4, pad * 0.09);
  for (let j = 0; j <= o.rows; j++)
    for (let i = 0; i < o.cols; i++) girders.push([gx(i) + cs, gy(j), gx(i + 1) - cs, gy(j)]);
  for (let i = 0; i <= o.cols; i++)
    for (let j = 0; j < o.rows; j++) girders.push([gx(i), gy(j) + cs, gx(i), gy(j + 1) - cs]);
  for (let i = 0; i < o.cols; i++) {
    for (let j = 0; j < o.rows; j++) {
      if (o.opening && o.opening[0] === i && o.opening[1] === j) continue;
      for (let m = 1; m <= 2; m++) {
        const ix = gx(i) + ((gx(i + 1) - gx(i)) * m) / 3;
        infill.push([ix, gy(j) + 3, ix, gy(j + 1) - 3]);
      }
    }
  }
  parts.push(el("path", { d: segments(infill), stroke: ink.thin, "stroke-width": 1.1 * k, fill: "none" }));
  parts.push(el("path", { d: segments(girders), stroke: ink.line, "stroke-width": 2.4 * k, fill: "none" }));
  if (o.opening) {
    const [i, j] = o.opening;
    const ox0 = gx(i) + 8;
    const oy0 = gy(j) + 8;
    const ox1 = gx(i + 1) - 8;
    const oy1 = gy(j + 1) - 8;
    parts.push(
      el("path", {
        d: `M${n(ox0)} ${n(oy0)}H${n(ox1)}V${n(oy1)}H${n(ox0)}ZM${n(ox0)} ${n(oy0)}L${n(ox1)} ${n(oy1)}M${n(ox1)} ${n(oy0)}L${n(ox0)} ${n(oy1)}`,
        stroke: ink.thin,
        "stroke-width": 0.8 * k,
        fill: "none",
        "stroke-dasharray": "6 4",
      }),
    );
  }
  if (o.braced) {
    const [i, j] = o.braced;
    parts.push(
      el("path", {
        d: `M${n(gx(i))} ${n(gy(j))}L${n(gx(i + 1))} ${n(gy(j + 1))}M${n(gx(i + 1))} ${n(gy(j))}L${n(gx(i))} ${n(gy(j + 1))}`,
        stroke: ink.accent,
        "stroke-width": 1.6 * k,
        "stroke-dasharray": "10 5",
        fill: "none",
      }),
    );
  }
  // Column symbols: small I shapes.
  let cols = "";
  for (let i = 0; i <= o.cols; i++) {
    for (let j = 0; j <= o.rows; j++) {
      const cx = gx(i);
      const cy = gy(j);
      cols += `M${n(cx - cs)} ${n(cy - cs)}h${n(2 * cs)}v${n(cs * 0.45)}h${n(-cs * 0.72)}v${n(cs * 1.1)}h${n(cs * 0.72)}v${n(cs * 0.45)}h${n(-2 * cs)}v${n(-cs * 0.45)}h${n(cs * 0.72)}v${n(-cs * 1.1)}h${n(-cs * 0.72)}z`;
    }
  }
  parts.push(el("path", { d: cols, fill: ink.line }));
  for (let i = 0; i <= o.cols; i++) parts.push(bubble(gx(i), y + r + 2, r, String.fromCharCode(65 + i), ink));
  for (let j = 0; j <= o.rows; j++) parts.push(bubble(x + r + 2, gy(j), r, String(j + 1), ink));
  if (o.dims) {
    for (let i = 0; i < o.cols; i++) {
      parts.push(
        dimension(
          [gx(i), gy(o.rows)],
          [gx(i + 1), gy(o.rows)],
          -pad * 0.3,
          o.spanLabel?.(i) ?? "9000",
          ink,
          Math.max(8, r * 0.75),
        ),
      );
    }
  }
  if (o.marks) {
    const size = Math.max(7, r * 0.62);
    for (let i = 0; i < o.cols; i++) {
      for (let j = 0; j < o.rows; j += 2) {
        parts.push(
          text(j % 4 === 0 ? "W24X55" : "W21X44", {
            x: n((gx(i) + gx(i + 1)) / 2),
            y: n(gy(j) - 5),
            "font-size": n(size),
            fill: ink.text,
            "text-anchor": "middle",
            "font-family": MONO,
          }),
        );
      }
    }
  }
  return parts.join("");
}

/** Braced-frame elevation: columns and beams as double lines, chevron bracing, level markers. */
export function frameElevation(
  x: number,
  y: number,
  w: number,
  h: number,
  ink: Ink,
  o: { bays: number; storeys: number; braced?: number; levels?: readonly string[]; lineScale?: number },
): string {
  const k = o.lineScale ?? 1;
  const top = y + h * 0.14;
  const bottom = y + h * 0.92;
  const left = x + w * 0.06;
  const right = x + w * 0.78;
  const gx = (i: number) => left + ((right - left) * i) / o.bays;
  const lz = (s: number) => bottom - ((bottom - top) * s) / o.storeys;
  const cw = Math.max(3, w * 0.012);
  const bd = Math.max(3, h * 0.018);
  const parts: string[] = [];
  const r = Math.max(9, w * 0.022);
  for (let i = 0; i <= o.bays; i++) {
    parts.push(centerLine(gx(i), y + r * 2 + 6, gx(i), bottom + 8, ink.thin, 0.6 * k));
    parts.push(bubble(gx(i), y + r + 2, r, String.fromCharCode(65 + i), ink));
  }
  let fill = "";
  for (let i = 0; i <= o.bays; i++)
    fill += `M${n(gx(i) - cw)} ${n(bottom)}V${n(lz(o.storeys) - bd)}h${n(2 * cw)}V${n(bottom)}z`;
  for (let s = 1; s <= o.storeys; s++) {
    for (let i = 0; i < o.bays; i++)
      fill += `M${n(gx(i) + cw)} ${n(lz(s))}h${n(gx(i + 1) - gx(i) - 2 * cw)}v${n(bd)}h${n(-(gx(i + 1) - gx(i) - 2 * cw))}z`;
  }
  parts.push(el("path", { d: fill, fill: ink.paper, stroke: ink.line, "stroke-width": 1.1 * k }));
  if (o.braced !== undefined) {
    let d = "";
    const i = o.braced;
    for (let s = 0; s < o.storeys; s++) {
      const mid = (gx(i) + gx(i + 1)) / 2;
      d += `M${n(gx(i) + cw)} ${n(lz(s) - 2)}L${n(mid)} ${n(lz(s + 1) + bd)}L${n(gx(i + 1) - cw)} ${n(lz(s) - 2)}`;
    }
    parts.push(
      el("path", { d, stroke: ink.accent, "stroke-width": 2.2 * k, fill: "none", "stroke-linejoin": "round" }),
    );
  }
  // Base plates and ground hatch.
  let base = "";
  for (let i = 0; i <= o.bays; i++)
    base += `M${n(gx(i) - cw * 2.4)} ${n(bottom)}h${n(cw * 4.8)}v${n(bd * 0.7)}h${n(-cw * 4.8)}z`;
  parts.push(el("path", { d: base, fill: ink.line }));
  let hatch = "";
  for (let hx = left - 20; hx < right + 20; hx += 9) hatch += `M${n(hx)} ${n(bottom + bd * 0.7 + 9)}l9-9`;
  parts.push(
    el("path", {
      d: `M${n(left - 20)} ${n(bottom + bd * 0.7)}H${n(right + 20)}${hatch}`,
      stroke: ink.thin,
      "stroke-width": 0.8,
      fill: "none",
    }),
  );
  // Level markers.
  const size = Math.max(8, r * 0.8);
  for (let s = 0; s <= o.storeys; s++) {
    const ly = s === 0 ? bottom : lz(s);
    const mx = right + w * 0.04;
    parts.push(
      el("path", {
        d: `M${n(right + cw)} ${n(ly)}H${n(mx + w * 0.16)}`,
        stroke: ink.thin,
        "stroke-width": 0.6,
        "stroke-dasharray": "4 3",
      }),
    );
    parts.push(el("path", { d: `M${n(mx)} ${n(ly)}l-6-9h12z`, fill: ink.accent }));
    parts.push(
      text(o.levels?.[s] ?? `+${(s * 4.2).toFixed(3)}`, {
        x: n(mx + 10),
        y: n(ly - 6),
        "font-size": n(size),
        fill: ink.text,
        "font-family": MONO,
      }),
    );
  }
  return parts.join("");
}
