/**
 * Renders scene items to SVG markup: solids in depth order with hidden faces culled, pieces of one
 * style merged into one path, and unsorted line layers (lattices, cables, grids).
 */
import { type Attrs, el, n, type Pt } from "../svg.ts";
import type { Camera } from "./camera.ts";
import { type Prepared, sortItems, vertsOf } from "./depth-order.ts";
import { area, convexHull, hullsOverlap, perimeter, visibleMask } from "./polygons.ts";
import { type Lighting, shade } from "./shading.ts";
import type { Item, Segment } from "./solids.ts";
import { add, dot, lerp3, mulv } from "./vector.ts";

export interface Edges {
  color: string;
  width: number;
  opacity: number;
}

export interface RenderOptions {
  camera: Camera;
  lighting: Lighting;
  edges?: Edges;
  /** Decimals kept in coordinates (0 suits large raster art). */
  precision?: number;
  /** Faces smaller than this many square pixels are dropped. */
  minArea?: number;
  /** Sliver faces thinner than this many pixels are dropped (edge strokes cover them). */
  minWidth?: number;
  /** Canvas size: when given, faces that end up fully hidden or off-canvas are dropped. */
  viewport?: { width: number; height: number };
}

interface Piece {
  key: string;
  points: Pt[];
  attrs: Attrs;
  box: readonly [number, number, number, number];
  /** Convex outline used for overlap tests. */
  hull: Pt[];
}

/** Compact relative path data; deltas are taken between rounded points so nothing drifts. */
export function relPath(polys: readonly Pt[][], decimals: number, close = true): string {
  const f = 10 ** decimals;
  const r = (v: number) => Math.round(v * f) / f;
  const num = (v: number) => n(v, decimals);
  let d = "";
  let cx = 0;
  let cy = 0;
  for (const pts of polys) {
    let chained = false;
    pts.forEach((p, i) => {
      const x = r(p[0]);
      const y = r(p[1]);
      if (i === 0) {
        chained = !close && d !== "" && x === cx && y === cy;
        if (!chained) d += d ? `m${num(x - cx)} ${num(y - cy)}` : `M${num(x)} ${num(y)}`;
      } else d += `${i === 1 && !chained ? "l" : " "}${num(x - cx)} ${num(y - cy)}`;
      cx = x;
      cy = y;
    });
    if (close) {
      d += "z";
      cx = r(pts[0]![0]);
      cy = r(pts[0]![1]);
    }
  }
  return d.replaceAll(" -", "-");
}

