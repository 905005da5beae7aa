/** Small helpers for writing compact, valid SVG markup by hand. */

export type Pt = readonly [number, number];

/** Brand palette (see DESIGN.md): deep navy / steel greys with a safety-orange accent. */
export const C = {
  ink: "#0c1420",
  navy: "#162030",
  slate: "#243042",
  steel: "#354357",
  mid: "#566a84",
  pale: "#a3b0c2",
  mist: "#e6eaf0",
  paper: "#f4f6f9",
  orange: "#f26b1d",
  amber: "#ff8a47",
} as const;

export const FONT = "DejaVu Sans, Arial, sans-serif";
export const MONO = "DejaVu Sans Mono, Consolas, monospace";

/** Formats a coordinate with at most one decimal, as short as possible ("0.5" -> ".5"). */
export function n(value: number, decimals = 1): string {
  const f = 10 ** decimals;
  let r = Math.round(value * f) / f;
  if (Object.is(r, -0)) r = 0;
  let s = String(r);
  if (s.startsWith("0.")) s = s.slice(1);
  else if (s.startsWith("-0.")) s = `-${s.slice(2)}`;
  return s;
}

export type AttrValue = string | number | undefined | null | false;
export type Attrs = Record<string, AttrValue>;

function escapeXml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

export function attrs(a: Attrs): string {
  let out = "";
  for (const [key, value] of Object.entries(a)) {
    if (value === undefined || value === null || value === false) continue;
    out += ` ${key}="${typeof value === "number" ? n(value, 2) : escapeXml(value)}"`;
  }
  return out;
}

/** An element; children are raw markup (already built with these helpers). */
export function el(tag: string, a: Attrs = {}, children?: string | readonly string[]): string {
  const inner = Array.isArray(children) ? children.join("") : (children ?? "");
  return inner ? `<${tag}${attrs(a)}>${inner}</${tag}>` : `<${tag}${attrs(a)}/>`;
}

export function text(content: string, a: Attrs): string {
  return `<text${attrs({ "font-family": FONT, ...a })}>${escapeXml(content)}</text>`;
}

export function g(a: Attrs, children: string | readonly string[]): string {
  return el("g", a, children);
}

/** Path data for a polyline / polygon: "M1 2L3 4 5 6Z". */
export function poly(points: readonly Pt[], close = true): string {
  if (points.length === 0) return "";
  const [first, ...rest] = points;
  let d = `M${n(first![0])} ${n(first![1])}`;
  if (rest.length) d += `L${rest.map(([x, y]) => `${n(x)} ${n(y)}`).join(" ")}`;
  return close ? `${d}Z` : d;
}

export function path(d: string, a: Attrs = {}): string {
  return el("path", { d, ...a });
}

export function rect(x: number, y: number, w: number, h: number, a: Attrs = {}): string {
  return el("rect", { x: n(x), y: n(y), width: n(w), height: n(h), ...a });
}

export function line(x1: number, y1: number, x2: number, y2: number, a: Attrs = {}): string {
  return el("line", { x1: n(x1), y1: n(y1), x2: n(x2), y2: n(y2), ...a });
}

export function circle(cx: number, cy: number, r: number, a: Attrs = {}): string {
  return el("circle", { cx: n(cx), cy: n(cy), r: n(r), ...a });
}

/** Many straight segments sharing one style, as a single path. */
export function segments(list: readonly (readonly [number, number, number, number])[]): string {
  return list.map(([x1, y1, x2, y2]) => `M${n(x1)} ${n(y1)}L${n(x2)} ${n(y2)}`).join("");
}

export interface Stop {
  offset: number;
  color: string;
  opacity?: number;
}

export function linearGradient(
  id: string,
  stops: readonly Stop[],
  dir: { x1?: number; y1?: number; x2?: number; y2?: number } = { x2: 0, y2: 1 },
  extra: Attrs = {},
): string {
  return el(
    "linearGradient",
    { id, x1: dir.x1 ?? 0, y1: dir.y1 ?? 0, x2: dir.x2 ?? 0, y2: dir.y2 ?? 1, ...extra },
    stops.map((s) => el("stop", { offset: s.offset, "stop-color": s.color, "stop-opacity": s.opacity })),
  );
}

export function radialGradient(id: string, stops: readonly Stop[], extra: Attrs = {}): string {
  return el(
    "radialGradient",
    { id, ...extra },
    stops.map((s) => el("stop", { offset: s.offset, "stop-color": s.color, "stop-opacity": s.opacity })),
  );
}

export interface SvgDocument {
  width: number;
  height: number;
  title: string;
  defs?: readonly string[];
  body: readonly string[];
  /** viewBox size when it differs from width/height (logos). */
  viewBox?: string;
}

export function svgDocument(doc: SvgDocument): string {
  const defs = doc.defs?.length ? el("defs", {}, doc.defs) : "";
  const head = `<svg xmlns="http://www.w3.org/2000/svg" width="${doc.width}" height="${doc.height}" viewBox="${doc.viewBox ?? `0 0 ${doc.width} ${doc.height}`}" role="img">`;
  return `${head}<title>${escapeXml(doc.title)}</title>${defs}${doc.body.join("")}</svg>\n`;
}

/** Deterministic pseudo-random numbers (mulberry32), so regenerated art is byte-identical. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
