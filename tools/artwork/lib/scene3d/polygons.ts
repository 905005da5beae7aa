/** 2D helpers on projected outlines: convex hull, overlap test, area, perimeter and a coverage raster. */
import type { Pt } from "../svg.ts";

export function convexHull(points: Pt[]): Pt[] {
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

export function hullsOverlap(a: Pt[], b: Pt[]): boolean {
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

export function area(points: readonly Pt[]): number {
  let a = 0;
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    const q = points[(i + 1) % points.length]!;
    a += p[0] * q[1] - q[0] * p[1];
  }
  return Math.abs(a / 2);
}

export function perimeter(points: readonly Pt[]): number {
  let p = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    p += Math.hypot(b[0] - a[0], b[1] - a[1]);
  }
  return p || 1;
}

/** Rasterises convex outlines in draw order into an id buffer and reports which stay visible anywhere. */
export function visibleMask(hulls: readonly Pt[][], viewport: { width: number; height: number }): boolean[] {
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
