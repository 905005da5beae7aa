/**
 * The pure parts of the quote request and application pipelines (DESIGN §11): follow-up due
 * dates, the response-time median, the board's columns, the filters and the timeline's words.
 */

import { browserTimeZone } from "~/lib/date-format";
import type { Activity, ActivityKind } from "../../../../shared/activity.ts";
import type { Application } from "../../../../shared/applications.ts";
import { type FollowUpState, followUpState as sharedFollowUpState } from "../../../../shared/follow-up.ts";
import {
  type QuoteRequest,
  type QuoteRequestFilters,
  type QuoteRequestPatch,
  type QuoteStatus,
  quoteStatuses,
} from "../../../../shared/quote-requests.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Where a follow-up stands for the admin looking at it, in their time zone: the rule the server's
 * due filter applies (shared/follow-up.ts). Null when none is set or the request is closed.
 */
export function followUpState(
  request: Pick<QuoteRequest, "followUpAt" | "status">,
  now: Date,
  timeZone = browserTimeZone(),
): FollowUpState | null {
  return sharedFollowUpState(request, now, timeZone);
}

export const followUpLabels: Record<FollowUpState, string> = {
  overdue: "Overdue",
  today: "Due today",
  later: "Scheduled",
};

/**
 * The median time from submittedAt to contactedAt (first contact) in milliseconds, over requests
 * submitted in the `days` before `now` that were contacted; null when there are none.
 */
export function medianResponseTime(
  requests: readonly Pick<QuoteRequest, "submittedAt" | "contactedAt">[],
  now: Date,
  days = 30,
): number | null {
  const since = now.getTime() - days * DAY_MS;
  const durations: number[] = [];
  for (const request of requests) {
    if (!request.contactedAt) continue;
    const submitted = new Date(request.submittedAt).getTime();
    const contacted = new Date(request.contactedAt).getTime();
    if (Number.isNaN(submitted) || Number.isNaN(contacted) || submitted < since || submitted > now.getTime()) continue;
    durations.push(Math.max(0, contacted - submitted));
  }
  if (durations.length === 0) return null;
  durations.sort((a, b) => a - b);
  const middle = Math.floor(durations.length / 2);
  return durations.length % 2 === 1
    ? (durations[middle] as number)
    : ((durations[middle - 1] as number) + (durations[middle] as number)) / 2;
}

/** A duration as people say it: "under a minute", "45 min", "3 h 20 min", "2 d 5 h". */
export function formatDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes < 1) return "under a minute";
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes % 60;
    return rest ? `${hours} h ${rest} min` : `${hours} h`;
  }
  const daysCount = Math.floor(hours / 24);
  const restHours = hours % 24;
  return restHours ? `${daysCount} d ${restHours} h` : `${daysCount} d`;
}

/** The board's columns: every stage in pipeline order, each with its requests in the list's order. */
export function groupByStage<T extends Pick<QuoteRequest, "status">>(
  requests: readonly T[],
): { status: QuoteStatus; items: T[] }[] {
  const columns = new Map<QuoteStatus, T[]>(quoteStatuses.map((status) => [status, []]));
  for (const request of requests) columns.get(request.status)?.push(request);
  return quoteStatuses.map((status) => ({ status, items: columns.get(status) ?? [] }));
}

/** The value of the assignee filter that means "nobody". */
export const unassigned = "none";

/**
 * Whether a request passes the list's filters. The server filters too; this keeps the list right
 * while a fresh answer loads, and judges "today" in the admin's own time zone.
 */
export function matchesFilters(request: QuoteRequest, filters: QuoteRequestFilters, now: Date): boolean {
  if (filters.status && request.status !== filters.status) return false;
  if (filters.assignee) {
    if (filters.assignee === unassigned ? request.assignee !== null : request.assignee !== filters.assignee)
      return false;
  }
  if (filters.due) {
    const state = followUpState(request, now);
    if (filters.due === "overdue" && state !== "overdue") return false;
    if (filters.due === "today" && state !== "today" && state !== "overdue") return false;
  }
  return true;
}

/** The filters as kept in the page's address (?stage=&assignee=&due=); anything unknown is dropped. */
export function filtersFromSearch(params: URLSearchParams): QuoteRequestFilters {
  const filters: QuoteRequestFilters = {};
  const stage = params.get("stage");
  if (stage && (quoteStatuses as readonly string[]).includes(stage)) filters.status = stage as QuoteStatus;
  const assignee = params.get("assignee")?.trim();
  if (assignee && assignee.length <= 64) filters.assignee = assignee;
  const due = params.get("due");
  if (due === "today" || due === "overdue") filters.due = due;
  return filters;
}

/** `params` with the filters written in (and empty ones removed); other parameters are kept. */
export function filtersToSearch(params: URLSearchParams, filters: QuoteRequestFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of [
    ["stage", filters.status],
    ["assignee", filters.assignee],
    ["due", filters.due],
  ] as const) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** What needs attention first: the overview's counts. */
