import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type MyDay, myDayLimits, myDaySchema, waitingStatuses } from "../../../shared/my-day.ts";
import { defaultResponseLabels, type ResponseKey, responseTally } from "../../../shared/transmittals.ts";
import type { Db } from "../../db/client.ts";
import { drawings, projectMembers, projects, rfis, transmittalSheets, transmittals } from "../../db/schema.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { currentUser } from "../../plugins/auth.ts";
import { type ProjectReader, readableBy } from "./repository.ts";
import { responseLabelRepository } from "./response-label-repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Issue #34 "the employee's day": one person's work across their projects, as of `now`. */
export async function myDay(db: Db, who: ProjectReader & { id: number }, now: Date): Promise<MyDay> {
  const mine = db
    .select({ id: projectMembers.projectId })
    .from(projectMembers)
    .where(eq(projectMembers.userId, who.id));
  const [projectRows, sheetRows, answered, due] = await Promise.all([
    db
      .select({ job: projects.job, name: projects.name, dueDate: projects.dueDate })
      .from(projects)
      .where(inArray(projects.id, mine))
      .orderBy(asc(projects.job))
      .limit(myDayLimits.perList),
    // Given to them and still theirs to read: an admin's on any project, anyone else's on their teams.
    db
      .select({
        job: projects.job,
        number: drawings.number,
        title: drawings.title,
        revision: drawings.revision,
        status: drawings.status,
      })
      .from(drawings)
      .innerJoin(projects, eq(projects.id, drawings.projectId))
      .where(and(eq(drawings.assigneeId, who.id), inArray(drawings.status, [...waitingStatuses]), readableBy(db, who)))
      .orderBy(asc(projects.job), asc(drawings.number))
      .limit(myDayLimits.perList),
    db
      .select({
        id: transmittals.id,
        job: projects.job,
        number: transmittals.number,
        answeredAt: transmittals.submittedAt,
      })
      .from(transmittals)
      .innerJoin(projects, eq(projects.id, transmittals.projectId))
      .where(
        and(
          inArray(transmittals.projectId, mine),
          isNotNull(transmittals.submittedAt),
          isNull(transmittals.voidedAt),
          gte(transmittals.submittedAt, new Date(now.getTime() - myDayLimits.responsesDays * DAY_MS)),
        ),
      )
      .orderBy(desc(transmittals.submittedAt), desc(transmittals.id))
      .limit(myDayLimits.perList),
    db
      .select({ job: projects.job, number: rfis.number, subject: rfis.subject, dueAt: rfis.dueAt })
      .from(rfis)
      .innerJoin(projects, eq(projects.id, rfis.projectId))
      .where(
        and(
          inArray(rfis.projectId, mine),
          eq(rfis.state, "open"),
          lte(rfis.dueAt, new Date(now.getTime() + myDayLimits.rfisDueDays * DAY_MS)),
        ),
      )
      .orderBy(asc(rfis.dueAt), asc(projects.job), asc(rfis.number))
      .limit(myDayLimits.perList),
  ]);
  const responses = new Map<number, (ResponseKey | null)[]>(answered.map((row) => [row.id, []]));
  const labels = answered.length > 0 ? await responseLabelRepository(db).labels() : defaultResponseLabels;
  if (answered.length > 0) {
    const sheets = await db
      .select({ id: transmittalSheets.transmittalId, response: transmittalSheets.response })
      .from(transmittalSheets)
      .where(inArray(transmittalSheets.transmittalId, [...responses.keys()]));
    for (const sheet of sheets) responses.get(sheet.id)?.push(sheet.response);
  }
  return {
    projects: projectRows,
    sheets: sheetRows,
    responses: answered.map((row) => ({
      job: row.job,
      transmittal: row.number,
      answeredAt: (row.answeredAt ?? now).toISOString(),
      summary: responseTally(responses.get(row.id) ?? [], labels),
    })),
    rfisDue: due.map((row) => ({ ...row, dueAt: row.dueAt.toISOString() })),
  };
}

/**
 * GET /api/projects/my-day, for any signed-in staff. A static path: the router prefers it to
 * `/projects/:job` whatever the order (and a job number is never lower case). Registered inside
 * the projects routes.
 */
export const myDayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/projects/my-day",
    {
      config: { access: "staff" },
      schema: {
        tags: ["projects"],
        summary: "My work: my projects, sheets waiting on me, responses received, RFIs due",
        description:
          `Projects whose team I am on; sheets given to me that are in progress or back to redo; transmittals ` +
          `of my projects answered in the last ${myDayLimits.responsesDays} days; open RFIs of my projects due ` +
          `within ${myDayLimits.rfisDueDays} days or overdue. Each list at most ${myDayLimits.perList}.`,
        response: { 200: myDaySchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return myDay(app.db, { id: user.id, role: user.role }, new Date());
    },
  );
};
