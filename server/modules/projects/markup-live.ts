import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type MarkupEvent, markupDestinations, readMarkupTopic } from "../../../shared/markups.ts";
import { RealtimeRefusal } from "../../realtime/types.ts";
import { projectRepository } from "./repository.ts";

/** The sheet revision a markup event belongs to, as its topic names it. */
export interface MarkedSheet {
  job: string;
  number: string;
  revision: string;
}

/**
 * Tells everyone looking at the sheet revision what happened to one of its markups, on every
 * instance (`/topic/markups/{job}/{number}/{revision}`). The change is committed: a lost message
 * is logged, and the viewer has it at its next load.
 */
export function publishMarkupEvent(
  app: FastifyInstance,
  log: FastifyBaseLogger,
  sheet: MarkedSheet,
  event: MarkupEvent,
): void {
  app.realtime
    .publishToTopic(markupDestinations.sheet(sheet.job, sheet.number, sheet.revision), event)
    .catch((error: unknown) => log.warn({ err: error, ...sheet, type: event.type }, "markup event not published"));
}

/**
 * DESIGN §18 markups live (decision 068): the topic of each sheet revision, which whoever may read
 * the project's drawings may follow (an admin, or one of its team); to anyone else the project is
 * not there (NOT_FOUND, as its routes answer 404). Registered after the transport.
 */
export const markupsLive = fp(
  async (app: FastifyInstance) => {
    const projects = projectRepository(app.db);
    app.realtime.register({
      name: "markups",
      topics: [
        {
          destination: `${markupDestinations.prefix}*`,
          match: readMarkupTopic,
          channel: (sheet: MarkedSheet) => `markups:${sheet.job}:${sheet.number}:${sheet.revision}`,
          authorize: async (user, sheet: MarkedSheet) => {
            if (await projects.byJob(sheet.job, { id: user.id, role: user.role })) return true;
            throw new RealtimeRefusal("No such project.", { code: "NOT_FOUND" });
          },
        },
      ],
    });
  },
  { name: "markups-live", dependencies: ["realtime"] },
);
