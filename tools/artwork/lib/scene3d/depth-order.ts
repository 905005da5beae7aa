/**
 * Draw order: every pair of items whose screen outlines overlap is ordered by a separating-plane
 * test (exact for convex, non-intersecting solids); the rest falls back to distance.
 */
import type { Pt } from "../svg.ts";
import type { Camera, Projected } from "./camera.ts";
import { hullsOverlap } from "./polygons.ts";
import type { Item } from "./solids.ts";
import { cross, dot, len, mulv, norm, pushUnique, sub, type V3 } from "./vector.ts";

export interface Prepared {
  item: Item;
  screen: Projected[];
  hull: Pt[];
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
  depth: number;
}

export const vertsOf = (item: Item): V3[] => (item.kind === "solid" ? item.verts : [item.a, item.b]);

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

export function sortItems(prepared: Prepared[], camera: Camera): Prepared[] {
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
