import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { activitySchema, noteInputSchema, noteSchema } from "../../../shared/activity.ts";
import {
  applicationFiltersSchema,
  applicationPatchSchema,
  applicationSchema,
  erasedApplicationMessage,
  staleApplicationMessage,
} from "../../../shared/applications.ts";
import { leadIdParamsSchema } from "../../../shared/leads.ts";
import { jobApplications } from "../../db/schema.ts";
import { downloadResponses, sendCsv, sendStoredFile } from "../../lib/downloads.ts";
import { gone, notFound } from "../../lib/errors.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { keysIn, reconcileUploads } from "../../lib/upload-reconciliation.ts";
import { currentUser } from "../../plugins/auth.ts";
import { applicationsCsv } from "./csv.ts";
import { applicationRepository, notFoundMessage, resumeFiles, toApplication } from "./repository.ts";

export interface ApplicationsModuleOptions {
  /** The clock closing and erasure read (tests move it). */
  now?: () => Date;
}

/**
 * The admin side of job applications (DESIGN §11): the list, one application, status changes with
 * optimistic concurrency, notes, the timeline, erasure, the CV, the CSV export and deletion. Admins
 * only. Registered under /api; the retention sweep is its own plugin (retention.ts).
 */
export const applicationAdminRoutes: FastifyPluginAsyncZod<ApplicationsModuleOptions> = async (app, options) => {
  const retentionDays = app.config.applicationRetentionDays;
  const repository = applicationRepository(app.db, { now: options.now });
  const files = resumeFiles(app.storage);
  // A CV whose row never committed, was deleted or was erased before a crash is not kept.
  app.addHook("onReady", async () => {
    await reconcileUploads(files, keysIn(app.db, jobApplications.resumeKey), {
      before: app.storage.orphansBefore(),
      log: app.log,
    });
  });

  const admin = { access: "admin" } as const;
  const tags = ["applications (admin)"];
  const params = leadIdParamsSchema;
  const view = (row: Parameters<typeof toApplication>[0]) => toApplication(row, retentionDays);

  const actorOf = (request: FastifyRequest) => {
    const user = currentUser(request);
    return { id: user.id, username: user.username };
  };

  app.get(
    "/applications",
    {
      config: admin,
      schema: {
        tags,
        summary: "Job applications, newest first (erased ones too, with their personal fields empty)",
        description:
          "`q` searches name, email, phone, message and position (every word must match); `status`; `position`.",
        querystring: applicationFiltersSchema,
        response: { 200: z.array(applicationSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => (await repository.list(request.query)).map(view),
  );

  app.get(
    "/applications/export.csv",
    {
      config: admin,
      schema: {
        tags,
        summary: "Job applications as CSV (same filters as the list)",
        querystring: applicationFiltersSchema,
        response: { 200: z.string().describe("text/csv"), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      sendCsv(reply, "job-applications", applicationsCsv(await repository.list(request.query), retentionDays)),
  );

  app.get(
    "/applications/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "One job application",
        params,
        response: { 200: applicationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const row = await repository.byId(request.params.id);
      if (!row) throw notFound(notFoundMessage);
      return view(row);
    },
  );

  app.patch(
    "/applications/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "Change an application's status",
        description:
          `Send the \`version\` you read. A stale one answers 409 (${staleApplicationMessage}) and changes ` +
          `nothing; so does any change to an erased application (${erasedApplicationMessage}).`,
        params,
        body: applicationPatchSchema,
        response: { 200: applicationSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      view(
        await repository.update(
          request.params.id,
          request.body,
          actorOf(request),
          app.audit.as(request, "application.update"),
        ),
      ),
  );

  app.get(
    "/applications/:id/notes",
    {
      config: admin,
      schema: {
        tags,
        summary: "An application's notes, oldest first (none once erased)",
        params,
        response: { 200: z.array(noteSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => repository.notes(request.params.id),
  );

  app.post(
    "/applications/:id/notes",
    {
      config: admin,
      schema: {
        tags,
        summary: "Add a note to an application (it does not change the version; 409 once erased)",
        params,
        body: noteInputSchema,
        response: { 201: noteSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await repository.addNote(
            request.params.id,
            request.body.text,
            actorOf(request),
            app.audit.as(request, "application.note"),
          ),
        ),
  );

  app.get(
    "/applications/:id/activity",
    {
      config: admin,
      schema: {
        tags,
        summary: "An application's timeline, oldest first",
        params,
        response: { 200: z.array(activitySchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => repository.activity(request.params.id),
  );

  app.post(
    "/applications/:id/erase",
    {
      config: admin,
      schema: {
        tags,
        summary: "Erase an application's personal data and CV now",
        description:
          "The row stays with its id, position, status, appliedAt and erasedAt. Erasing an erased " +
          "application changes nothing and answers it again.",
        params,
        response: { 200: applicationSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { row, key } = await repository.erase(request.params.id, {
        actor: actorOf(request),
        record: app.audit.as(request, "application.erase"),
      });
      if (key) await files.remove(key);
      return view(row);
    },
  );

  app.get(
    "/applications/:id/resume",
    {
      config: admin,
      compress: false,
      schema: {
        tags,
        summary: "An applicant's CV (as an attachment); 410 once erased",
        params,
        response: { ...downloadResponses("The CV"), ...errorResponses(400, 401, 403, 404, 410) },
      },
    },
    async (request, reply) => {
      const row = await repository.byId(request.params.id);
      if (!row) throw notFound(notFoundMessage);
      if (!row.resumeKey) throw gone("This CV was erased.");
      return sendStoredFile(request, reply, files, row.resumeKey, { name: row.resumeName, type: row.resumeType });
    },
  );

  app.delete(
    "/applications/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "Delete a job application with its CV, notes and timeline",
        params,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await repository.remove(request.params.id);
      if (!row) throw notFound(notFoundMessage);
      if (row.resumeKey) await files.remove(row.resumeKey);
      return reply.status(204).send(null);
    },
  );
};
