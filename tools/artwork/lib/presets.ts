/** Shared lighting set-ups so every picture reads as one family. */
import type { Lighting } from "./scene3d/shading.ts";
import { C } from "./svg.ts";

/** Low warm sun from the right, cool sky fill from above, navy ambient and haze. */
export function duskLight(fog?: { near: number; far: number; max?: number; color?: string }): Lighting {
  return {
    ambient: "#6d7f99",
    ambientIntensity: 0.42,
    lights: [
      { dir: [0.8, -0.3, 0.3], color: C.amber, intensity: 0.5 },
      { dir: [-0.3, -0.4, 1], color: "#c4d0e0", intensity: 0.5 },
      { dir: [-0.6, -0.8, 0.1], color: "#8fa2bd", intensity: 0.25 },
    ],
    fog: fog ? { color: fog.color ?? "#2c3a50", near: fog.near, far: fog.far, max: fog.max ?? 0.7 } : undefined,
  };
}

/** Neutral BIM viewport lighting (models on screens, isometric studies). */
export function studioLight(): Lighting {
  return {
    ambient: "#ffffff",
    ambientIntensity: 0.48,
    lights: [
      { dir: [-0.45, -0.7, 0.9], color: "#ffffff", intensity: 0.5 },
      { dir: [0.8, -0.2, 0.3], color: "#dfe6f0", intensity: 0.18 },
    ],
  };
}

export const EDGE_DARK = { color: C.ink, width: 0.7, opacity: 0.45 };
export const EDGE_SOFT = { color: C.ink, width: 0.6, opacity: 0.25 };
