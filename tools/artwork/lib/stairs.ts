/** Miscellaneous metals: switchback stair with landings, guardrails and a caged ladder. */
import { aabb, type Item, type Material, seg } from "./scene3d/solids.ts";
import { add, mulv, type V3 } from "./scene3d/vector.ts";
import { member, SECTIONS } from "./steel.ts";

export interface StairOptions {
  frame: Material;
  tread: Material;
  rail: string;
  railWidth?: number;
  /** Add the caged ladder from the top landing. */
  ladder?: boolean;
  flights?: number;
}

const STRINGER = { kind: "C", d: 0.25, bf: 0.075, tf: 0.011, tw: 0.008 } as const;

/** Switchback stair: flights alternate along ±X, 1.1 m wide each, landings at x = run. */
export function switchbackStair(o: StairOptions): Item[] {
  const out: Item[] = [];
  const risers = 11;
  const rise = 0.18;
  const going = 0.28;
  const run = risers * going;
  const width = 1.1;
  const gap = 0.15;
  const landing = 1.3;
  const rw = o.railWidth ?? 0.05;
  const flights = o.flights ?? 2;
  const posts: [V3, V3][] = [];
  for (let f = 0; f < flights; f++) {
    const z0 = f * risers * rise;
    const forward = f % 2 === 0;
    const y0 = forward ? 0 : width + gap;
    const xAt = (i: number) => (forward ? i * going : run - i * going);
    // Treads.
    for (let i = 0; i < risers; i++) {
      const x = forward ? xAt(i) : xAt(i + 1);
      const z = z0 + (i + 1) * rise;
      out.push(aabb([x, y0 + 0.09, z - 0.035], [x + going, y0 + width - 0.09, z], o.tread));
    }
    // Stringers (channels, toes outward), sloped along the flight.
    for (const side of [0, 1]) {
      const y = y0 + (side === 0 ? 0 : width);
      const a: V3 = [forward ? 0 : run, y, z0 - 0.05];
      const b: V3 = [forward ? run : 0, y, z0 + risers * rise - 0.05];
      const up = forward ? ([-rise, 0, going] as V3) : ([rise, 0, going] as V3);
      out.push(...member(a, b, STRINGER, o.frame, { up, offset: [side === 0 ? -0.075 : 0, 0] }));
      // Guardrail on the outer side of each flight.
      const outer = (forward && side === 0) || (!forward && side === 1);
      if (outer) {
        const h = 0.95;
        out.push(seg(add(a, [0, 0, h + 0.12]), add(b, [0, 0, h + 0.12]), o.rail, rw));
        out.push(seg(add(a, [0, 0, 0.55]), add(b, [0, 0, 0.55]), o.rail, rw * 0.8));
        for (const t of [0.08, 0.5, 0.92]) {
          const p = add(a, mulv([b[0] - a[0], 0, b[2] - a[2]], t));
          posts.push([add(p, [0, 0, 0.12]), add(p, [0, 0, h + 0.12])]);
        }
      }
    }
    // Landing at the far end of this flight.
    const lz = z0 + risers * rise;
    const lx0 = forward ? run : -landing;
    const lx1 = forward ? run + landing : 0;
    out.push(aabb([lx0, 0, lz - 0.04], [lx1, 2 * width + gap, lz], o.tread));
    const edgeX = forward ? lx1 : lx0;
    out.push(
      ...member([edgeX, 0.08, lz - 0.16], [edgeX, 2 * width + gap - 0.08, lz - 0.16], SECTIONS.joist, o.frame, {
        up: [0, 0, 1],
      }),
    );
    out.push(
      ...member([edgeX, 0, 0], [edgeX, 0, lz - 0.32], { kind: "rect", h: 0.12, b: 0.12 }, o.frame, { up: [1, 0, 0] }),
    );
    out.push(
      ...member(
        [edgeX, 2 * width + gap, 0],
        [edgeX, 2 * width + gap, lz - 0.32],
        { kind: "rect", h: 0.12, b: 0.12 },
        o.frame,
        { up: [1, 0, 0] },
      ),
    );
    // Landing guardrail on the outer edge.
    const gx = edgeX + (forward ? -0.05 : 0.05);
    for (const h of [0.55, 1.07])
      out.push(seg([gx, 0, lz + h], [gx, 2 * width + gap, lz + h], o.rail, h > 1 ? rw : rw * 0.8));
    for (const y of [0, width + gap / 2, 2 * width + gap])
      posts.push([
        [gx, y, lz],
        [gx, y, lz + 1.07],
      ]);
  }
  for (const [a, b] of posts) out.push(seg(a, b, o.rail, rw));
  if (o.ladder) {
    const top = flights * risers * rise;
    const lx = flights % 2 === 0 ? -landing - 0.05 : run + landing + 0.05;
    const ly = 0.8;
    const dir = flights % 2 === 0 ? -1 : 1;
    const height = 3.4;
    for (const y of [ly - 0.22, ly + 0.22]) out.push(seg([lx, y, top], [lx, y, top + height], o.rail, 0.04));
    for (let z = top + 0.3; z < top + height; z += 0.3)
      out.push(seg([lx, ly - 0.22, z], [lx, ly + 0.22, z], o.rail, 0.025));
    // Safety cage hoops.
    const hoop = (z: number) => {
      const pts: V3[] = [];
      for (let i = 0; i <= 8; i++) {
        const t = (i / 8) * Math.PI;
        pts.push([lx + dir * (0.35 * Math.sin(t) + 0.02), ly - 0.35 * Math.cos(t), z]);
      }
      for (let i = 0; i < 8; i++) out.push(seg(pts[i]!, pts[i + 1]!, o.rail, 0.03));
      return pts;
    };
    let prev: V3[] | undefined;
    for (let z = top + 1.2; z <= top + height + 0.01; z += 0.7) {
      const h = hoop(z);
      if (prev) for (const i of [1, 3, 5, 7]) out.push(seg(prev[i]!, h[i]!, o.rail, 0.025));
      prev = h;
    }
  }
  return out;
}
