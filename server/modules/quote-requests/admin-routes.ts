import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { activitySchema, noteInputSchema, noteSchema } from "../../../shared/activity.ts";
import { leadIdParamsSchema } from "../../../shared/leads.ts";
import {
  quoteRequestFiltersSchema,
  quoteRequestPatchSchema,
  quoteRequestSchema,
  staleVersionMessage,
} from "../../../shared/quote-requests.ts";
import { quoteRequests } from "../../db/schema.ts";
import { downloadResponses, sendCsv, sendStoredFile } from "../../lib/downloads.ts";
import { notFound } from "../../lib/errors.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { keysIn, reconcileUploads } from "../../lib/upload-reconciliation.ts";
import { currentUser } from "../../plugins/auth.ts";
import { quoteRequestsCsv } from "./csv.ts";
import { notFoundMessage, quoteRequestFiles, quoteRequestRepository, toQuoteRequest } from "./repository.ts";

export interface QuoteRequestsModuleOptions {
  /** The clock the "due" filters and `contactedAt` read (tests move it). */
  now?: () => Date;
}

/**
 * The admin side of quote requests (DESIGN §11, SPEC's /api/contact paths): the list with its
 * filters, one request, changes with optimistic concurrency, notes, the timeline, the file, the
 * CSV export and deletion. Admins only. Registered under /api.
 */
export const quoteRequestAdminRoutes: FastifyPluginAsyncZod<QuoteRequestsModuleOptions> = async (app, options) => {
  const repository = quoteRequestRepository(app.db, { now: options.now });
  const files = quoteRequestFiles(app.storage);
  // Files whose row never committed (or whose row was deleted) before a crash are not kept.
  app.addHook("onReady", async () => {
    await reconcileUploads(files, keysIn(app.db, quoteRequests.fileKey), {
      before: app.storage.orphansBefore(),
      log: app.log,
    });
  });

  const admin = { access: "admin" } as const;
  const tags = ["quote requests (admin)"];
  const params = leadIdParamsSchema;

  const actorOf = (request: FastifyRequest) => {
    const user = currentUser(request);
    return { id: user.id, username: user.username };
  };

  app.get(
    "/contact/all",
    {
      config: admin,
      schema: {
        tags,
        summary: "Quote requests, newest first",
        description:
          "`q` searches reference, name, email, company, project and phone (every word must match); `status`; " +
          "`assignee` (a username, or `none`); `due=today` (follow-up before the end of today: due today or " +
          "overdue) or `due=overdue` (follow-up before the start of today), by the calendar day of `tz`, the " +
          "caller's IANA time zone (UTC when absent); won and lost requests are never due.",
        querystring: quoteRequestFiltersSchema,
        response: { 200: z.array(quoteRequestSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => (await repository.list(request.query)).map(toQuoteRequest),
  );

  app.get(
    "/contact/export.csv",
    {
      config: admin,
      schema: {
        tags,
        summary: "Quote requests as CSV (same filters as the list)",
        querystring: quoteRequestFiltersSchema,
        response: { 200: z.string().describe("text/csv"), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => sendCsv(reply, "quote-requests", quoteRequestsCsv(await repository.list(request.query))),
  );

  app.get(
    "/contact/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "One quote request",
        params,
        response: { 200: quoteRequestSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const view = await repository.view(request.params.id);
      if (!view) throw notFound(notFoundMessage);
      return toQuoteRequest(view);
    },
  );

  app.patch(
    "/contact/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "Change a quote request's status, assignee, follow-up or lost reason",
        description:
          "Send the `version` you read. A stale one answers 409 (" +
          staleVersionMessage +
          ") and changes nothing. `lostReason` is required when the request is lost and cleared when it " +
          "leaves lost; `assignee` must be an active admin (or null).",
        params,
        body: quoteRequestPatchSchema,
        response: { 200: quoteRequestSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      toQuoteRequest(
        await repository.update(
          request.params.id,
          request.body,
          actorOf(request),
          app.audit.as(request, "quote.update"),
        ),
      ),
  );

  app.get(
    "/contact/:id/notes",
    {
      config: admin,
      schema: {
        tags,
        summary: "A quote request's notes, oldest first",
        params,
        response: { 200: z.array(noteSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => repository.notes(request.params.id),
  );

  app.post(
    "/contact/:id/notes",
    {
      config: admin,
      schema: {
        tags,
        summary: "Add a note to a quote request (it does not change the version)",
        params,
        body: noteInputSchema,
        response: { 201: noteSchema, ...errorResponses(400, 401, 403, 404) },
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
            app.audit.as(request, "quote.note"),
          ),
        ),
  );

  app.get(
    "/contact/:id/activity",
    {
      config: admin,
      schema: {
        tags,
        summary: "A quote request's timeline, oldest first",
        description: "Every change, note and e-mail: `kind` is created, status, assignee, followUp, note or email.",
        params,
        response: { 200: z.array(activitySchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => repository.activity(request.params.id),
  );

  app.get(
    "/contact/:id/file",
    {
      config: admin,
      compress: false,
      schema: {
        tags,
        summary: "The file attached to a quote request (as an attachment)",
        params,
        response: { ...downloadResponses("The file"), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await repository.view(request.params.id);
      if (!row?.fileKey) throw notFound(row ? "This request has no file." : notFoundMessage);
      return sendStoredFile(request, reply, files, row.fileKey, {
        name: row.fileName ?? "file",
        type: row.fileType ?? "",
      });
    },
  );

  app.delete(
    "/contact/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "Delete a quote request with its file, notes and timeline",
        params,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await repository.remove(request.params.id);
      if (!row) throw notFound(notFoundMessage);
      if (row.fileKey) await files.remove(row.fileKey);
      return reply.status(204).send(null);
    },
  );
};
