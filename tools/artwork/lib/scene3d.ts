/**
 * A tiny flat-shaded 3D renderer that writes SVG polygons.
 *
 * Scenes are lists of convex solids (boxes, prisms) and line segments. Solids are drawn with
 * back-face culling; their order comes from a separating-plane test between every pair whose
 * screen outlines overlap (exact for convex, non-intersecting solids), falling back to distance.
 */
import { add as addRgb, hex, mix, mul, type RGB, scale as scaleRgb, toHex } from "./color.ts";
import { type Attrs, el, n, type Pt } from "./svg.ts";

export type V3 = readonly [number, number, number];

export const add = (a: V3, b: V3): V3 => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a: V3, b: V3): V3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const mulv = (a: V3, k: number): V3 => [a[0] * k, a[1] * k, a[2] * k];
export const dot = (a: V3, b: V3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
export const cross = (a: V3, b: V3): V3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
export const len = (a: V3): number => Math.hypot(a[0], a[1], a[2]);
export const norm = (a: V3): V3 => {
  const l = len(a) || 1;
  return [a[0] / l, a[1] / l, a[2] / l];
};
export const lerp3 = (a: V3, b: V3, t: number): V3 => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];
export const X: V3 = [1, 0, 0];
export const Y: V3 = [0, 1, 0];
export const Z: V3 = [0, 0, 1];

export interface Projected {
  x: number;
  y: number;
  /** Distance along the view direction (larger = farther). */
  depth: number;
}

export interface Camera {
  project(p: V3): Projected;
  /** A vector pointing from p toward the viewer. */
  toEye(p: V3): V3;
  /** Screen pixels per world unit at p. */
  pixelsPerUnit(p: V3): number;
}

/** Perspective camera; world Z is up. focal is in pixels (≈ width / (2·tan(fov/2))). */
export function perspective(opts: {
  eye: V3;
  target: V3;
  focal: number;
  cx: number;
  cy: number;
  roll?: number;
}): Camera {
  const forward = norm(sub(opts.target, opts.eye));
  let right = norm(cross(forward, Z));
  let up = cross(right, forward);
  if (opts.roll) {
    const c = Math.cos(opts.roll);
    const s = Math.sin(opts.roll);
    const r2 = add(mulv(right, c), mulv(up, s));
    up = add(mulv(up, c), mulv(right, -s));
    right = r2;
  }
  return {
    project(p) {
      const d = sub(p, opts.eye);
      const z = Math.max(dot(d, forward), 0.05);
      return { x: opts.cx + (opts.focal * dot(d, right)) / z, y: opts.cy - (opts.focal * dot(d, up)) / z, depth: z };
    },
    toEye: (p) => sub(opts.eye, p),
    pixelsPerUnit(p) {
      return opts.focal / Math.max(dot(sub(p, opts.eye), forward), 0.05);
    },
  };
}

/**
 * Parallel (axonometric) camera. azimuth: angle of the viewer around Z from +X (radians);
 * elevation: angle above the horizon. Isometric is azimuth = -45°, elevation ≈ 35.264°.
 */
export function axonometric(opts: {
  azimuth: number;
  elevation: number;
  scale: number;
  cx: number;
  cy: number;
  origin?: V3;
}): Camera {
  const toViewer: V3 = [
    Math.cos(opts.elevation) * Math.cos(opts.azimuth),
    Math.cos(opts.elevation) * Math.sin(opts.azimuth),
    Math.sin(opts.elevation),
  ];
  const forward = mulv(toViewer, -1);
  const right = norm(cross(forward, Z));
  const up = cross(right, forward);
  const o = opts.origin ?? [0, 0, 0];
  return {
    project(p) {
      const d = sub(p, o);
      return { x: opts.cx + opts.scale * dot(d, right), y: opts.cy - opts.scale * dot(d, up), depth: dot(d, forward) };
    },
    toEye: () => toViewer,
    pixelsPerUnit: () => opts.scale,
  };
}

export const deg = (d: number): number => (d * Math.PI) / 180;

// ---------------------------------------------------------------------------------------------
// Geometry

