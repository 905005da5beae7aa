import { AlarmClock, CalendarClock, CircleAlert } from "lucide-react";
import { cx } from "~/components/ui/cx";
import { type ApplicationStatus, applicationStatusLabels } from "../../../../shared/applications.ts";
import type { FollowUpState } from "../../../../shared/follow-up.ts";
import { type QuoteStatus, quoteStatusLabels } from "../../../../shared/quote-requests.ts";
import { followUpLabels } from "../lib/pipeline.ts";

const quoteTones: Record<QuoteStatus, string> = {
  new: "border-sky-200 bg-sky-50 text-sky-800",
  contacted: "border-violet-200 bg-violet-50 text-violet-800",
  quoted: "border-amber-200 bg-amber-50 text-amber-900",
  won: "border-emerald-200 bg-emerald-50 text-emerald-800",
  lost: "border-steel-300 bg-steel-100 text-steel-700",
};

const applicationTones: Record<ApplicationStatus, string> = {
  new: "border-sky-200 bg-sky-50 text-sky-800",
  screening: "border-violet-200 bg-violet-50 text-violet-800",
  interview: "border-indigo-200 bg-indigo-50 text-indigo-800",
  offer: "border-amber-200 bg-amber-50 text-amber-900",
  hired: "border-emerald-200 bg-emerald-50 text-emerald-800",
  rejected: "border-steel-300 bg-steel-100 text-steel-700",
};

const badgeClass =
  "inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap";

/** A stage as text (the colour only repeats it). */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return (
    <span className={cx(badgeClass, quoteTones[status])}>
      <span className="sr-only">Stage: </span>
      {quoteStatusLabels[status]}
    </span>
  );
}

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <span className={cx(badgeClass, applicationTones[status])}>
      <span className="sr-only">Stage: </span>
      {applicationStatusLabels[status]}
    </span>
  );
}

export const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });

/** The follow-up date, with "Overdue" or "Due today" in words and an icon when it needs attention. */
export function FollowUpBadge({ at, state }: { at: string | null; state: FollowUpState | null }) {
  if (!at) return <span className="text-steel-600">No follow-up</span>;
  const date = <time dateTime={at}>{dayFormat.format(new Date(at))}</time>;
  if (state === "overdue")
    return (
      <span className={cx(badgeClass, "border-red-200 bg-red-50 text-red-800")}>
        <CircleAlert aria-hidden="true" size={12} />
        {followUpLabels.overdue} · {date}
      </span>
    );
  if (state === "today")
    return (
      <span className={cx(badgeClass, "border-amber-300 bg-amber-50 text-amber-900")}>
        <AlarmClock aria-hidden="true" size={12} />
        {followUpLabels.today}
      </span>
    );
  return (
    <span className="inline-flex items-center gap-1 text-sm text-steel-700">
      <CalendarClock aria-hidden="true" size={12} />
      Follow up {date}
    </span>
  );
}
