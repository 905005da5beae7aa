/** Complete drawing sheets built from the drafting vocabulary (framing plans, shop drawings). */
import {
  beamElevation,
  boltGroup,
  bubble,
  centerLine,
  dimension,
  hatchPattern,
  type Ink,
  leader,
  notes,
  sheet,
  table,
  wSectionPath,
} from "./drafting.ts";
import { el, MONO, n, rect, segments, text } from "./svg.ts";

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

export interface ShopOptions {
  seed: number;
  project: string;
  drawing: string;
  number: string;
  mark: string;
  /** Draw a revision cloud and triangle. */
  revision?: boolean;
  bom?: boolean;
}

/** A shop drawing sheet for one beam: elevation, end view, details, bill of materials and title block. */
export function shopDrawing(x: number, y: number, w: number, h: number, ink: Ink, o: ShopOptions): string {
  const parts: string[] = [];
  parts.push(sheet(x, y, w, h, ink, { project: o.project, drawing: o.drawing, number: o.number, scale: "SCALE 1:15" }));
  const m = Math.min(w, h) * 0.03;
  const ix = x + m * 2.2;
  const iy = y + m * 2.2;
  const iw = w - m * 4.4;
  const s = iw / 1000;
  // Beam elevation across the upper part.
  const bl = iw * 0.72;
  const bd = h * 0.12;
  const by = iy + h * 0.1;
  parts.push(
    beamElevation(ix + iw * 0.02, by, bl, bd, ink, { cope: true, holes: 3, stiffeners: [bl * 0.5], fill: ink.paper }),
  );
  parts.push(centerLine(ix, by + bd / 2, ix + iw * 0.02 + bl + 12, by + bd / 2, ink.thin, 0.6));
  parts.push(
    dimension(
      [ix + iw * 0.02, by + bd],
      [ix + iw * 0.02 + bl, by + bd],
      -h * 0.06,
      "7 315",
      ink,
      Math.max(8, 11 * s * 1.1),
    ),
  );
  parts.push(
    dimension(
      [ix + iw * 0.02, by + bd],
      [ix + iw * 0.02 + bl * 0.5, by + bd],
      -h * 0.03,
      "3 657",
      ink,
      Math.max(8, 10 * s * 1.1),
    ),
  );
  parts.push(
    text(`${o.mark}  W18X35`, {
      x: n(ix + iw * 0.02),
      y: n(by - h * 0.035),
      "font-size": n(Math.max(9, 15 * s)),
      "font-weight": "bold",
      fill: ink.text,
      "font-family": MONO,
    }),
  );
  // End view (section) at the right.
  const sx = ix + iw * 0.87;
  const sy = by + bd / 2;
  parts.push(
    el("path", {
      d: wSectionPath(sx, sy, bd * 1.25, bd * 0.62, bd * 0.09, bd * 0.06),
      fill: `url(#hatch-${o.seed})`,
      stroke: ink.line,
      "stroke-width": 1.3,
    }),
  );
  parts.push(
    dimension([sx - bd * 0.31, sy + bd * 0.63], [sx + bd * 0.31, sy + bd * 0.63], -12, "165", ink, Math.max(7, 10 * s)),
  );
  parts.push(
    text("SECTION A-A", {
      x: n(sx),
      y: n(sy - bd * 0.9),
      "font-size": n(Math.max(8, 11 * s)),
      fill: ink.text,
      "text-anchor": "middle",
      "font-family": MONO,
    }),
  );
  // Detail bubble: bolt group at the end connection, enlarged.
  const dx = ix + iw * 0.05;
  const dy = iy + h * 0.42;
  const dd = h * 0.22;
  parts.push(
    el("circle", {
      cx: n(dx + dd / 2),
      cy: n(dy + dd / 2),
      r: n(dd / 2),
      fill: "none",
      stroke: ink.thin,
      "stroke-width": 0.9,
      "stroke-dasharray": "6 3",
    }),
  );
  parts.push(
    rect(dx + dd * 0.32, dy + dd * 0.12, dd * 0.36, dd * 0.76, { fill: "none", stroke: ink.line, "stroke-width": 1.2 }),
  );
  parts.push(boltGroup(dx + dd * 0.42, dy + dd * 0.28, 2, 3, dd * 0.16, dd * 0.035, ink.accent));
  parts.push(
    leader([dx + dd * 1.25, dy + dd * 0.1], [dx + dd * 0.6, dy + dd * 0.3], "6-M20 A325", ink, Math.max(8, 10 * s)),
  );
  parts.push(
    text("DETAIL 1", {
      x: n(dx + dd / 2),
      y: n(dy + dd + 14 * s + 4),
      "font-size": n(Math.max(8, 11 * s)),
      fill: ink.text,
      "text-anchor": "middle",
      "font-family": MONO,
    }),
  );
  // Bill of materials.
  if (o.bom !== false) {
    const tx = ix + iw * 0.36;
    const ty = iy + h * 0.42;
    const cw = iw * 0.3;
    parts.push(
      table(
        tx,
        ty,
        [cw * 0.18, cw * 0.12, cw * 0.4, cw * 0.3],
        [
          ["MARK", "QTY", "DESCRIPTION", "WEIGHT"],
          [o.mark, "1", "W18X35", "256.2"],
          ["p1", "2", "PL10X150", "~"],
          ["p2", "2", "~", "~"],
          ["s1", "4", "~", "~"],
        ],
        Math.max(11, h * 0.035),
        ink,
        { size: Math.max(7, Math.min(h * 0.016, cw * 0.036)), seed: o.seed },
      ),
    );
  }
  parts.push(notes(ix + iw * 0.02, iy + h * 0.76, iw * 0.38, 4, Math.max(6, h * 0.022), ink.thin, o.seed));
  if (o.revision) {
    const cw = bl * 0.22;
    const ch = bd + 28;
    const rx = ix + iw * 0.02 + bl * 0.5 - cw / 2;
    const ry = by - 14;
    const r = 7;
    const nx = Math.max(2, Math.round(cw / (2 * r)));
    const ny = Math.max(2, Math.round(ch / (2 * r)));
    const sx = cw / nx / 2;
    const sy = ch / ny / 2;
    let cloud = `M${n(rx)} ${n(ry)}`;
    for (let i = 0; i < nx; i++) cloud += `a${n(sx)} ${n(sx)} 0 0 1 ${n(2 * sx)} 0`;
    for (let i = 0; i < ny; i++) cloud += `a${n(sy)} ${n(sy)} 0 0 1 0 ${n(2 * sy)}`;
    for (let i = 0; i < nx; i++) cloud += `a${n(sx)} ${n(sx)} 0 0 1 ${n(-2 * sx)} 0`;
    for (let i = 0; i < ny; i++) cloud += `a${n(sy)} ${n(sy)} 0 0 1 0 ${n(-2 * sy)}`;
    parts.push(el("path", { d: `${cloud}z`, fill: "none", stroke: ink.accent, "stroke-width": 1.4 }));
    parts.push(
      el("path", {
        d: `M${n(rx + cw + 14)} ${n(ry - 16)}l9 16h-18z`,
        fill: "none",
        stroke: ink.accent,
        "stroke-width": 1.4,
      }),
    );
  }
  // Top flange plan (hole layout) and general notes.
  const px = ix + iw * 0.36;
  const py = iy + h * 0.66;
  const pl = iw * 0.3;
  const pw = h * 0.05;
  parts.push(rect(px, py, pl, pw, { fill: "none", stroke: ink.line, "stroke-width": 1.1 }));
  parts.push(boltGroup(px + pl * 0.06, py + pw * 0.28, 2, 2, pw * 0.44, pw * 0.1, ink.accent));
  parts.push(boltGroup(px + pl * 0.89, py + pw * 0.28, 2, 2, pw * 0.44, pw * 0.1, ink.accent));
  parts.push(
    text("TOP FLANGE", {
      x: n(px),
      y: n(py - 8),
      "font-size": n(Math.max(8, 10 * s)),
      fill: ink.text,
      "font-family": MONO,
    }),
  );
  const gx = ix + iw * 0.75;
  const gy = iy + h * 0.4;
  parts.push(
    text("GENERAL NOTES", {
      x: n(gx),
      y: n(gy),
      "font-size": n(Math.max(8, 11 * s)),
      "font-weight": "bold",
      fill: ink.text,
      "font-family": MONO,
    }),
  );
  parts.push(notes(gx, gy + 18 * s + 6, iw * 0.22, 7, Math.max(6, h * 0.022), ink.thin, o.seed + 5));
  return el("g", {}, [el("defs", {}, hatchPattern(`hatch-${o.seed}`, ink.thin, 5, 0.7)), ...parts]);
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
