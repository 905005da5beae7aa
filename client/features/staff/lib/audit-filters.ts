import type { AuditAction } from "../../../../shared/audit.ts";

/** What the audit panel's filter form holds: the actor typed, the action picked, two calendar days. */
export interface AuditFilterForm {
  actor: string;
  action: AuditAction | "";
  /** yyyy-mm-dd from a date input, or "". */
  from: string;
  to: string;
}

export const emptyAuditFilters: AuditFilterForm = { actor: "", action: "", from: "", to: "" };

/** The query of GET /api/admin/audit (without page and size). */
export interface AuditFilterQuery {
  actor?: string;
  action?: AuditAction;
  from?: string;
  to?: string;
}

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight at the start of a yyyy-mm-dd day, or null when it is not a day. */
function startOfDay(day: string): Date | null {
  const match = dayPattern.exec(day);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The API's filters for the form: days are the viewer's local days, both included — `from` is the
 * start of its day, `to` the start of the next one (the API's `to` is exclusive). An error when the
 * last day is before the first.
 */
export function auditQueryFrom(form: AuditFilterForm): { query: AuditFilterQuery; error?: string } {
  const from = startOfDay(form.from);
  const toDay = startOfDay(form.to);
  const to = toDay ? new Date(toDay.getFullYear(), toDay.getMonth(), toDay.getDate() + 1) : null;
  const query: AuditFilterQuery = {
    actor: form.actor.trim() || undefined,
    action: form.action || undefined,
    from: from?.toISOString(),
    to: to?.toISOString(),
  };
  if (from && to && to.getTime() <= from.getTime())
    return { query, error: "The last day must not be before the first." };
  return { query };
}

/** "page 2 of 5" (1-based; an empty log is page 1 of 1). */
export function pageLabel(page: number, size: number, total: number) {
  const pages = Math.max(1, Math.ceil(total / size));
  return { current: Math.min(page + 1, pages), pages };
}
