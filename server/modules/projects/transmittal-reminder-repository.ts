import { and, eq, gt, isNull, lte } from "drizzle-orm";
import { transmittalLimits } from "../../../shared/transmittals.ts";
import type { Db } from "../../db/client.ts";
import { projects, transmittalReminders, transmittals } from "../../db/schema.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The reminder a transmittal is due now (DESIGN §16): 0 from 3 days before `dueAt`, then 1, 2, …
 * one a day once overdue, at most 14; null when none is. Missed days are not made up.
 */
export function reminderOrdinal(dueAt: Date, now: Date): number | null {
  const untilDue = dueAt.getTime() - now.getTime();
  if (untilDue > transmittalLimits.reminderDaysBefore * DAY_MS) return null;
  if (untilDue > 0) return 0;
  const overdueDay = Math.floor(-untilDue / DAY_MS) + 1;
  return overdueDay <= transmittalLimits.remindersMax ? overdueDay : null;
}

/** DESIGN §16 reminders' reads and claims (decision 048). */
export function reminderRepository(db: Db) {
  return {
    /** Transmittals still waiting on the client whose reminders may be due by `now`. */
    waiting: (now: Date) =>
      db
        .select({ transmittal: transmittals, job: projects.job, projectName: projects.name })
        .from(transmittals)
        .innerJoin(projects, eq(projects.id, transmittals.projectId))
        .where(
          and(
            isNull(transmittals.submittedAt),
            isNull(transmittals.voidedAt),
            lte(transmittals.dueAt, new Date(now.getTime() + transmittalLimits.reminderDaysBefore * DAY_MS)),
            gt(transmittals.dueAt, new Date(now.getTime() - transmittalLimits.remindersMax * DAY_MS)),
          ),
        ),

    /**
     * Claims reminder `ordinal` of a transmittal: true for exactly one caller across every
     * instance and restart, which then sends it (a crash after the claim loses that one reminder,
     * never sends it twice).
     */
    async claimReminder(transmittalId: number, ordinal: number): Promise<boolean> {
      const claimed = await db
        .insert(transmittalReminders)
        .values({ transmittalId, ordinal })
        .onConflictDoNothing()
        .returning({ id: transmittalReminders.transmittalId });
      return claimed.length > 0;
    },
  };
}
