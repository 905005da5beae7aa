import { and, eq, inArray, ne } from "drizzle-orm";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type MarkupEvent, markupDestinations, readMarkupTopic } from "../../../shared/markups.ts";
import type { Db } from "../../db/client.ts";
import { drawingRevisions, drawings, users } from "../../db/schema.ts";
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
 * Every sheet revision of a project, and which of `usernames` are no admin: whose markup topics
 * end when they leave its team (an admin reads every project).
 */
async function topicsLost(db: Db, projectId: number, usernames: readonly string[]) {
  if (usernames.length === 0) return { sheets: [], people: [] };
  const [sheets, people] = await Promise.all([
    db
      .select({ number: drawings.number, revision: drawingRevisions.revision })
      .from(drawingRevisions)
      .innerJoin(drawings, eq(drawings.id, drawingRevisions.drawingId))
      .where(eq(drawings.projectId, projectId)),
    db
      .select({ username: users.username })
      .from(users)
      .where(and(inArray(users.username, [...usernames]), ne(users.kind, "admin"))),
  ]);
  return { sheets, people: people.map((person) => person.username) };
}

/**
 * Ends the markup subscriptions of people taken off a project's team, on every instance: the
 * topic's rule is the project's, checked when they subscribed. Each of the project's sheet
 * revisions has its topic; an admin keeps reading every project, so keeps them. The team change
 * is committed: a failure is logged.
 */
export async function revokeMarkupTopics(
  app: FastifyInstance,
  project: { id: number; job: string },
  removed: readonly string[],
): Promise<void> {
  try {
    const { sheets, people } = await topicsLost(app.db, project.id, removed);
    await Promise.all(
      people.flatMap((username) =>
        sheets.map((sheet) =>
          app.realtime.revokeSubscriptions(
            username,
            markupDestinations.sheet(project.job, sheet.number, sheet.revision),
            "You are no longer on this project's team.",
          ),
        ),
      ),
    );
  } catch (error) {
    app.log.warn({ err: error, job: project.job }, "markup subscriptions not revoked");
  }
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
