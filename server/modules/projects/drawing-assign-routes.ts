import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { assignDrawingSchema, drawingSchema, sheetNumberSchema } from "../../../shared/drawings.ts";
import { jobSchema } from "../../../shared/projects.ts";
import { staffAddresses } from "../../../shared/staff-addresses.ts";
import { badRequest, notFound } from "../../lib/errors.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { currentUser } from "../../plugins/auth.ts";
import { drawingRepository } from "./drawing-repository.ts";
import { projectRepository } from "./repository.ts";

const sheetParams = z.object({ job: jobSchema, number: sheetNumberSchema });

/**
 * Issue #34 "the employee's day": who a sheet waits on. Admins and the team set it to one of the
 * team or an admin (or nobody); the person given it is told, unless they took it themselves.
 * Registered inside the projects routes.
 */
export const drawingAssignRoutes: FastifyPluginAsyncZod = async (app) => {
  const projects = projectRepository(app.db);
  const sheets = drawingRepository(app.db);

  app.patch(
    "/projects/:job/drawings/:number",
    {
      config: { access: "staff" },
      schema: {
        tags: ["drawings"],
        summary: "Give a sheet to someone, or to nobody (admins and the team)",
        description: "`assignee` is the username of one of the project's team or an admin (400 otherwise), or null.",
        params: sheetParams,
        body: assignDrawingSchema,
        response: { 200: drawingSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { job, number } = request.params;
      const user = currentUser(request);
      const project = await projects.byJob(job, { id: user.id, role: user.role });
      if (!project) throw notFound("No such project.");
      const name = request.body.assignee;
      const assignee = name === null ? null : await sheets.assignable(project.id, name);
      if (assignee === undefined) {
        throw badRequest("Only the project's team or an admin can be given a sheet.", {
          assignee: `${name} is not on the team of ${project.job}`,
        });
      }
      let changed = false;
      await sheets.assign(project.id, number, assignee?.id ?? null, async (tx, before) => {
        changed = before !== (assignee?.username ?? null);
        if (!changed) return;
        await app.audit.as(request, "drawing.assign")(tx, {
          target: `project:${project.job}`,
          summary: `Gave ${number} (${project.job}) to ${assignee?.username ?? "nobody"}, before ${before ?? "nobody"}`,
        });
      });
      if (changed && assignee && assignee.id !== user.id) {
        await app.notifications.notify([assignee.id], {
          kind: "assigned",
          title: `${user.username} gave you ${project.job} ${number}`,
          url: staffAddresses.project(project.job),
        });
      }
      request.log.info({ job: project.job, number, assignee: assignee?.username ?? null }, "drawing assigned");
      const [sheet] = await sheets.register(project.id, number);
      if (!sheet) throw notFound("No such sheet.");
      return sheet;
    },
  );
};