export interface Material {
  color: string;
  /** Fill opacity (ghosted members). */
  opacity?: number;
  /** Ignore lighting (screens, lamps, glowing accents). */
  flat?: boolean;
  /** Per-material edge colour; null hides edges. */
  edge?: string | null;
}

export interface Solid {
  kind: "solid";
  verts: V3[];
  faces: number[][];
  normals: V3[];
  axes: V3[];
  edges: V3[];
  material: Material;
}

export interface Segment {
  kind: "line";
  a: V3;
  b: V3;
  color: string;
  /** Width in world units (scaled by perspective); at least minPx pixels. */
  width: number;
  minPx?: number;
  opacity?: number;
  dash?: string;
}

export type Item = Solid | Segment;

function pushUnique(list: V3[], d: V3): void {
  const u = norm(d);
  if (len(d) < 1e-9) return;
  for (const e of list) if (Math.abs(Math.abs(dot(e, u)) - 1) < 1e-6) return;
  list.push(u);
}

/** Builds a convex polyhedron; face windings are fixed up automatically. */
export function polyhedron(verts: V3[], faces: number[][], material: Material): Solid {
  const centroid = mulv(verts.reduce(add, [0, 0, 0]), 1 / verts.length);
  const normals: V3[] = [];
  const axes: V3[] = [];
  const edges: V3[] = [];
  const fixed: number[][] = [];
  for (const face of faces) {
    const p = face.map((i) => verts[i]!);
    let nrm: V3 = [0, 0, 0];
    for (let i = 0; i < p.length; i++) {
      const a = p[i]!;
      const b = p[(i + 1) % p.length]!;
      nrm = add(nrm, cross(a, b));
    }
    nrm = norm(nrm);
    const fc = mulv(p.reduce(add, [0, 0, 0]), 1 / p.length);
    if (dot(nrm, sub(fc, centroid)) < 0) {
      nrm = mulv(nrm, -1);
      fixed.push([...face].reverse());
    } else fixed.push(face);
    normals.push(nrm);
    pushUnique(axes, nrm);
    for (let i = 0; i < p.length; i++) pushUnique(edges, sub(p[(i + 1) % p.length]!, p[i]!));
  }
  return { kind: "solid", verts, faces: fixed, normals, axes, edges, material };
}

/** Box spanned from corner o by three edge vectors. */
export function box(o: V3, ex: V3, ey: V3, ez: V3, material: Material): Solid {
  const v: V3[] = [];
  for (let k = 0; k < 8; k++) {
    let p = o;
    if (k & 1) p = add(p, ex);
    if (k & 2) p = add(p, ey);
    if (k & 4) p = add(p, ez);
    v.push(p);
  }
  const faces = [
    [0, 1, 3, 2],
    [4, 5, 7, 6],
    [0, 1, 5, 4],
    [2, 3, 7, 6],
    [0, 2, 6, 4],
    [1, 3, 7, 5],
  ];
  return polyhedron(v, faces, material);
}

/** Axis-aligned box from min corner to max corner. */
export function aabb(min: V3, max: V3, material: Material): Solid {
  return box(min, [max[0] - min[0], 0, 0], [0, max[1] - min[1], 0], [0, 0, max[2] - min[2]], material);
}

/** Extrudes a convex planar polygon along h. */
export function prism(base: readonly V3[], h: V3, material: Material): Solid {
  const m = base.length;
  const verts = [...base, ...base.map((p) => add(p, h))];
  const faces = [base.map((_, i) => i), base.map((_, i) => i + m)];
  for (let i = 0; i < m; i++) faces.push([i, (i + 1) % m, ((i + 1) % m) + m, i + m]);
  return polyhedron(verts, faces, material);
}

export function seg(a: V3, b: V3, color: string, width: number, extra: Partial<Segment> = {}): Segment {
  return { kind: "line", a, b, color, width, ...extra };
}

// ---------------------------------------------------------------------------------------------
// Rendering

export interface Light {
  /** Direction toward the light. */
  dir: V3;
  color: string;
  intensity: number;
}

export interface Lighting {
  lights: Light[];
  ambient: string;
  ambientIntensity: number;
  fog?: { color: string; near: number; far: number; max: number };
}

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

interface Prepared {
  item: Item;
  screen: Projected[];
  hull: Pt[];
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
  depth: number;
}

