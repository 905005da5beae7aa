import { cx } from "./cx.ts";

export interface ProgressBarProps {
  /** 0 to 100. */
  value: number;
  /** The accessible name, e.g. "Uploading drawings.zip". */
  label: string;
  className?: string;
  tone?: "accent" | "steel" | "success";
}

const tones = { accent: "bg-accent-500", steel: "bg-steel-700", success: "bg-emerald-600" } as const;

/** A determinate progress bar (role="progressbar" with aria-valuenow). */
export function ProgressBar({ value, label, className, tone = "accent" }: ProgressBarProps) {
  const clamped = Math.min(100, Math.max(0, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      aria-valuetext={`${clamped}%`}
      className={cx("h-2 w-full overflow-hidden rounded-full bg-steel-100", className)}
    >
      <div
        className={cx("h-full rounded-full transition-[width] duration-200 ease-out", tones[tone])}
        style={{ width: `${clamped}%` }}
      />
    </div>
  );
}
