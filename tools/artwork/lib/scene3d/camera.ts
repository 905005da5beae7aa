/** Cameras that project world points to the SVG canvas: perspective and axonometric. */
import type { Pt } from "../svg.ts";
import { add, cross, dot, mulv, norm, sub, type V3, Z } from "./vector.ts";

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

/** Projects a polyline of world points to screen points. */
export function projectAll(camera: Camera, points: readonly V3[]): Pt[] {
  return points.map((p) => {
    const s = camera.project(p);
    return [s.x, s.y] as Pt;
  });
}
