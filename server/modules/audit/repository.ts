import { and, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import type { AuditEntry, AuditQuery } from "../../../shared/audit.ts";
import type { Db } from "../../db/client.ts";
import { auditLog } from "../../db/schema.ts";

export type AuditRow = typeof auditLog.$inferSelect;
export type AuditFilters = Pick<AuditQuery, "actor" | "action" | "from" | "to">;

/** At most this many rows in one CSV export (newest first). */
export const CSV_MAX_ROWS = 50_000;

export const toAuditEntry = (row: AuditRow): AuditEntry => ({
  id: Number(row.id),
  at: row.at.toISOString(),
  actor: row.actor,
  action: row.action as AuditEntry["action"],
  target: row.target,
  summary: row.summary,
  ip: row.ip,
});

/** Exact actor and action; `from` inclusive, `to` exclusive. */
function where(filters: AuditFilters): SQL | undefined {
  return and(
    filters.actor === undefined ? undefined : eq(auditLog.actor, filters.actor),
    filters.action === undefined ? undefined : eq(auditLog.action, filters.action),
    filters.from === undefined ? undefined : gte(auditLog.at, new Date(filters.from)),
    filters.to === undefined ? undefined : lt(auditLog.at, new Date(filters.to)),
  );
}

/**
 * Reading the audit log, and the retention sweep. There is deliberately no update: entries are
 * written only by `app.audit.record` (server/plugins/audit.ts) and never changed (a trigger
 * refuses UPDATE); only `deleteOlderThan` removes them, past the retention period.
 */
export function auditRepository(db: Db) {
  return {
    /** One page, newest first (ties by id, newest first), and how many match in all. */
    async page(filters: AuditFilters, page: number, size: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where(filters))
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(size)
          .offset(page * size),
        db.select({ value: count() }).from(auditLog).where(where(filters)),
      ]);
      return { rows, total: Number(total?.value ?? 0) };
    },

    /** Every matching entry, newest first, up to CSV_MAX_ROWS. */
    all: (filters: AuditFilters) =>
      db
        .select()
        .from(auditLog)
        .where(where(filters))
        .orderBy(desc(auditLog.at), desc(auditLog.id))
        .limit(CSV_MAX_ROWS),

    /** Deletes the entries older than `cutoff` (strictly); how many went. */
    async deleteOlderThan(cutoff: Date): Promise<number> {
      const deleted = await db.delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
      return deleted.length;
    },
  };
}

export type AuditRepository = ReturnType<typeof auditRepository>;