export function overviewCounts(
  requests: readonly Pick<QuoteRequest, "status" | "followUpAt">[],
  applications: readonly Pick<Application, "status" | "erasedAt">[],
  now: Date,
) {
  return {
    newRequests: requests.filter((request) => request.status === "new").length,
    followUpsDue: requests.filter((request) => {
      const state = followUpState(request, now);
      return state === "today" || state === "overdue";
    }).length,
    applicationsWaiting: applications.filter((application) => application.status === "new" && !application.erasedAt)
      .length,
  };
}

const activityTitles: Record<ActivityKind, string> = {
  created: "Received",
  status: "Stage changed",
  assignee: "Assignee changed",
  followUp: "Follow-up changed",
  note: "Note added",
  email: "E-mail sent",
  erased: "Personal data erased",
};

/** One timeline line in words: "Stage changed by alice: New → Contacted". */
export function activityText(activity: Pick<Activity, "kind" | "actor" | "summary">): string {
  const title = activityTitles[activity.kind] ?? "Changed";
  const who = activity.actor ? ` by ${activity.actor}` : activity.kind === "created" ? "" : " automatically";
  const summary = activity.summary.trim();
  return summary ? `${title}${who}: ${summary}` : `${title}${who}`;
}

/** Timeline entries oldest first (the API sends them so; this keeps it true after adding one locally). */
export const oldestFirst = <T extends Pick<Activity, "at" | "id">>(entries: readonly T[]): T[] =>
  [...entries].sort((a, b) => a.at.localeCompare(b.at) || a.id - b.id);

/** A `<input type="date">` value (the admin's own day) from an ISO time, or "" for none. */
export function dateInputValue(iso: string | null): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The ISO time sent for a date picked in `<input type="date">`: 09:00 that day in the admin's time
 * zone (a follow-up is a working day's task), or null when cleared or invalid.
 */
export function followUpFromDateInput(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 9, 0, 0, 0);
  if (date.getMonth() !== Number(match[2]) - 1) return null;
  return date.toISOString();
}

/** The address parameter holding the applications list's stage filter (the overview's tile sets it too). */
export const applicationStageParam = "appStage";

/** What erasure keeps and when it happens, said once for the whole list. */
export const retentionExplanation =
  "Personal data and the CV are erased automatically once the retention period ends (counted from when an application is closed as hired or rejected, or from when it came in while it is open); an applicant's consent to be kept for future roles doubles the period. Erasing keeps only the position, the stage and the dates.";

/** How long an application's data is kept, in words, for the dashboard's explanation. */
export function erasureExplanation(application: Pick<Application, "eraseAfter" | "keepForFutureRoles" | "erasedAt">) {
  if (application.erasedAt) return "Personal data and CV erased; only the position, stage and dates are kept.";
  if (!application.eraseAfter) return "Personal data and CV are kept until erased.";
  const when = new Date(application.eraseAfter).toLocaleDateString(undefined, { dateStyle: "medium" });
  return application.keepForFutureRoles
    ? `Erased automatically on ${when} (the applicant agreed to be kept for future roles, which doubles the period).`
    : `Erased automatically on ${when}.`;
}

/** What the detail form edits. */
export interface QuoteRequestEdit {
  status: QuoteStatus;
  /** A username, or "" for nobody. */
  assignee: string;
  /** `<input type="date">` value, or "" for none. */
  followUp: string;
  lostReason: string;
}

export const quoteRequestEditFrom = (request: QuoteRequest): QuoteRequestEdit => ({
  status: request.status,
  assignee: request.assignee ?? "",
  followUp: dateInputValue(request.followUpAt),
  lostReason: request.lostReason ?? "",
});

/**
 * The PATCH body for what changed between the request as read and the form: only the changed
 * fields, with the version read; null when nothing changed. A lost request always carries its reason.
 */
export function quoteRequestPatch(read: QuoteRequest, form: QuoteRequestEdit): QuoteRequestPatch | null {
  const before = quoteRequestEditFrom(read);
  const patch: QuoteRequestPatch = { version: read.version };
  if (form.status !== before.status) patch.status = form.status;
  if (form.assignee !== before.assignee) patch.assignee = form.assignee || null;
  if (form.followUp !== before.followUp) patch.followUpAt = followUpFromDateInput(form.followUp);
  const reason = form.lostReason.trim();
  if (form.status === "lost" && (patch.status || reason !== before.lostReason.trim())) patch.lostReason = reason;
  return Object.keys(patch).length > 1 ? patch : null;
}

/** Other requests from the same e-mail (any case) or the same non-empty company, newest first as listed. */
export function relatedRequests<T extends Pick<QuoteRequest, "id" | "email" | "company">>(
  all: readonly T[],
  request: Pick<QuoteRequest, "id" | "email" | "company">,
): T[] {
  const email = request.email.trim().toLowerCase();
  const company = request.company.trim().toLowerCase();
  return all.filter(
    (other) =>
      other.id !== request.id &&
      ((email !== "" && other.email.trim().toLowerCase() === email) ||
        (company !== "" && other.company.trim().toLowerCase() === company)),
  );
}
