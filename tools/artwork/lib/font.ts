/**
 * Minimal TrueType reader that turns text into SVG outline paths, so logos and wordmarks
 * look identical everywhere (no font needed by the viewer). Reads the system's Liberation /
 * DejaVu fonts at generation time; kerning is ignored, letter-spacing is explicit.
 */
import { readFileSync } from "node:fs";
import { n } from "./svg.ts";

interface Glyph {
  advance: number;
  /** Contours of [x, y, onCurve] in font units. */
  contours: [number, number, boolean][][];
}

export class Font {
  private readonly view: DataView;
  private readonly tables = new Map<string, number>();
  readonly unitsPerEm: number;
  private readonly locLong: boolean;
  private readonly numHMetrics: number;
  private readonly cmap = new Map<number, number>();
  private readonly cache = new Map<number, Glyph>();

  constructor(file: string) {
    const buf = readFileSync(file);
    this.view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
    const count = this.view.getUint16(4);
    for (let i = 0; i < count; i++) {
      const rec = 12 + i * 16;
      const tag = String.fromCharCode(...[0, 1, 2, 3].map((k) => this.view.getUint8(rec + k)));
      this.tables.set(tag, this.view.getUint32(rec + 8));
    }
    const head = this.table("head");
    this.unitsPerEm = this.view.getUint16(head + 18);
    this.locLong = this.view.getInt16(head + 50) === 1;
    this.numHMetrics = this.view.getUint16(this.table("hhea") + 34);
    this.readCmap();
  }

  private table(tag: string): number {
    const offset = this.tables.get(tag);
    if (offset === undefined) throw new Error(`font table ${tag} missing`);
    return offset;
  }

  private readCmap(): void {
    const base = this.table("cmap");
    const v = this.view;
    const count = v.getUint16(base + 2);
    for (let i = 0; i < count; i++) {
      const platform = v.getUint16(base + 4 + i * 8);
      const encoding = v.getUint16(base + 6 + i * 8);
      const sub = base + v.getUint32(base + 8 + i * 8);
      if (platform !== 3 || encoding !== 1 || v.getUint16(sub) !== 4) continue;
      const segX2 = v.getUint16(sub + 6);
      const ends = sub + 14;
      const starts = ends + segX2 + 2;
      const deltas = starts + segX2;
      const ranges = deltas + segX2;
      for (let s = 0; s < segX2 / 2; s++) {
        const end = v.getUint16(ends + s * 2);
        const start = v.getUint16(starts + s * 2);
        const delta = v.getInt16(deltas + s * 2);
        const rangeOffset = v.getUint16(ranges + s * 2);
        for (let c = start; c <= end && c < 0x2000; c++) {
          let glyph: number;
          if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
          else {
            const at = ranges + s * 2 + rangeOffset + (c - start) * 2;
            glyph = v.getUint16(at);
            if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
          }
          this.cmap.set(c, glyph);
        }
      }
      return;
    }
    throw new Error("no unicode cmap");
  }

  private glyph(index: number): Glyph {
    const cached = this.cache.get(index);
    if (cached) return cached;
    const v = this.view;
    const hmtx = this.table("hmtx");
    const advance = v.getUint16(hmtx + Math.min(index, this.numHMetrics - 1) * 4);
    const loca = this.table("loca");
    const start = this.locLong ? v.getUint32(loca + index * 4) : v.getUint16(loca + index * 2) * 2;
    const end = this.locLong ? v.getUint32(loca + index * 4 + 4) : v.getUint16(loca + index * 2 + 2) * 2;
    const glyph: Glyph = { advance, contours: [] };
    if (end > start) {
      const at = this.table("glyf") + start;
      const contours = v.getInt16(at);
      if (contours >= 0) glyph.contours = this.simple(at, contours);
      else glyph.contours = this.composite(at);
    }
    this.cache.set(index, glyph);
    return glyph;
  }

  private simple(at: number, count: number): [number, number, boolean][][] {
    const v = this.view;
    const endPts: number[] = [];
    for (let i = 0; i < count; i++) endPts.push(v.getUint16(at + 10 + i * 2));
    const points = (endPts[endPts.length - 1] ?? -1) + 1;
    let p = at + 10 + count * 2;
    p += 2 + v.getUint16(p);
    const flags: number[] = [];
    while (flags.length < points) {
      const f = v.getUint8(p++);
      flags.push(f);
      if (f & 8) {
        const repeat = v.getUint8(p++);
        for (let r = 0; r < repeat; r++) flags.push(f);
      }
    }
    const xs: number[] = [];
    let x = 0;
    for (const f of flags) {
      if (f & 2) {
        const dx = v.getUint8(p++);
        x += f & 16 ? dx : -dx;
      } else if (!(f & 16)) {
        x += v.getInt16(p);
        p += 2;
      }
      xs.push(x);
    }
    const ys: number[] = [];
    let y = 0;
    for (const f of flags) {
      if (f & 4) {
        const dy = v.getUint8(p++);
        y += f & 32 ? dy : -dy;
      } else if (!(f & 32)) {
        y += v.getInt16(p);
        p += 2;
      }
      ys.push(y);
    }
    const contours: [number, number, boolean][][] = [];
    let first = 0;
    for (const last of endPts) {
      const c: [number, number, boolean][] = [];
      for (let i = first; i <= last; i++) c.push([xs[i]!, ys[i]!, (flags[i]! & 1) === 1]);
      contours.push(c);
      first = last + 1;
    }
    return contours;
  }

