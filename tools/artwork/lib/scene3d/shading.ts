/** Flat shading: lights, ambient and fog turn a material and a face normal into one fill colour. */
import { add as addRgb, hex, mix, mul, type RGB, scale as scaleRgb, toHex } from "../color.ts";
import type { Camera } from "./camera.ts";
import type { Material } from "./solids.ts";
import { dot, norm, type V3 } from "./vector.ts";

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
