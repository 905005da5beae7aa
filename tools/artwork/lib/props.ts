/** Desk props seen from above: pencil, scale rule, coffee cup, hard hat, tablet. */
import { C, el, n, rect } from "./svg.ts";

const at = (x: number, y: number, angle: number) => `translate(${n(x)} ${n(y)}) rotate(${n(angle)})`;

export function shadowRect(x: number, y: number, w: number, h: number, blur = 10, opacity = 0.35, rx = 2): string {
  const layers: string[] = [];
  for (let i = 3; i >= 1; i--) {
    const g = (blur * i) / 3;
    layers.push(
      rect(x - g / 2 + blur * 0.4, y - g / 2 + blur * 0.8, w + g, h + g, {
        rx: rx + g / 2,
        fill: "#000",
        "fill-opacity": n(opacity / 3, 3),
      }),
    );
  }
  return layers.join("");
}

/** Hexagonal pencil, length along +x from the origin, rotated by angle (degrees). */
export function pencil(x: number, y: number, angle: number, length = 300): string {
  const w = 11;
  return el("g", { transform: at(x, y, angle) }, [
    rect(4, -w / 2 + 4, length, w, { rx: 2, fill: "#000", "fill-opacity": 0.3 }),
    el("path", {
      d: `M0 0L${n(length * 0.08)} ${n(-w / 2)}H${n(length)}V${n(w / 2)}H${n(length * 0.08)}Z`,
      fill: C.orange,
    }),
    rect(length * 0.08, -w / 2, length * 0.92, w / 3, { fill: C.amber }),
    rect(length * 0.08, w / 6, length * 0.92, w / 3, { fill: "#c95416" }),
    el("path", { d: `M0 0L${n(length * 0.08)} ${n(-w / 2)}V${n(w / 2)}Z`, fill: "#e8c9a8" }),
    el("path", { d: `M0 0L${n(length * 0.03)} ${n(-w * 0.19)}V${n(w * 0.19)}Z`, fill: C.slate }),
    rect(length - 22, -w / 2, 14, w, { fill: C.pale }),
    rect(length - 8, -w / 2, 8, w, { rx: 2, fill: C.mid }),
  ]);
}

/** Triangular engineer's scale with graduations. */
export function scaleRule(x: number, y: number, angle: number, length = 520): string {
  const h = 34;
  let ticks = "";
  for (let i = 0; i <= length - 20; i += 6) {
    const major = i % 60 === 0;
    ticks += `M${n(10 + i)} 0v${major ? 12 : i % 30 === 0 ? 8 : 5}`;
  }
  return el("g", { transform: at(x, y, angle) }, [
    rect(5, 8, length, h, { rx: 3, fill: "#000", "fill-opacity": 0.3 }),
    rect(0, 0, length, h, { rx: 3, fill: C.mist }),
    rect(0, h * 0.55, length, h * 0.45, { rx: 3, fill: C.pale }),
    el("path", { d: ticks, stroke: C.steel, "stroke-width": 1 }),
  ]);
}

/** Coffee cup from above. */
export function cup(x: number, y: number, r = 46): string {
  return [
    el("circle", { cx: n(x + 6), cy: n(y + 10), r: n(r + 2), fill: "#000", "fill-opacity": 0.3 }),
    el("path", { d: `M${n(x + r - 4)} ${n(y - 10)}h${n(r * 0.55)}a10 10 0 0 1 0 20h${n(-r * 0.55)}z`, fill: C.mist }),
    el("circle", { cx: n(x), cy: n(y), r: n(r), fill: C.mist }),
    el("circle", { cx: n(x), cy: n(y), r: n(r * 0.8), fill: "#3b2a20" }),
    el("circle", { cx: n(x - r * 0.22), cy: n(y - r * 0.25), r: n(r * 0.2), fill: "#5a4030" }),
  ].join("");
}

/** Hard hat from above: brim with a front peak, domed shell, central ridge and a sheen. */
export function hardHat(x: number, y: number, angle: number, scale = 1, color: string = C.orange): string {
  const light = color === C.orange ? C.amber : "#ffffff";
  const brim = color === C.orange ? "#c95416" : C.pale;
  return el("g", { transform: `${at(x, y, angle)} scale(${n(scale, 2)})` }, [
    el("path", {
      d: "M-96 0C-96-52-56-82 0-82S112-56 124 0C112 56 56 82 0 82S-96 52-96 0Z",
      fill: "#000",
      "fill-opacity": 0.3,
      transform: "translate(8 12)",
    }),
    el("path", { d: "M-96 0C-96-52-56-82 0-82S112-56 124 0C112 56 56 82 0 82S-96 52-96 0Z", fill: brim }),
    el("ellipse", { cx: -8, cy: 0, rx: 80, ry: 64, fill: color }),
    el("path", { d: "M-86 -9C-40-13 30-13 70-9V9C30 13-40 13-86 9Z", fill: light, "fill-opacity": 0.8 }),
    el("path", {
      d: "M-80 -34C-40-42 30-42 64-34M-80 34C-40 42 30 42 64 34",
      stroke: brim,
      "stroke-width": 3,
      fill: "none",
    }),
    el("ellipse", { cx: -30, cy: -30, rx: 30, ry: 16, fill: "#fff", "fill-opacity": 0.16 }),
  ]);
}
