import { draftGrid } from "../../lib/backdrop.ts";
import { C, radialGradient, rect } from "../../lib/svg.ts";

/** Dark radial backdrop with a faint drafting grid, behind the gallery close-ups and the erection sequence. */
export function studioBackground(id: string, w: number, h: number): { defs: string[]; body: string[] } {
  return {
    defs: [
      radialGradient(
        id,
        [
          { offset: 0, color: "#2a3850" },
          { offset: 1, color: C.ink },
        ],
        { cx: 0.5, cy: 0.42, r: 0.75 },
      ),
    ],
    body: [rect(0, 0, w, h, { fill: `url(#${id})` }), draftGrid(w, h, 25, C.pale, 0.05)],
  };
}
