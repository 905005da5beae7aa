import { cx } from "~/components/ui/cx";
import type { EmployeeStatus } from "../api/types.ts";
import { clampPerformance, formatPercent, initials } from "../lib/performance.ts";

/** Active (green) or Disabled (grey); the word carries the meaning, the dot only repeats it. */
export function StatusBadge({ status }: { status: EmployeeStatus }) {
  const active = status === "active";
  return (
    <span
      className={cx(
        "inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset",
        active ? "bg-emerald-50 text-emerald-800 ring-emerald-200" : "bg-steel-100 text-steel-700 ring-steel-200",
      )}
    >
      <span aria-hidden="true" className={cx("h-1.5 w-1.5 rounded-full", active ? "bg-emerald-600" : "bg-steel-400")} />
      {active ? "Active" : "Disabled"}
    </span>
  );
}

/** The score as a percent with a small bar (the bar is decoration; the number is the value). */
export function PerformanceBar({
  value,
  className,
  align = "right",
}: {
  value: number;
  className?: string;
  /** Right-aligned numbers line up in a table column; left suits a label/value list. */
  align?: "left" | "right";
}) {
  const score = clampPerformance(value);
  const color = score >= 70 ? "bg-emerald-600" : score >= 50 ? "bg-amber-500" : "bg-red-600";
  return (
    <span className={cx("inline-flex items-center gap-2", className)}>
      <span
        className={cx(
          "text-sm font-semibold text-steel-900 tabular-nums",
          align === "right" ? "w-9 text-right" : "min-w-9",
        )}
      >
        {formatPercent(score)}
      </span>
      <span aria-hidden="true" className="h-1.5 w-16 overflow-hidden rounded-full bg-steel-100">
        <span className={cx("block h-full rounded-full", color)} style={{ width: `${score}%` }} />
      </span>
    </span>
  );
}

/** Project names as chips; past `max`, a "+N more" chip whose tooltip and screen-reader text list the rest. */
export function ProjectChips({ projects, max = 3 }: { projects: readonly string[]; max?: number }) {
  if (projects.length === 0) return <span className="text-sm text-steel-500">None</span>;
  const shown = projects.slice(0, max);
  const hidden = projects.slice(max);
  return (
    <ul className="flex flex-wrap gap-1">
      {shown.map((project) => (
        <li
          key={project}
          className="max-w-[10rem] truncate rounded bg-steel-100 px-1.5 py-0.5 text-xs font-medium text-steel-800"
          title={project}
        >
          {project}
        </li>
      ))}
      {hidden.length > 0 && (
        <li
          className="rounded bg-accent-50 px-1.5 py-0.5 text-xs font-semibold text-accent-700"
          title={hidden.join(", ")}
        >
          +{hidden.length} more<span className="sr-only">: {hidden.join(", ")}</span>
        </li>
      )}
    </ul>
  );
}

export function Avatar({ name, className }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cx(
        "flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-steel-800 text-xs font-bold text-white",
        className,
      )}
    >
      {initials(name)}
    </span>
  );
}
