/**
 * When a quote request's follow-up is due (DESIGN §11), decided once for the server's filter and the
 * browser's badges: by the calendar day of the person looking, in their time zone. A follow-up
 * before the start of their today is overdue, one during their today is due today, one after it is
 * later. Won and lost requests are never due.
 */
import type { QuoteStatus } from "./quote-requests.ts";
import { dayBounds } from "./time-zone.ts";

export type FollowUpState = "overdue" | "today" | "later";
/** The list's due filters: `today` is due today or overdue. */
export type DueFilter = "today" | "overdue";

/** Stages where the work is over: no follow-up is due any more. */
export const closedQuoteStatuses: readonly QuoteStatus[] = ["won", "lost"];

/** The filter's bound: a follow-up before it (on an open request) passes. */
export function dueBefore(due: DueFilter, now: Date, timeZone: string): Date {
  const { today, tomorrow } = dayBounds(now, timeZone);
  return due === "overdue" ? today : tomorrow;
}

/** Where a follow-up stands for someone in `timeZone` at `now`; null when none is set or the request is closed. */
export function followUpState(
  request: { followUpAt: string | null; status: QuoteStatus },
  now: Date,
  timeZone: string,
): FollowUpState | null {
  if (!request.followUpAt || closedQuoteStatuses.includes(request.status)) return null;
  const at = new Date(request.followUpAt).getTime();
  if (Number.isNaN(at)) return null;
  const { today, tomorrow } = dayBounds(now, timeZone);
  if (at < today.getTime()) return "overdue";
  if (at < tomorrow.getTime()) return "today";
  return "later";
}