function convexHull(points: Pt[]): Pt[] {
  const pts = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (pts.length <= 2) return pts;
  const crossZ = (o: Pt, a: Pt, b: Pt) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Pt[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && crossZ(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Pt[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && crossZ(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

function hullsOverlap(a: Pt[], b: Pt[]): boolean {
  const test = (p: Pt[], q: Pt[]) => {
    for (let i = 0; i < p.length; i++) {
      const s = p[i]!;
      const e = p[(i + 1) % p.length]!;
      const ax = -(e[1] - s[1]);
      const ay = e[0] - s[0];
      if (ax === 0 && ay === 0) continue;
      let pMin = Infinity;
      let pMax = -Infinity;
      let qMin = Infinity;
      let qMax = -Infinity;
      for (const v of p) {
        const d = v[0] * ax + v[1] * ay;
        pMin = Math.min(pMin, d);
        pMax = Math.max(pMax, d);
      }
      for (const v of q) {
        const d = v[0] * ax + v[1] * ay;
        qMin = Math.min(qMin, d);
        qMax = Math.max(qMax, d);
      }
      const tol = 1e-3 * Math.hypot(ax, ay);
      if (pMax <= qMin + tol || qMax <= pMin + tol) return false;
    }
    return true;
  };
  return test(a, b) && test(b, a);
}

const vertsOf = (item: Item): V3[] => (item.kind === "solid" ? item.verts : [item.a, item.b]);

/** Returns +1 when a must be drawn before b, -1 for the reverse, 0 when unknown. */
function order(a: Item, b: Item, camera: Camera): number {
  const va = vertsOf(a);
  const vb = vertsOf(b);
  const axes: V3[] = [];
  const edgesA = a.kind === "solid" ? a.edges : [norm(sub(a.b, a.a))];
  const edgesB = b.kind === "solid" ? b.edges : [norm(sub(b.b, b.a))];
  if (a.kind === "solid") axes.push(...a.axes);
  if (b.kind === "solid") axes.push(...b.axes);
  for (const ea of edgesA) for (const eb of edgesB) pushUnique(axes, cross(ea, eb));
  const scaleRef = Math.max(...va.map(len), ...vb.map(len), 1);
  const eps = 1e-7 * scaleRef;
  for (const axis of axes) {
    let aMin = Infinity;
    let aMax = -Infinity;
    let bMin = Infinity;
    let bMax = -Infinity;
    for (const p of va) {
      const d = dot(p, axis);
      aMin = Math.min(aMin, d);
      aMax = Math.max(aMax, d);
    }
    for (const p of vb) {
      const d = dot(p, axis);
      bMin = Math.min(bMin, d);
      bMax = Math.max(bMax, d);
    }
    let c: number;
    let aLow: boolean;
    if (aMax <= bMin + eps) {
      c = (aMax + bMin) / 2;
      aLow = true;
    } else if (bMax <= aMin + eps) {
      c = (bMax + aMin) / 2;
      aLow = false;
    } else continue;
    const onPlane = mulv(axis, c);
    const side = dot(axis, camera.toEye(onPlane));
    if (Math.abs(side) < 1e-9) return 0;
    const viewerOnHighSide = side > 0;
    // The solid on the viewer's side is in front, so it is drawn last.
    return viewerOnHighSide === aLow ? 1 : -1;
  }
  return 0;
}

function sortItems(prepared: Prepared[], camera: Camera): Prepared[] {
  const count = prepared.length;
  const after: number[][] = prepared.map(() => []);
  const indeg = new Array<number>(count).fill(0);
  for (let i = 0; i < count; i++) {
    const a = prepared[i]!;
    for (let j = i + 1; j < count; j++) {
      const b = prepared[j]!;
      if (a.maxX < b.minX || b.maxX < a.minX || a.maxY < b.minY || b.maxY < a.minY) continue;
      if (!hullsOverlap(a.hull, b.hull)) continue;
      const o = order(a.item, b.item, camera);
      if (o > 0) {
        after[i]!.push(j);
        indeg[j]!++;
      } else if (o < 0) {
        after[j]!.push(i);
        indeg[i]!++;
      }
    }
  }
  const done = new Array<boolean>(count).fill(false);
  const result: Prepared[] = [];
  for (let k = 0; k < count; k++) {
    let pick = -1;
    for (let i = 0; i < count; i++) {
      if (done[i] || indeg[i]! > 0) continue;
      if (pick < 0 || prepared[i]!.depth > prepared[pick]!.depth) pick = i;
    }
    if (pick < 0) {
      // Cycle: force the farthest remaining item.
      for (let i = 0; i < count; i++) {
        if (done[i]) continue;
        if (pick < 0 || prepared[i]!.depth > prepared[pick]!.depth) pick = i;
      }
    }
    done[pick] = true;
    result.push(prepared[pick]!);
    for (const j of after[pick]!) indeg[j]!--;
  }
  return result;
}

export function shade(material: Material, normal: V3, point: V3, camera: Camera, lighting: Lighting): string {
  const base = hex(material.color);
  let color: RGB = base;
  if (!material.flat) {
    let light: RGB = scaleRgb(hex(lighting.ambient), lighting.ambientIntensity);
    for (const l of lighting.lights) {
      const k = Math.max(0, dot(normal, norm(l.dir))) * l.intensity;
      light = addRgb(light, scaleRgb(hex(l.color), k));
    }
    color = mul(base, light);
  }
  if (lighting.fog) {
    const { near, far, max } = lighting.fog;
    const d = camera.project(point).depth;
    const t = (Math.round(Math.min(1, Math.max(0, (d - near) / (far - near))) * 12) / 12) * max;
    color = mix(color, hex(lighting.fog.color), t);
  }
  // Quantise so nearly identical faces share a colour (and a path).
  const q = 5 / 255;
  return toHex([Math.round(color[0] / q) * q, Math.round(color[1] / q) * q, Math.round(color[2] / q) * q]);
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

function area(points: readonly Pt[]): number {
  let a = 0;
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    const q = points[(i + 1) % points.length]!;
    a += p[0] * q[1] - q[0] * p[1];
  }
  return Math.abs(a / 2);
}

function perimeter(points: readonly Pt[]): number {
  let p = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    p += Math.hypot(b[0] - a[0], b[1] - a[1]);
  }
  return p || 1;
}

/** Rasterises convex outlines in draw order into an id buffer and reports which stay visible anywhere. */
function visibleMask(hulls: readonly Pt[][], viewport: { width: number; height: number }): boolean[] {
  const { width, height } = viewport;
  const buffer = new Int32Array(width * height).fill(-1);
  hulls.forEach((hull, id) => {
    const ys = hull.map((q) => q[1]);
    const y0 = Math.max(0, Math.floor(Math.min(...ys)));
    const y1 = Math.min(height - 1, Math.ceil(Math.max(...ys)));
    for (let y = y0; y <= y1; y++) {
      const cy = y + 0.5;
      let xMin = Infinity;
      let xMax = -Infinity;
      for (let i = 0; i < hull.length; i++) {
        const a = hull[i]!;
        const b = hull[(i + 1) % hull.length]!;
        if ((a[1] <= cy && b[1] >= cy) || (b[1] <= cy && a[1] >= cy)) {
          const x = a[1] === b[1] ? Math.min(a[0], b[0]) : a[0] + ((cy - a[1]) / (b[1] - a[1])) * (b[0] - a[0]);
          const x2 = a[1] === b[1] ? Math.max(a[0], b[0]) : x;
          xMin = Math.min(xMin, x);
          xMax = Math.max(xMax, x2);
        }
      }
      if (xMin > xMax) continue;
      // Cover every pixel the outline touches, so thin slivers still count.
      const from = Math.max(0, Math.floor(xMin));
      const to = Math.min(width - 1, Math.floor(xMax));
      for (let x = from; x <= to; x++) buffer[y * width + x] = id;
    }
  });
  const seen = new Array<boolean>(hulls.length).fill(false);
  for (const id of buffer) if (id >= 0) seen[id] = true;
  return seen;
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

/** Projects a polyline of world points to screen points. */
export function projectAll(camera: Camera, points: readonly V3[]): Pt[] {
  return points.map((p) => {
    const s = camera.project(p);
    return [s.x, s.y] as Pt;
  });
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
