import { and, eq, gt, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { loginAddresses, loginFailures } from "../../db/schema.ts";

/**
 * Per account and address pair: 5 failed logins in 15 minutes lock that pair (only that pair)
 * until the window ends. A stranger locks out only themselves.
 */
export const pairRule = { maxFailures: 5, windowMs: 15 * 60 * 1000 } as const;

/**
 * Per account, from every address: after 10 failures in an hour, addresses the account has never
 * logged in from wait 30 s after the last failure, doubling with each further one up to 15 min.
 * Addresses it has logged in from (within `knownForMs`) are never slowed by it (decision 011).
 */
export const accountRule = {
  freeFailures: 10,
  windowMs: 60 * 60 * 1000,
  firstDelayMs: 30 * 1000,
  maxDelayMs: 15 * 60 * 1000,
  knownForMs: 90 * 24 * 60 * 60 * 1000,
} as const;

/** The `address` of an account's row counting failures from every address. */
const EVERY_ADDRESS = "";

export interface LoginAttempt {
  /** lower(username), whether or not such an account exists (see accountKey). */
  account: string;
  /** The client address, normalised (an IPv6 /56 counts as one). */
  address: string;
}

const secondsUntil = (at: number, now: Date) => Math.max(0, Math.ceil((at - now.getTime()) / 1000));

/** The wait an unknown address owes after the account's `failures`-th failure. */
export function accountDelayMs(failures: number): number {
  if (failures < accountRule.freeFailures) return 0;
  const doublings = Math.min(failures - accountRule.freeFailures, 20);
  return Math.min(accountRule.maxDelayMs, accountRule.firstDelayMs * 2 ** doublings);
}

/** Failed logins counted in PostgreSQL, so every server instance sees the same counts. */
export function loginThrottle(db: Db) {
  async function count(account: string, address: string, windowMs: number, now: Date) {
    const expired = sql`${loginFailures.windowStartedAt} <= ${new Date(now.getTime() - windowMs).toISOString()}::timestamptz`;
    const at = sql`${now.toISOString()}::timestamptz`;
    await db
      .insert(loginFailures)
      .values({ account, address, failures: 1, windowStartedAt: now, lastFailedAt: now })
      .onConflictDoUpdate({
        target: [loginFailures.account, loginFailures.address],
        set: {
          failures: sql`case when ${expired} then 1 else ${loginFailures.failures} + 1 end`,
          windowStartedAt: sql`case when ${expired} then ${at} else ${loginFailures.windowStartedAt} end`,
          lastFailedAt: at,
        },
      });
  }

  return {
    /**
     * Seconds until this attempt may be made, or 0. The pair's own lock always applies; the
     * account's back-off only to an address it has not logged in from (`known` false).
     */
    async retryAfter(attempt: LoginAttempt, known: boolean, now = new Date()): Promise<number> {
      const rows = await db
        .select()
        .from(loginFailures)
        .where(
          and(
            eq(loginFailures.account, attempt.account),
            inArray(loginFailures.address, [attempt.address, EVERY_ADDRESS]),
          ),
        );
      let wait = 0;
      for (const row of rows) {
        if (row.address === EVERY_ADDRESS) {
          if (known || row.windowStartedAt.getTime() + accountRule.windowMs <= now.getTime()) continue;
          wait = Math.max(wait, secondsUntil(row.lastFailedAt.getTime() + accountDelayMs(row.failures), now));
        } else if (row.failures >= pairRule.maxFailures) {
          wait = Math.max(wait, secondsUntil(row.windowStartedAt.getTime() + pairRule.windowMs, now));
        }
      }
      return wait;
    },

    /** Whether the account has logged in from this address lately. */
    async isKnownAddress(userId: number, address: string, now = new Date()): Promise<boolean> {
      const [row] = await db
        .select({ userId: loginAddresses.userId })
        .from(loginAddresses)
        .where(
          and(
            eq(loginAddresses.userId, userId),
            eq(loginAddresses.address, address),
            gt(loginAddresses.lastLoginAt, new Date(now.getTime() - accountRule.knownForMs)),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Counts one failure for the pair and for the account, atomically each; ended windows start again at 1. */
    async recordFailure(attempt: LoginAttempt, now = new Date()): Promise<void> {
      await count(attempt.account, attempt.address, pairRule.windowMs, now);
      await count(attempt.account, EVERY_ADDRESS, accountRule.windowMs, now);
    },

    /** A successful login clears the pair's count and makes the address known to the account. */
    async recordSuccess(attempt: LoginAttempt, userId: number, now = new Date()): Promise<void> {
      await db
        .delete(loginFailures)
        .where(and(eq(loginFailures.account, attempt.account), eq(loginFailures.address, attempt.address)));
      await db
        .insert(loginAddresses)
        .values({ userId, address: attempt.address, lastLoginAt: now })
        .onConflictDoUpdate({
          target: [loginAddresses.userId, loginAddresses.address],
          set: { lastLoginAt: now },
        });
    },

    /** Forgets ended windows (attempts on made-up usernames would otherwise pile up) and addresses unused for long. */
    async prune(now = new Date()): Promise<void> {
      const before = (ms: number) => new Date(now.getTime() - ms);
      await db
        .delete(loginFailures)
        .where(
          or(
            and(
              eq(loginFailures.address, EVERY_ADDRESS),
              lt(loginFailures.windowStartedAt, before(accountRule.windowMs)),
            ),
            and(
              sql`${loginFailures.address} <> ${EVERY_ADDRESS}`,
              lt(loginFailures.windowStartedAt, before(pairRule.windowMs)),
            ),
          ),
        );
      await db.delete(loginAddresses).where(lt(loginAddresses.lastLoginAt, before(accountRule.knownForMs)));
    },
  };
}

export type LoginThrottle = ReturnType<typeof loginThrottle>;

/** The throttle key of an account: usernames are unique regardless of case. */
export const accountKey = (username: string) => username.trim().toLowerCase();

/** Lifts every lock-out of an account (a password reset from the CLI). */
export async function clearLoginFailures(db: Db, username: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.account, accountKey(username)));
}