  private composite(at: number): [number, number, boolean][][] {
    const v = this.view;
    let p = at + 10;
    const out: [number, number, boolean][][] = [];
    for (;;) {
      const flags = v.getUint16(p);
      const index = v.getUint16(p + 2);
      p += 4;
      let dx: number;
      let dy: number;
      if (flags & 1) {
        dx = v.getInt16(p);
        dy = v.getInt16(p + 2);
        p += 4;
      } else {
        dx = v.getInt8(p);
        dy = v.getInt8(p + 1);
        p += 2;
      }
      let sx = 1;
      let sy = 1;
      if (flags & 8) {
        sx = sy = v.getInt16(p) / 16384;
        p += 2;
      } else if (flags & 0x40) {
        sx = v.getInt16(p) / 16384;
        sy = v.getInt16(p + 2) / 16384;
        p += 4;
      } else if (flags & 0x80) {
        sx = v.getInt16(p) / 16384;
        sy = v.getInt16(p + 6) / 16384;
        p += 8;
      }
      for (const c of this.glyph(index).contours) out.push(c.map(([x, y, on]) => [x * sx + dx, y * sy + dy, on]));
      if (!(flags & 0x20)) break;
    }
    return out;
  }

  /** Advance width of text at a font size, including letter-spacing between glyphs. */
  measure(value: string, size: number, spacing = 0): number {
    const k = size / this.unitsPerEm;
    let w = 0;
    for (const ch of value) w += this.glyph(this.cmap.get(ch.codePointAt(0)!) ?? 0).advance * k + spacing;
    return w - spacing;
  }

  /** Outline path data (relative commands) for text whose baseline starts at (x, y). */
  path(value: string, x: number, y: number, size: number, spacing = 0, decimals = 2): string {
    const k = size / this.unitsPerEm;
    const f = 10 ** decimals;
    const round = (v: number) => Math.round(v * f) / f;
    const num = (v: number) => n(v, decimals);
    let d = "";
    // Current point, always on the rounded grid so relative steps never drift.
    let cx = 0;
    let cy = 0;
    const to = (cmd: "m" | "l", p: readonly [number, number]) => {
      const px = round(p[0]);
      const py = round(p[1]);
      d += `${cmd}${num(px - cx)} ${num(py - cy)}`;
      cx = px;
      cy = py;
    };
    const quad = (c: readonly [number, number], end: readonly [number, number]) => {
      const ex = round(end[0]);
      const ey = round(end[1]);
      d += `q${num(round(c[0]) - cx)} ${num(round(c[1]) - cy)} ${num(ex - cx)} ${num(ey - cy)}`;
      cx = ex;
      cy = ey;
    };
    let pen = x;
    for (const ch of value) {
      const glyph = this.glyph(this.cmap.get(ch.codePointAt(0)!) ?? 0);
      for (const contour of glyph.contours) {
        const pts = contour.map(([gx, gy, on]) => [pen + gx * k, y - gy * k, on] as const);
        if (pts.length === 0) continue;
        // Start on an on-curve point (or the midpoint of two off-curve points).
        let startIdx = pts.findIndex((q) => q[2]);
        let start: readonly [number, number];
        if (startIdx < 0) {
          const a = pts[0]!;
          const b = pts[1 % pts.length]!;
          start = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
          startIdx = 0;
        } else start = [pts[startIdx]![0], pts[startIdx]![1]];
        to("m", start);
        const sx = cx;
        const sy = cy;
        let control: readonly [number, number] | undefined;
        for (let i = 1; i <= pts.length; i++) {
          const q = pts[(startIdx + i) % pts.length]!;
          if (q[2]) {
            if (control) quad(control, [q[0], q[1]]);
            else to("l", [q[0], q[1]]);
            control = undefined;
          } else {
            if (control) quad(control, [(control[0] + q[0]) / 2, (control[1] + q[1]) / 2]);
            control = [q[0], q[1]];
          }
        }
        if (control) quad(control, start);
        d += "z";
        // After closing, the current point is the subpath's start.
        cx = sx;
        cy = sy;
      }
      pen += glyph.advance * k + spacing;
    }
    return d.replaceAll(" -", "-");
  }
}

const FONT_DIR = "/usr/share/fonts/truetype";
const loaded = new Map<string, Font>();

/** Fonts used for outlined wordmarks (present on Debian/Ubuntu via fonts-liberation, fonts-dejavu). */
export function font(name: "sans-bold" | "sans" | "narrow-bold" | "dejavu-bold" | "dejavu-condensed-bold"): Font {
  const files = {
    "sans-bold": "liberation/LiberationSans-Bold.ttf",
    sans: "liberation/LiberationSans-Regular.ttf",
    "narrow-bold": "liberation/LiberationSansNarrow-Bold.ttf",
    "dejavu-bold": "dejavu/DejaVuSans-Bold.ttf",
    "dejavu-condensed-bold": "dejavu/DejaVuSansCondensed-Bold.ttf",
  } as const;
  const existing = loaded.get(name);
  if (existing) return existing;
  const f = new Font(`${FONT_DIR}/${files[name]}`);
  loaded.set(name, f);
  return f;
}
