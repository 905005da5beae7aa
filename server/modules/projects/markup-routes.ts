import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { revisionSchema, sheetNumberSchema } from "../../../shared/drawings.ts";
import {
  createMarkupCommentSchema,
  createMarkupSchema,
  deleteMarkupQuerySchema,
  type Markup,
  markupCommentSchema,
  markupLimits,
  markupQuerySchema,
  markupSchema,
  updateMarkupSchema,
} from "../../../shared/markups.ts";
import { jobSchema } from "../../../shared/projects.ts";
import { forbidden, notFound } from "../../lib/errors.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { type AuthUser, currentUser } from "../../plugins/auth.ts";
import { changedFields, sheetLabel, staleMarkupMessage, staleMarkupSchema } from "./markup-answers.ts";
import { markupCarryRoutes } from "./markup-carry-routes.ts";
import { markupCommentRepository } from "./markup-comment-repository.ts";
import { publishMarkupEvent } from "./markup-live.ts";
import { type MarkupWriter, markupRepository, noSuchMarkup } from "./markup-repository.ts";
import { projectRepository } from "./repository.ts";

const sheetParams = z.object({ job: jobSchema, number: sheetNumberSchema, revision: revisionSchema });
const markupParams = sheetParams.extend({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
/**
 * DESIGN §18 markups of a sheet revision, for admins and the project's team (404 to anyone else,
 * as the project itself): list (by author, by status), make, change and delete at the version
 * read (409 with the markup as it is now), and each markup's comment thread. A markup's shape,
 * page, colour and text are changed by its author or an admin; its status (resolved or open) and
 * its thread by anyone on the team. Every change goes live on the sheet revision's topic
 * (markup-live.ts). Registered inside the projects routes (decision 068).
 */
export const markupRoutes: FastifyPluginAsyncZod = async (app) => {
  const projects = projectRepository(app.db);
  const repository = markupRepository(app.db);
  const comments = markupCommentRepository(app.db);
  const log = app.log.child({ module: "markups" });
  const staff = { access: "staff" } as const;
  const tags = ["markups"];
  const base = "/projects/:job/drawings/:number/revisions/:revision/markups";
  // The last revision's markups to check on a new one (carry-over).
  await app.register(markupCarryRoutes);

  /** The project (readable by the caller) and the sheet revision, or 404 as if there were none. */
  const sheetOf = async (params: z.infer<typeof sheetParams>, user: AuthUser) => {
    const project = await projects.byJob(params.job, { id: user.id, role: user.role });
    if (!project) throw notFound("No such project.");
    const sheet = await repository.sheetRevision(project.id, params.number, params.revision);
    if (!sheet) throw notFound("No such revision.");
    return { project, sheet, live: { job: project.job, number: sheet.number, revision: sheet.revision } };
  };
  const writer = (user: AuthUser): MarkupWriter => ({ kind: "staff", id: user.id, username: user.username });
  /** Its author or an admin may change what a markup shows, or delete it. */
  const mayReshape = (user: AuthUser, row: { authorId: number | null; transmittalId: number | null }) =>
    user.role === "admin" || (row.transmittalId === null && row.authorId === user.id);

  app.get(
    base,
    {
      config: staff,
      schema: {
        tags,
        summary: "A sheet revision's markups, oldest first (admins and the team)",
        description: "`author`: an account's id, or `client` for those made through review links; `status`.",
        params: sheetParams,
        querystring: markupQuerySchema,
        response: { 200: z.array(markupSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { sheet } = await sheetOf(request.params, currentUser(request));
      const { author, status } = request.query;
      return repository.list(sheet.revisionId, {
        status,
        ...(author === "client" ? { clients: true } : author === undefined ? {} : { authorId: author }),
      });
    },
  );

  app.post(
    base,
    {
      config: staff,
      schema: {
        tags,
        summary: "Mark up a sheet revision (admins and the team)",
        description:
          "Geometry in the PDF page's points, its shape by kind: `{x, y, width, height}` for cloud, rectangle, " +
          "ellipse and text (callout adds `anchor: {x, y}`), `{from, to}` for line and arrow, `{strokes: [[[x, y], " +
          `…]]}\` for ink (at most ${markupLimits.strokePoints} points a stroke). Every coordinate finite and within ` +
          `±${markupLimits.coordinate}; colour #rrggbb; text at most ${markupLimits.textMax} characters; at most ` +
          `${markupLimits.perRevision} markups per sheet revision.`,
        params: sheetParams,
        body: createMarkupSchema,
        response: { 201: markupSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { project, sheet, live } = await sheetOf(request.params, user);
      const markup = await repository.create(sheet, request.body, writer(user), (tx, made) =>
        app.audit.as(request, "markup.create")(tx, {
          target: `project:${project.job}`,
          summary: `Marked up ${sheetLabel(sheet)} (${made.kind} ${made.id}, page ${made.page}) in ${project.job}`,
        }),
      );
      publishMarkupEvent(app, log, live, { type: "created", markup });
      return reply.status(201).send(markup);
    },
  );

  app.patch(
    `${base}/:id`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Change a markup at the version read (admins and the team)",
        description:
          "Its shape, page, colour and text by its author or an admin; `status` (open, resolved) by anyone on " +
          "the team. A `version` other than the markup's is a 409 whose `current` is the markup as it is now.",
        params: markupParams,
        body: updateMarkupSchema,
        response: { 200: markupSchema, 409: staleMarkupSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { project, sheet, live } = await sheetOf(request.params, user);
      const { id } = request.params;
      const row = await repository.row(sheet.revisionId, id);
      if (!row) throw notFound(noSuchMarkup);
      const { version, status, ...shape } = request.body;
      if (Object.keys(shape).length > 0 && !mayReshape(user, row)) {
        throw forbidden("Only its author or an admin may change what a markup shows.");
      }
      const outcome = await repository.update(sheet.revisionId, id, request.body, writer(user), (tx, before, after) =>
        app.audit.as(request, "markup.update")(tx, {
          target: `project:${project.job}`,
          summary:
            `Changed markup ${id} on ${sheetLabel(sheet)} in ${project.job}: ${changedFields(request.body)}` +
            (status && status !== before.status ? ` (${after.status})` : ""),
        }),
      );
      if ("stale" in outcome) return reply.status(409).send({ message: staleMarkupMessage, current: outcome.stale });
      publishMarkupEvent(app, log, live, { type: "updated", markup: outcome.markup });
      return outcome.markup;
    },
  );

  app.delete(
    `${base}/:id`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Delete a markup and its thread at the version read (its author or an admin)",
        params: markupParams,
        querystring: deleteMarkupQuerySchema,
        response: { 204: z.null(), 409: staleMarkupSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { project, sheet, live } = await sheetOf(request.params, user);
      const { id } = request.params;
      const row = await repository.row(sheet.revisionId, id);
      if (!row) throw notFound(noSuchMarkup);
      if (!mayReshape(user, row)) throw forbidden("Only its author or an admin may delete a markup.");
      const outcome = await repository.remove(sheet.revisionId, id, request.query.version, (tx, before) =>
        app.audit.as(request, "markup.delete")(tx, {
          target: `project:${project.job}`,
          summary: `Deleted markup ${id} (${before.kind}, page ${before.page}) on ${sheetLabel(sheet)} in ${project.job}`,
        }),
      );
      if ("stale" in outcome) return reply.status(409).send({ message: staleMarkupMessage, current: outcome.stale });
      publishMarkupEvent(app, log, live, { type: "deleted", id });
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${base}/:id/comments`,
    {
      config: staff,
      schema: {
        tags,
        summary: "A markup's comment thread, oldest first (admins and the team)",
        params: markupParams,
        response: { 200: z.array(markupCommentSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { sheet } = await sheetOf(request.params, currentUser(request));
      const markup = await repository.one(sheet.revisionId, request.params.id);
      if (!markup) throw notFound(noSuchMarkup);
      return comments.list(markup.id);
    },
  );

  app.post(
    `${base}/:id/comments`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Add to a markup's comment thread (admins and the team)",
        description: `At most ${markupLimits.commentMax} characters; at most ${markupLimits.commentsPerMarkup} comments a markup.`,
        params: markupParams,
        body: createMarkupCommentSchema,
        response: { 201: markupCommentSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { sheet, live } = await sheetOf(request.params, user);
      const markup: Markup | undefined = await repository.one(sheet.revisionId, request.params.id);
      if (!markup) throw notFound(noSuchMarkup);
      const comment = await comments.add(markup.id, request.body.text, writer(user));
      publishMarkupEvent(app, log, live, { type: "commented", id: markup.id, comment });
      return reply.status(201).send(comment);
    },
  );
};
