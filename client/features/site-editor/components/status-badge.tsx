import { CalendarClock } from "lucide-react";
import { cx } from "~/components/ui/cx";
import { dateTimeFormat } from "~/lib/date-format";
import { type ItemState, stateLabels } from "../lib/collections.ts";

const tones: Record<ItemState, string> = {
  published: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  draft: "bg-sky-50 text-sky-800 ring-sky-200",
  changed: "bg-amber-50 text-amber-900 ring-amber-300",
  moved: "bg-violet-50 text-violet-800 ring-violet-200",
  removing: "bg-red-50 text-red-800 ring-red-200",
};

/** Published, Draft, Changed, Moved or To be removed. */
export function StatusBadge({ state, className }: { state: ItemState; className?: string }) {
  return (
    <span
      className={cx(
        "inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
        tones[state],
        className,
      )}
    >
      {stateLabels[state]}
    </span>
  );
}

/** "Scheduled 3 Dec 2026, 09:00": the draft (or removal) publishes itself then. */
export function ScheduledMark({ at }: { at: string | null }) {
  if (!at) return null;
  return (
    <span className="inline-flex items-center gap-1 text-xs font-medium whitespace-nowrap text-violet-800">
      <CalendarClock aria-hidden="true" size={13} />
      Scheduled {dateTimeFormat.format(new Date(at))}
    </span>
  );
}
