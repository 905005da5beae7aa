/** 2D scenery: skies, city silhouettes, water, ground haze. */
import { C, el, linearGradient, n, type Pt, poly, radialGradient, rect, rng } from "./svg.ts";

export interface SkylineOptions {
  seed: number;
  x0: number;
  x1: number;
  /** Screen y of the ground line. */
  base: number;
  minH: number;
  maxH: number;
  minW: number;
  maxW: number;
  color: string;
  /** Lit windows: colour and probability per slot. */
  windows?: { color: string; chance: number; opacity?: number };
  /** Optional height profile multiplier over x (0..1 across the span). */
  profile?: (t: number) => number;
}

/** A row of building silhouettes (one path) with optional sparse window lights. */
export function skyline(o: SkylineOptions): string {
  const r = rng(o.seed);
  const shapes: Pt[][] = [];
  const lights: string[] = [];
  let x = o.x0 - r() * o.maxW;
  while (x < o.x1) {
    const w = o.minW + r() * (o.maxW - o.minW);
    const t = (x - o.x0) / Math.max(1, o.x1 - o.x0);
    const h = (o.minH + r() ** 1.6 * (o.maxH - o.minH)) * (o.profile ? o.profile(Math.min(1, Math.max(0, t))) : 1);
    const top = o.base - h;
    const style = r();
    if (style < 0.2 && h > o.minH * 1.5) {
      // Setback tower.
      const inset = w * 0.18;
      shapes.push([
        [x, o.base],
        [x, top + h * 0.25],
        [x + inset, top + h * 0.25],
        [x + inset, top],
        [x + w - inset, top],
        [x + w - inset, top + h * 0.25],
        [x + w, top + h * 0.25],
        [x + w, o.base],
      ]);
    } else if (style < 0.32) {
      // Slanted crown.
      shapes.push([
        [x, o.base],
        [x, top + w * 0.3],
        [x + w, top],
        [x + w, o.base],
      ]);
    } else {
      shapes.push([
        [x, o.base],
        [x, top],
        [x + w, top],
        [x + w, o.base],
      ]);
      if (style > 0.9 && h > o.minH * 2) {
        const ax = x + w * 0.5;
        shapes.push([
          [ax - 0.8, top],
          [ax - 0.8, top - h * 0.18],
          [ax + 0.8, top - h * 0.18],
          [ax + 0.8, top],
        ]);
      }
    }
    if (o.windows && w > 10) {
      const rows = Math.floor((h - 6) / 7);
      const cols = Math.floor((w - 4) / 6);
      for (let i = 0; i < rows; i++) {
        for (let j = 0; j < cols; j++) {
          if (r() < o.windows.chance) lights.push(`M${n(x + 3 + j * 6)} ${n(top + 5 + i * 7)}h2.4v2.6h-2.4z`);
        }
      }
    }
    x += w + (r() < 0.3 ? r() * o.minW : 0);
  }
  const d = shapes.map((s) => poly(s)).join("");
  let out = el("path", { d, fill: o.color });
  if (lights.length && o.windows) {
    out += el("path", { d: lights.join(""), fill: o.windows.color, "fill-opacity": o.windows.opacity ?? 0.7 });
  }
  return out;
}

/** Dusk sky: deep navy zenith to a warm horizon glow at glowX. Returns defs and body markup. */
export function duskSky(
  id: string,
  w: number,
  h: number,
  horizon: number,
  glowX: number,
  glow = 0.55,
): { defs: string[]; body: string[] } {
  const t = Math.min(0.98, horizon / h);
  const defs = [
    linearGradient(`${id}-sky`, [
      { offset: 0, color: C.ink },
      { offset: t * 0.55, color: C.navy },
      { offset: t * 0.92, color: "#2c3a50" },
      { offset: t, color: "#4a5870" },
      { offset: Math.min(1, t + 0.001), color: C.ink },
      { offset: 1, color: C.ink },
    ]),
    radialGradient(
      `${id}-glow`,
      [
        { offset: 0, color: C.amber, opacity: glow },
        { offset: 0.35, color: C.orange, opacity: glow * 0.35 },
        { offset: 1, color: C.orange, opacity: 0 },
      ],
      {
        cx: glowX,
        cy: horizon,
        r: w * 0.55,
        gradientUnits: "userSpaceOnUse",
        gradientTransform: `translate(${n(glowX)} ${n(horizon)}) scale(1 .32) translate(${n(-glowX)} ${n(-horizon)})`,
      },
    ),
  ];
  const body = [rect(0, 0, w, h, { fill: `url(#${id}-sky)` }), rect(0, 0, w, horizon, { fill: `url(#${id}-glow)` })];
  return { defs, body };
}

/** Horizontal darkening so overlaid text stays legible (left side of heroes). */
export function sideShade(
  id: string,
  w: number,
  h: number,
  until: number,
  opacity: number,
): { def: string; body: string } {
  return {
    def: linearGradient(
      id,
      [
        { offset: 0, color: C.ink, opacity },
        { offset: until * 0.6, color: C.ink, opacity: opacity * 0.75 },
        { offset: until, color: C.ink, opacity: 0 },
      ],
      { x2: 1, y2: 0 },
    ),
    body: rect(0, 0, w, h, { fill: `url(#${id})` }),
  };
}

/** Faint drafting grid (minor and major lines). */
export function draftGrid(w: number, h: number, step: number, color: string, opacity: number, majorEvery = 5): string {
  let minor = "";
  let major = "";
  for (let i = 0; i * step <= w; i++) {
    const d = `M${n(i * step)} 0V${n(h)}`;
    if (i % majorEvery) minor += d;
    else major += d;
  }
  for (let i = 0; i * step <= h; i++) {
    const d = `M0 ${n(i * step)}H${n(w)}`;
    if (i % majorEvery) minor += d;
    else major += d;
  }
  return (
    el("path", { d: minor, stroke: color, "stroke-opacity": opacity, "stroke-width": 0.6, fill: "none" }) +
    el("path", {
      d: major,
      stroke: color,
      "stroke-opacity": Math.min(1, opacity * 1.8),
      "stroke-width": 0.9,
      fill: "none",
    })
  );
}
