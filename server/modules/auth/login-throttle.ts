import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { loginFailures } from "../../db/schema.ts";

export interface ThrottleRule {
  maxFailures: number;
  windowMs: number;
}

/** Per account: 5 failed logins in 15 minutes, then 429 until the window ends. */
export const accountRule: ThrottleRule = { maxFailures: 5, windowMs: 15 * 60 * 1000 };

/** Failed logins per account, counted in PostgreSQL so every server instance sees the same count. */
export function loginThrottle(db: Db, rule: ThrottleRule = accountRule) {
  const windowStart = (now: Date) => new Date(now.getTime() - rule.windowMs);

  return {
    rule,

    /** Seconds until `key` may try again, or 0 when it is not locked. */
    async retryAfter(key: string, now = new Date()): Promise<number> {
      const [row] = await db.select().from(loginFailures).where(eq(loginFailures.key, key)).limit(1);
      if (!row || row.failures < rule.maxFailures) return 0;
      const endsAt = row.windowStartedAt.getTime() + rule.windowMs;
      return endsAt > now.getTime() ? Math.ceil((endsAt - now.getTime()) / 1000) : 0;
    },

    /** Counts one failure atomically; a window that has ended starts again at 1. */
    async recordFailure(key: string, now = new Date()): Promise<number> {
      const expired = sql`${loginFailures.windowStartedAt} <= ${windowStart(now).toISOString()}::timestamptz`;
      const [row] = await db
        .insert(loginFailures)
        .values({ key, failures: 1, windowStartedAt: now })
        .onConflictDoUpdate({
          target: loginFailures.key,
          set: {
            failures: sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`,
            windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${loginFailures.windowStartedAt} end`,
          },
        })
        .returning({ failures: loginFailures.failures });
      return row?.failures ?? 1;
    },

    /** A successful login (or a password reset) clears the account's count. */
    async clear(key: string): Promise<void> {
      await db.delete(loginFailures).where(eq(loginFailures.key, key));
    },

    /** Forgets windows that have ended (attempts on made-up usernames would otherwise pile up). */
    async prune(now = new Date()): Promise<number> {
      const deleted = await db
        .delete(loginFailures)
        .where(lt(loginFailures.windowStartedAt, windowStart(now)))
        .returning({ key: loginFailures.key });
      return deleted.length;
    },
  };
}

export type LoginThrottle = ReturnType<typeof loginThrottle>;

/** The throttle key of an account: usernames are unique regardless of case. */
export const accountKey = (username: string) => username.trim().toLowerCase();
