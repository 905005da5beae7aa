import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { SiteVersion } from "../../../shared/site-content.ts";
import { periodicTask } from "../../lib/periodic-task.ts";
import { describeChanges, siteRepository } from "./repository.ts";

/** How often the sweep looks for drafts whose publishAt has come. */
export const PUBLISH_SWEEP_EVERY_MS = 15_000;

export interface SiteModuleOptions {
  /** The site's clock (tests move it). */
  now?: () => Date;
  publishSweepEveryMs?: number;
}

export interface ScheduledPublishing {
  /** Sweeps now (or joins the sweep running): the version it published, or null when nothing was due. */
  sweep(): Promise<SiteVersion | null>;
}

declare module "fastify" {
  interface FastifyInstance {
    scheduledPublishing: ScheduledPublishing;
  }
}

/**
 * DESIGN §17 `publishAt`: what waits with a publishAt publishes by itself, as one version by nobody,
 * audited as `site.publish` by "scheduled". The moments live in the database, so a restart loses
 * none (the first sweep runs as the app is ready, and publishes what came due while it was down);
 * the publish lock makes sweeps on every instance publish each change once.
 */
export const scheduledPublishPlugin = fp(
  async (app: FastifyInstance, options: SiteModuleOptions) => {
    const now = options.now ?? (() => new Date());
    const repository = siteRepository(app.db);
    const task = periodicTask(app, {
      what: "scheduled publishing",
      everyMs: options.publishSweepEveryMs ?? PUBLISH_SWEEP_EVERY_MS,
      task: async () => {
        const at = now();
        // Idle sweeps read one index and take no lock.
        const due = await repository.nextDue();
        if (!due || due > at) return null;
        const published = await app.db.transaction(async (tx) => {
          const version = await repository.publishDue(tx, at);
          if (!version) return null;
          await app.audit.as({ actor: "scheduled" }, "site.publish")(tx, {
            target: `site:version/${version.id}`,
            summary: `Published version ${version.id} as scheduled: ${describeChanges(version.changes)}`,
          });
          await app.livePages.render(tx, version);
          app.log.info({ version: version.id, changes: version.changes.length }, "scheduled site changes published");
          return version;
        });
        if (published) await app.livePages.published(published);
        return published;
      },
    });
    app.decorate("scheduledPublishing", { sweep: task.run });
  },
  { name: "site-scheduled-publish" },
);
