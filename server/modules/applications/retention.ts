import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { periodicTask } from "../../lib/periodic-task.ts";
import type { UploadStore } from "../../lib/uploads.ts";
import { type ApplicationRepository, applicationRepository, resumeFiles } from "./repository.ts";

export interface ApplicationRetentionOptions {
  /** The clock the sweep reads (tests move it); the time now by default. */
  now?: () => Date;
  /** How often the sweep runs (default hourly). */
  sweepEveryMs?: number;
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** Applications erased per query; the sweep goes on until none is due. */
const BATCH = 100;

export const retentionSummary = "Erased automatically: the retention period ended";

/**
 * Erases every application whose retention period has ended at `now` (DESIGN §11): personal data
 * and notes in the database first, then the CV file. Answers how many were erased. Safe on several
 * instances at once: an application already erased is skipped, removing a file twice is harmless.
 */
export async function eraseExpiredApplications(
  repository: ApplicationRepository,
  store: Pick<UploadStore, "remove">,
  retentionDays: number,
  now: Date,
): Promise<number> {
  let erased = 0;
  for (;;) {
    const due = await repository.dueForErasure(now, retentionDays, BATCH);
    for (const id of due) {
      const { key } = await repository.erase(id, { reason: retentionSummary });
      if (key) {
        await store.remove(key);
        erased++;
      }
    }
    if (due.length < BATCH) return erased;
  }
}

export interface ApplicationRetention {
  /** Runs a sweep now (or joins the one running); how many applications it erased. */
  sweep(): Promise<number>;
}

declare module "fastify" {
  interface FastifyInstance {
    applicationRetention: ApplicationRetention;
  }
}

/**
 * The retention sweep as a service: once when the app is ready, then every `sweepEveryMs`; one
 * sweep at a time, and closing the app waits for the one running.
 */
export const applicationRetentionPlugin = fp(
  async (app: FastifyInstance, options: ApplicationRetentionOptions) => {
    const now = options.now ?? (() => new Date());
    const repository = applicationRepository(app.db, { now });
    const store = resumeFiles(app.storage);
    const task = periodicTask(app, {
      what: "application retention sweep",
      everyMs: options.sweepEveryMs ?? SWEEP_EVERY_MS,
      task: async () => {
        const count = await eraseExpiredApplications(repository, store, app.config.applicationRetentionDays, now());
        if (count > 0) app.log.info({ count }, "applications erased at the end of their retention period");
        return count;
      },
    });
    app.decorate("applicationRetention", { sweep: task.run });
  },
  { name: "application-retention", dependencies: ["database", "storage"] },
);
