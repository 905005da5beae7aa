import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  quoteRequestFiltersSchema,
  quoteRequestPatchSchema,
  quoteRequestSchema,
  staleVersionMessage,
} from "../../../shared/quote-requests.ts";
import { quoteRequests } from "../../db/schema.ts";
import { notFound } from "../../lib/errors.ts";
import { registerWorkItemRoutes } from "../activity/work-item-routes.ts";
import { quoteRequestsCsv } from "./csv.ts";
import { notFoundMessage, quoteRequestFiles, quoteRequestRepository, toQuoteRequest } from "./repository.ts";
import { quoteRequestSearch } from "./search.ts";

export interface QuoteRequestsModuleOptions {
  /** The clock the "due" filters and `contactedAt` read (tests move it). */
  now?: () => Date;
  /** How often the follow-up notices are swept (follow-up-notices.ts; every minute by default). */
  followUpSweepEveryMs?: number;
}

/**
 * The admin side of quote requests (DESIGN §11, SPEC's /api/contact paths): the list with its
 * filters, one request, changes with optimistic concurrency, notes, the timeline, the file, the
 * CSV export and deletion. Admins, and an employee for the requests assigned to them (decision
 * 043; the export and deletion stay the admins'). Registered under /api.
 */
export const quoteRequestAdminRoutes: FastifyPluginAsyncZod<QuoteRequestsModuleOptions> = async (app, options) => {
  const repository = quoteRequestRepository(app.db, { now: options.now });

  app.finder.addKind("quoteRequest", quoteRequestSearch(app.db));
  registerWorkItemRoutes(app, {
    paths: { list: "/contact/all", base: "/contact" },
    tags: ["quote requests (admin)"],
    access: "admin",
    notFoundMessage,
    schemas: { filters: quoteRequestFiltersSchema, patch: quoteRequestPatchSchema, item: quoteRequestSchema },
    store: {
      ...repository,
      get: repository.view,
      update: (id, patch, actor, audit) =>
        app.notifications.afterCommit((notices) => repository.update(id, patch, actor, audit, notices)),
    },
    view: toQuoteRequest,
    assigned: {
      of: (item) => item.assigneeId,
      reassigns: (patch, item) =>
        patch.assignee !== undefined && patch.assignee?.toLowerCase() !== item.assignee?.toLowerCase(),
      notYours: "This quote request is not assigned to you.",
      onlyAdminsReassign: "Only an admin can reassign a quote request.",
    },
    csv: { name: "quote-requests", of: quoteRequestsCsv },
    audit: { update: "quote.update", note: "quote.note" },
    file: {
      path: "file",
      store: quoteRequestFiles(app.storage),
      keys: quoteRequests.fileKey,
      what: "The file",
      key: (row) => row.fileKey,
      answer(row) {
        if (!row.fileKey) throw notFound("This request has no file.");
        return { key: row.fileKey, name: row.fileName ?? "file", type: row.fileType ?? "" };
      },
    },
    docs: {
      list: {
        summary: "Quote requests, newest first",
        description:
          "`q` searches reference, name, email, company, project and phone (every word must match); `status`; " +
          "`assignee` (a username, or `none`); `due=today` (follow-up before the end of today: due today or " +
          "overdue) or `due=overdue` (follow-up before the start of today), by the calendar day of `tz`, the " +
          "caller's IANA time zone (UTC when absent); won and lost requests are never due. An employee " +
          "sees only the requests assigned to them.",
      },
      export: { summary: "Quote requests as CSV (same filters as the list)" },
      one: { summary: "One quote request" },
      update: {
        summary: "Change a quote request's status, assignee, follow-up or lost reason",
        description:
          "Send the `version` you read. A stale one answers 409 (" +
          staleVersionMessage +
          ") and changes nothing. `lostReason` is required when the request is lost and cleared when it " +
          "leaves lost; `assignee` must be an active staff member (or null). An employee changes only " +
          "the requests assigned to them, and may not reassign them (403).",
      },
      notes: { summary: "A quote request's notes, oldest first" },
      addNote: { summary: "Add a note to a quote request (it does not change the version)" },
      activity: {
        summary: "A quote request's timeline, oldest first",
        description: "Every change, note and e-mail: `kind` is created, status, assignee, followUp, note or email.",
      },
      file: { summary: "The file attached to a quote request (as an attachment)" },
      remove: { summary: "Delete a quote request with its file, notes and timeline" },
    },
  });
};
