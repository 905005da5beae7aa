import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { revisionSchema, sheetNumberSchema } from "../../../shared/drawings.ts";
import {
  clientUpdateMarkupSchema,
  createMarkupCommentSchema,
  createMarkupSchema,
  deleteMarkupQuerySchema,
  markupCommentSchema,
  markupLimits,
  markupSchema,
} from "../../../shared/markups.ts";
import { notFound } from "../../lib/errors.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { changedFields, staleMarkupMessage, staleMarkupSchema } from "./markup-answers.ts";
import { markupCommentRepository } from "./markup-comment-repository.ts";
import { publishMarkupEvent } from "./markup-live.ts";
import { type MarkupWriter, markupRepository, noSuchMarkup } from "./markup-repository.ts";
import { REVIEW_KEY_HEADER, reviewAccess } from "./review-access.ts";
import { transmittalRepository } from "./transmittal-repository.ts";

const sheetParams = z.object({ token: z.string().max(200), number: sheetNumberSchema, revision: revisionSchema });
const markupParams = sheetParams.extend({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const notSent = "This sheet is not in this transmittal at that revision.";

/**
 * DESIGN §18: a client marks up the sheets of a transmittal on its review page, through the
 * review's own token (and the key of a protected link, as every review call): only the sheets the
 * transmittal carries, at the revision sent, and only the markups made through that link; to
 * anything else the answer is 404. Markups and their threads are part of the response: they change
 * until the review is sent (409 after) and while the link works (410 after), under the
 * transmittal's lock the submission takes. The author is the review's recipient as the review
 * page knows them. The team sees each change live. Registered inside the review routes (decision 068).
 */
export const reviewMarkupRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = reviewAccess(app.db);
  const transmittals = transmittalRepository(app.db);
  const repository = markupRepository(app.db);
  const comments = markupCommentRepository(app.db);
  const log = app.log.child({ module: "markups" });
  const publicAccess = { access: "public" } as const;
  const tags = ["review"];
  const base = "/review/:token/sheets/:number/revisions/:revision/markups";
  const privately = <R extends { header(name: string, value: string): R }>(reply: R) =>
    reply.header("cache-control", "private, no-store").header("x-robots-tag", "noindex, nofollow");

  /** The review (its link working, its key given) and the sheet revision it carries, or 404. */
  const sheetOf = async (params: z.infer<typeof sheetParams>, headers: Record<string, unknown>) => {
    const found = await access.reviewed(params.token, headers[REVIEW_KEY_HEADER]);
    const { transmittal } = found;
    const sheet = await repository.sentSheetRevision(transmittal.id, params.number, params.revision);
    if (!sheet) throw notFound(notSent);
    const actor = transmittal.recipients[0] ?? "client";
    return {
      transmittal,
      sheet,
      actor,
      writer: { kind: "client", name: actor, transmittalId: transmittal.id } satisfies MarkupWriter,
      guard: (tx: Parameters<typeof transmittals.lockOpenReview>[0]) => transmittals.lockOpenReview(tx, transmittal.id),
      live: { job: found.job, number: sheet.number, revision: sheet.revision },
      target: `project:${found.job}`,
      label: `${sheet.number} rev ${sheet.revision}`,
    };
  };
  /** A markup made through this link on this sheet revision, or 404 (another link's is none). */
  const ownRow = async (revisionId: number, transmittalId: number, id: number) => {
    const row = await repository.row(revisionId, id);
    if (!row || row.transmittalId !== transmittalId) throw notFound(noSuchMarkup);
    return row;
  };

  app.get(
    base,
    {
      config: publicAccess,
      schema: {
        tags,
        summary: "The markups made through this review link on one of its sheets, oldest first",
        params: sheetParams,
        response: { 200: z.array(markupSchema), ...errorResponses(400, 401, 404, 410) },
      },
    },
    async (request, reply) => {
      const { sheet, transmittal } = await sheetOf(request.params, request.headers);
      privately(reply);
      return repository.list(sheet.revisionId, { transmittalId: transmittal.id });
    },
  );

  app.post(
    base,
    {
      config: publicAccess,
      schema: {
        tags,
        summary: "Mark up one of the review's sheets, at the revision sent, before the review is sent",
        description: `The staff route's shapes and limits (at most ${markupLimits.perRevision} markups a sheet revision).`,
        params: sheetParams,
        body: createMarkupSchema,
        response: { 201: markupSchema, ...errorResponses(400, 401, 404, 409, 410) },
      },
    },
    async (request, reply) => {
      const review = await sheetOf(request.params, request.headers);
      const markup = await repository.create(
        review.sheet,
        request.body,
        review.writer,
        (tx, made) =>
          app.audit.as({ actor: review.actor, request }, "markup.create")(tx, {
            target: review.target,
            summary: `Marked up ${review.label} (${made.kind} ${made.id}, page ${made.page}) in review ${review.transmittal.number}`,
          }),
        review.guard,
      );
      publishMarkupEvent(app, log, review.live, { type: "created", markup });
      return privately(reply).status(201).send(markup);
    },
  );

  app.patch(
    `${base}/:id`,
    {
      config: publicAccess,
      schema: {
        tags,
        summary: "Change a markup made through this link, at the version read (409 answers it as it is now)",
        params: markupParams,
        body: clientUpdateMarkupSchema,
        response: { 200: markupSchema, 409: staleMarkupSchema, ...errorResponses(400, 401, 404, 410) },
      },
    },
    async (request, reply) => {
      const review = await sheetOf(request.params, request.headers);
      const { id } = request.params;
      await ownRow(review.sheet.revisionId, review.transmittal.id, id);
      const outcome = await repository.update(
        review.sheet.revisionId,
        id,
        request.body,
        review.writer,
        (tx) =>
          app.audit.as({ actor: review.actor, request }, "markup.update")(tx, {
            target: review.target,
            summary: `Changed markup ${id} on ${review.label} in review ${review.transmittal.number}: ${changedFields(request.body)}`,
          }),
        review.guard,
      );
      privately(reply);
      if ("stale" in outcome) return reply.status(409).send({ message: staleMarkupMessage, current: outcome.stale });
      publishMarkupEvent(app, log, review.live, { type: "updated", markup: outcome.markup });
      return outcome.markup;
    },
  );

  app.delete(
    `${base}/:id`,
    {
      config: publicAccess,
      schema: {
        tags,
        summary: "Delete a markup made through this link, at the version read",
        params: markupParams,
        querystring: deleteMarkupQuerySchema,
        response: { 204: z.null(), 409: staleMarkupSchema, ...errorResponses(400, 401, 404, 410) },
      },
    },
    async (request, reply) => {
      const review = await sheetOf(request.params, request.headers);
      const { id } = request.params;
      await ownRow(review.sheet.revisionId, review.transmittal.id, id);
      const outcome = await repository.remove(
        review.sheet.revisionId,
        id,
        request.query.version,
        (tx, before) =>
          app.audit.as({ actor: review.actor, request }, "markup.delete")(tx, {
            target: review.target,
            summary: `Deleted markup ${id} (${before.kind}, page ${before.page}) on ${review.label} in review ${review.transmittal.number}`,
          }),
        review.guard,
      );
      privately(reply);
      if ("stale" in outcome) return reply.status(409).send({ message: staleMarkupMessage, current: outcome.stale });
      publishMarkupEvent(app, log, review.live, { type: "deleted", id });
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${base}/:id/comments`,
    {
      config: publicAccess,
      schema: {
        tags,
        summary: "The thread of a markup made through this link, oldest first",
        params: markupParams,
        response: { 200: z.array(markupCommentSchema), ...errorResponses(400, 401, 404, 410) },
      },
    },
    async (request, reply) => {
      const review = await sheetOf(request.params, request.headers);
      await ownRow(review.sheet.revisionId, review.transmittal.id, request.params.id);
      privately(reply);
      return comments.list(request.params.id);
    },
  );

  app.post(
    `${base}/:id/comments`,
    {
      config: publicAccess,
      schema: {
        tags,
        summary: "Add to the thread of a markup made through this link, before the review is sent",
        params: markupParams,
        body: createMarkupCommentSchema,
        response: { 201: markupCommentSchema, ...errorResponses(400, 401, 404, 409, 410) },
      },
    },
    async (request, reply) => {
      const review = await sheetOf(request.params, request.headers);
      const { id } = request.params;
      await ownRow(review.sheet.revisionId, review.transmittal.id, id);
      const comment = await comments.add(id, request.body.text, review.writer, review.guard);
      publishMarkupEvent(app, log, review.live, { type: "commented", id, comment });
      return privately(reply).status(201).send(comment);
    },
  );
};
