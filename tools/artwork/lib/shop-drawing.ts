/** A complete shop drawing sheet for one beam, built from the drafting vocabulary. */
import { centerLine, dimension, hatchPattern, type Ink, leader, notes } from "./drafting.ts";
import { beamElevation, boltGroup, wSectionPath } from "./drafting-parts.ts";
import { sheet, table } from "./drafting-sheet.ts";
import { el, MONO, n, rect, text } from "./svg.ts";

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
