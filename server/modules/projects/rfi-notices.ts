import type { FastifyInstance } from "fastify";
import { rfiLimits, rfiPaths } from "../../../shared/rfis.ts";
import type { Notice } from "../../plugins/notifications.ts";
import { type RfiRow, rfiRepository } from "./rfi-repository.ts";

/** Where answers' files live: `rfis/<key>`. */
export const RFIS_NAMESPACE = "rfis";

/** To the team and whoever asked: the person asked has answered. */
export const rfiAnsweredNotice = (row: RfiRow, job: string): Notice => ({
  kind: "rfiAnswered",
  title: `${row.to} answered ${job} ${row.number} “${row.subject}”`,
  url: rfiPaths.log(job),
});

/** To the team and whoever asked: an RFI is due within days (or overdue) and not answered; once per RFI. */
export const rfiDueNotice = (row: RfiRow, job: string): Notice => ({
  kind: "due",
  title: `${job} ${row.number} “${row.subject}” is due ${row.dueAt.toISOString().slice(0, 10)} and not answered yet`,
  url: rfiPaths.log(job),
  onceKey: `rfi-due:${row.id}`,
});

/**
 * One sweep of the `due` notices (DESIGN §15): each open RFI due within `rfiLimits.dueSoonDays`
 * (overdue ones too) tells its team once, whichever instance sweeps first. How many notices it made.
 */
export function rfiDueSweep(app: FastifyInstance, now: () => Date = () => new Date()) {
  const repository = rfiRepository(app.db);
  return async (): Promise<number> => {
    const until = new Date(now().getTime() + rfiLimits.dueSoonDays * 24 * 60 * 60 * 1000);
    let made = 0;
    for (const { rfi, job } of await repository.dueBy(until)) {
      made += await app.notifications.notify(await repository.listeners(app.db, rfi), rfiDueNotice(rfi, job));
    }
    return made;
  };
}