const boxesOverlap = (a: Piece["box"], b: Piece["box"]) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/** Renders items to SVG markup (one <g>). Pieces of one style are merged into one path wherever nothing in between overlaps them. */
export function render(items: readonly Item[], opts: RenderOptions): string {
  const { camera, lighting } = opts;
  const decimals = opts.precision ?? 1;
  const minArea = opts.minArea ?? 0.6;
  const minWidth = opts.minWidth ?? 0.5;
  const prepared: Prepared[] = items.map((item) => {
    const verts = vertsOf(item);
    const screen = verts.map((p) => camera.project(p));
    const hull = convexHull(screen.map((s) => [s.x, s.y] as Pt));
    const centroid = mulv(verts.reduce(add, [0, 0, 0]), 1 / verts.length);
    return {
      item,
      screen,
      hull,
      minX: Math.min(...screen.map((s) => s.x)),
      maxX: Math.max(...screen.map((s) => s.x)),
      minY: Math.min(...screen.map((s) => s.y)),
      maxY: Math.max(...screen.map((s) => s.y)),
      depth: camera.project(centroid).depth,
    };
  });
  const sorted = sortItems(prepared, camera);
  const groups: { key: string; attrs: Attrs; pieces: Piece[]; lines: boolean }[] = [];
  const place = (piece: Piece, isLine: boolean) => {
    for (let gi = groups.length - 1; gi >= 0; gi--) {
      const group = groups[gi]!;
      if (group.key === piece.key) {
        group.pieces.push(piece);
        return;
      }
      if (group.pieces.some((other) => boxesOverlap(other.box, piece.box) && hullsOverlap(other.hull, piece.hull)))
        break;
    }
    groups.push({ key: piece.key, attrs: piece.attrs, pieces: [piece], lines: isLine });
  };
  const bboxOf = (pts: Pt[], pad: number): Piece["box"] => [
    Math.min(...pts.map((q) => q[0])) - pad,
    Math.min(...pts.map((q) => q[1])) - pad,
    Math.max(...pts.map((q) => q[0])) + pad,
    Math.max(...pts.map((q) => q[1])) + pad,
  ];
  const ordered: { piece: Piece; isLine: boolean }[] = [];
  for (const p of sorted) {
    const item = p.item;
    if (item.kind === "line") {
      const mid = lerp3(item.a, item.b, 0.5);
      const w = Math.max(item.minPx ?? 0.6, item.width * camera.pixelsPerUnit(mid));
      const points: Pt[] = [
        [p.screen[0]!.x, p.screen[0]!.y],
        [p.screen[1]!.x, p.screen[1]!.y],
      ];
      const at: Attrs = {
        fill: "none",
        stroke: item.color,
        "stroke-width": n(Math.round(w * 4) / 4, 2),
        "stroke-opacity": item.opacity,
        "stroke-dasharray": item.dash,
        "stroke-linecap": "round",
      };
      const [a, b] = points as [Pt, Pt];
      const l = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
      const ox = (-(b[1] - a[1]) / l) * (w / 2 + 0.5);
      const oy = ((b[0] - a[0]) / l) * (w / 2 + 0.5);
      const hull: Pt[] = [
        [a[0] + ox, a[1] + oy],
        [b[0] + ox, b[1] + oy],
        [b[0] - ox, b[1] - oy],
        [a[0] - ox, a[1] - oy],
      ];
      ordered.push({
        piece: { key: JSON.stringify(at), points, attrs: at, box: bboxOf(points, w / 2 + 1), hull },
        isLine: true,
      });
      continue;
    }
    item.faces.forEach((face, fi) => {
      const normal = item.normals[fi]!;
      const fc = mulv(face.map((i) => item.verts[i]!).reduce(add, [0, 0, 0]), 1 / face.length);
      if (dot(normal, camera.toEye(fc)) <= 1e-9) return;
      const points = face.map((i) => [p.screen[i]!.x, p.screen[i]!.y] as Pt);
      const a = area(points);
      if (a < minArea || (2 * a) / perimeter(points) < minWidth) return;
      const fill = shade(item.material, normal, fc, camera, lighting);
      const at: Attrs = { fill, "fill-opacity": item.material.opacity };
      if (item.material.edge !== undefined) at.stroke = item.material.edge ?? "none";
      ordered.push({
        piece: { key: JSON.stringify(at), points, attrs: at, box: bboxOf(points, 1), hull: points },
        isLine: false,
      });
    });
  }
  const visible = opts.viewport
    ? visibleMask(
        ordered.map((o) => o.piece.hull),
        opts.viewport,
      )
    : undefined;
  ordered.forEach((o, i) => {
    if (!visible || visible[i]) place(o.piece, o.isLine);
  });
  const out = groups.map((group) =>
    el("path", {
      d: relPath(
        group.pieces.map((pc) => pc.points),
        decimals,
        !group.lines,
      ),
      ...group.attrs,
    }),
  );
  const e = opts.edges;
  const groupAttrs: Attrs = e
    ? { stroke: e.color, "stroke-width": e.width, "stroke-opacity": e.opacity, "stroke-linejoin": "round" }
    : {};
  return el("g", groupAttrs, out);
}

/** Renders segments without depth sorting (lattice cranes, cables, grids), one path per style. */
export function renderLines(lines: readonly Segment[], camera: Camera, precision = 1): string {
  const groups = new Map<string, { attrs: Attrs; polys: Pt[][] }>();
  for (const l of lines) {
    const w = Math.max(l.minPx ?? 0.6, l.width * camera.pixelsPerUnit(lerp3(l.a, l.b, 0.5)));
    const at: Attrs = {
      fill: "none",
      stroke: l.color,
      "stroke-width": n(Math.round(w * 4) / 4, 2),
      "stroke-opacity": l.opacity,
      "stroke-dasharray": l.dash,
      "stroke-linecap": "round",
    };
    const key = JSON.stringify(at);
    const a = camera.project(l.a);
    const b = camera.project(l.b);
    const entry = groups.get(key) ?? { attrs: at, polys: [] };
    entry.polys.push([
      [a.x, a.y],
      [b.x, b.y],
    ]);
    groups.set(key, entry);
  }
  return [...groups.values()].map((gr) => el("path", { d: relPath(gr.polys, precision, false), ...gr.attrs })).join("");
}
