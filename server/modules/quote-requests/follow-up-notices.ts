import { and, gt, lte, notInArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { closedQuoteStatuses } from "../../../shared/follow-up.ts";
import { quoteRequests } from "../../db/schema.ts";
import { periodicTask } from "../../lib/periodic-task.ts";
import type { QuoteRequestsModuleOptions } from "./admin-routes.ts";
import { dueNotice } from "./notices.ts";

/** How often the sweep looks for follow-ups whose time has come. */
export const FOLLOW_UP_SWEEP_EVERY_MS = 60 * 1000;
/** How far back a sweep looks: a server down for less than this still tells of what fell due meanwhile. */
export const FOLLOW_UP_LOOKBACK_MS = 7 * 24 * 60 * 60 * 1000;

export interface FollowUpNotices {
  /** Sweeps now (or joins the sweep running); how many notices it made. */
  sweep(): Promise<number>;
}

declare module "fastify" {
  interface FastifyInstance {
    followUpNotices: FollowUpNotices;
  }
}

/**
 * The `due` notices (DESIGN §15): when an open quote request's follow-up time comes, its assignee
 * (every admin while nobody is assigned) is told once. Made once per request and follow-up time
 * (the notice's once-key), so sweeps on several instances, or a sweep after a restart, repeat
 * nothing; moving the follow-up makes a new one.
 */
export const followUpNoticesPlugin = fp(
  async (app: FastifyInstance, options: QuoteRequestsModuleOptions) => {
    const now = options.now ?? (() => new Date());
    const task = periodicTask(app, {
      what: "follow-up notices",
      everyMs: options.followUpSweepEveryMs ?? FOLLOW_UP_SWEEP_EVERY_MS,
      task: async () => {
        const at = now();
        const due = await app.db
          .select({
            id: quoteRequests.id,
            reference: quoteRequests.reference,
            name: quoteRequests.name,
            company: quoteRequests.company,
            assigneeId: quoteRequests.assigneeId,
            followUpAt: quoteRequests.followUpAt,
          })
          .from(quoteRequests)
          .where(
            and(
              lte(quoteRequests.followUpAt, at),
              gt(quoteRequests.followUpAt, new Date(at.getTime() - FOLLOW_UP_LOOKBACK_MS)),
              notInArray(quoteRequests.status, [...closedQuoteStatuses]),
            ),
          );
        let made = 0;
        for (const quote of due) {
          made += await app.notifications.notify(
            quote.assigneeId === null ? "admins" : [quote.assigneeId],
            dueNotice(quote, quote.followUpAt!),
          );
        }
        return made;
      },
    });
    app.decorate("followUpNotices", { sweep: task.run });
  },
  { name: "follow-up-notices", dependencies: ["notifications"] },
);
