import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  applicationFiltersSchema,
  applicationPatchSchema,
  applicationSchema,
  erasedApplicationMessage,
  staleApplicationMessage,
} from "../../../shared/applications.ts";
import { jobApplications } from "../../db/schema.ts";
import { gone } from "../../lib/errors.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { actorOf, itemIdParams, registerWorkItemRoutes } from "../activity/work-item-routes.ts";
import { applicationsCsv } from "./csv.ts";
import {
  type ApplicationRow,
  applicationRepository,
  notFoundMessage,
  resumeFiles,
  toApplication,
} from "./repository.ts";
import { applicationSearch } from "./search.ts";

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
  const view = (row: ApplicationRow) => toApplication(row, retentionDays);
  const tags = ["applications (admin)"];

  app.finder.addKind("application", applicationSearch(app.db));
  registerWorkItemRoutes(app, {
    paths: { list: "/applications", base: "/applications" },
    tags,
    access: "admin",
    notFoundMessage,
    schemas: { filters: applicationFiltersSchema, patch: applicationPatchSchema, item: applicationSchema },
    store: { ...repository, get: repository.byId },
    view,
    csv: { name: "job-applications", of: (rows) => applicationsCsv(rows, retentionDays) },
    audit: { update: "application.update", note: "application.note" },
    noteConflict: true,
    file: {
      path: "resume",
      store: files,
      keys: jobApplications.resumeKey,
      what: "The CV",
      errors: [410],
      key: (row) => row.resumeKey,
      answer(row) {
        if (!row.resumeKey) throw gone("This CV was erased.");
        return { key: row.resumeKey, name: row.resumeName, type: row.resumeType };
      },
    },
    docs: {
      list: {
        summary: "Job applications, newest first (erased ones too, with their personal fields empty)",
        description:
          "`q` searches name, email, phone, message and position (every word must match); `status`; `position`.",
      },
      export: { summary: "Job applications as CSV (same filters as the list)" },
      one: { summary: "One job application" },
      update: {
        summary: "Change an application's status",
        description:
          `Send the \`version\` you read. A stale one answers 409 (${staleApplicationMessage}) and changes ` +
          `nothing; so does any change to an erased application (${erasedApplicationMessage}).`,
      },
      notes: { summary: "An application's notes, oldest first (none once erased)" },
      addNote: { summary: "Add a note to an application (it does not change the version; 409 once erased)" },
      activity: { summary: "An application's timeline, oldest first" },
      file: { summary: "An applicant's CV (as an attachment); 410 once erased" },
      remove: { summary: "Delete a job application with its CV, notes and timeline" },
    },
  });

  app.post(
    "/applications/:id/erase",
    {
      config: { access: "admin" },
      schema: {
        tags,
        summary: "Erase an application's personal data and CV now",
        description:
          "The row stays with its id, position, status, appliedAt and erasedAt. Erasing an erased " +
          "application changes nothing and answers it again.",
        params: itemIdParams,
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
};
