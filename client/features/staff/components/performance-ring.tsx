import { cx } from "~/components/ui/cx";
import { clampPerformance, performanceBand } from "../lib/performance.ts";

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** The score as a ring with the number in the middle (the ring is decoration; the text is the value). */
export function PerformanceRing({ value }: { value: number }) {
  const score = clampPerformance(value);
  const band = performanceBand(score);
  const stroke =
    band.tone === "high" ? "stroke-emerald-600" : band.tone === "mid" ? "stroke-amber-500" : "stroke-red-600";
  return (
    <div className="flex items-center gap-5">
      <div className="relative h-32 w-32 shrink-0">
        <svg aria-hidden="true" viewBox="0 0 120 120" className="h-full w-full -rotate-90">
          <circle cx="60" cy="60" r={RADIUS} fill="none" strokeWidth="10" className="stroke-steel-100" />
          <circle
            cx="60"
            cy="60"
            r={RADIUS}
            fill="none"
            strokeWidth="10"
            strokeLinecap="round"
            strokeDasharray={CIRCUMFERENCE}
            strokeDashoffset={CIRCUMFERENCE * (1 - score / 100)}
            className={cx(stroke, "transition-[stroke-dashoffset] duration-700 ease-out")}
          />
        </svg>
        <p className="absolute inset-0 flex flex-col items-center justify-center">
          <span className="text-3xl font-bold text-steel-950 tabular-nums">{score}%</span>
          <span className="text-xs text-steel-500">score</span>
        </p>
      </div>
      <div>
        <p className="text-lg font-semibold text-steel-950">{band.label}</p>
        <p className="mt-1 text-sm text-steel-600">
          {band.tone === "none"
            ? "Your manager has not rated your work yet."
            : "Your overall performance score, kept up to date by your manager."}
        </p>
      </div>
    </div>
  );
}
