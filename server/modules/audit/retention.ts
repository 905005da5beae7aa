import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { periodicTask } from "../../lib/periodic-task.ts";
import { type AuditRepository, auditRepository } from "./repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the sweep runs by default. */
export const AUDIT_SWEEP_EVERY_MS = 60 * 60 * 1000;

/** The entries older than `retentionDays` at `now` go (DESIGN §11: AUDIT_RETENTION_DAYS). */
export const auditCutoff = (now: Date, retentionDays: number) => new Date(now.getTime() - retentionDays * DAY_MS);

export interface AuditRetentionOptions {
  /** The clock the sweep reads (tests move it); the time now by default. */
  now?: () => Date;
  /** How often the sweep runs (default hourly). */
  sweepEveryMs?: number;
}

export interface AuditRetention {
  /** Runs a sweep now (or joins the one running); how many entries it deleted. */
  sweep(): Promise<number>;
}

/**
 * The retention sweep: once when the app is ready, then every `sweepEveryMs`; one sweep at a time,
 * and closing the app waits for the one running. Safe on several instances at once (a row deleted
 * twice is deleted once).
 */
export function auditRetention(
  app: FastifyInstance,
  repository: AuditRepository,
  options: { now: () => Date; retentionDays: number; sweepEveryMs: number },
): AuditRetention {
  const task = periodicTask(app, {
    what: "audit retention sweep",
    everyMs: options.sweepEveryMs,
    task: async () => {
      const count = await repository.deleteOlderThan(auditCutoff(options.now(), options.retentionDays));
      if (count > 0) app.log.info({ count }, "audit entries deleted at the end of their retention period");
      return count;
    },
  });
  return { sweep: task.run };
}

declare module "fastify" {
  interface FastifyInstance {
    auditRetention: AuditRetention;
  }
}

/** Decorates `app.auditRetention` and runs the sweep (AUDIT_RETENTION_DAYS) until the app closes. */
export const auditRetentionPlugin = fp(
  async (app: FastifyInstance, options: AuditRetentionOptions) => {
    const retention = auditRetention(app, auditRepository(app.db), {
      now: options.now ?? (() => new Date()),
      retentionDays: app.config.auditRetentionDays,
      sweepEveryMs: options.sweepEveryMs ?? AUDIT_SWEEP_EVERY_MS,
    });
    app.decorate("auditRetention", retention);
  },
  { name: "audit-retention", dependencies: ["database"] },
);
