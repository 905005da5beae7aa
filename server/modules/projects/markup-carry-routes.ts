import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { revisionSchema, sheetNumberSchema } from "../../../shared/drawings.ts";
import { checkMarkupSchema, markupSchema } from "../../../shared/markups.ts";
import { jobSchema } from "../../../shared/projects.ts";
import { notFound } from "../../lib/errors.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { currentUser } from "../../plugins/auth.ts";
import { staleMarkupMessage, staleMarkupSchema } from "./markup-answers.ts";
import { markupCarryRepository } from "./markup-carry-repository.ts";
import { publishMarkupEvent } from "./markup-live.ts";
import { markupRepository } from "./markup-repository.ts";
import { projectRepository } from "./repository.ts";

const sheetParams = z.object({ job: jobSchema, number: sheetNumberSchema, revision: revisionSchema });
const markupParams = sheetParams.extend({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/**
 * DESIGN §18 carry-over, for admins and the project's team (404 to anyone else): a sheet
 * revision's "to check" list is its last revision's open markups nobody has checked yet; each is
 * marked resolved in this revision (`markup.update`) or carried onto it as a new markup by the same
 * author (`markup.create`), at the version read (409 with the markup as it is now). Both go live on
 * the topics of the revisions they change. Registered inside the markup routes (decision 068).
 */
export const markupCarryRoutes: FastifyPluginAsyncZod = async (app) => {
  const projects = projectRepository(app.db);
  const repository = markupRepository(app.db);
  const carry = markupCarryRepository(app.db);
  const log = app.log.child({ module: "markups" });
  const staff = { access: "staff" } as const;
  const tags = ["markups"];
  const base = "/projects/:job/drawings/:number/revisions/:revision/markups/to-check";

  const sheetOf = async (params: z.infer<typeof sheetParams>, user: ReturnType<typeof currentUser>) => {
    const project = await projects.byJob(params.job, { id: user.id, role: user.role });
    if (!project) throw notFound("No such project.");
    const sheet = await repository.sheetRevision(project.id, params.number, params.revision);
    if (!sheet) throw notFound("No such revision.");
    return { project, sheet };
  };

  app.get(
    base,
    {
      config: staff,
      schema: {
        tags,
        summary: "The last revision's open markups to check on this one (admins and the team)",
        description: "Empty for a sheet's first revision. Each is resolved in this revision, or carried onto it.",
        params: sheetParams,
        response: { 200: z.array(markupSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const { sheet } = await sheetOf(request.params, currentUser(request));
      const previous = await carry.previousOf(sheet);
      return previous ? repository.list(previous.revisionId, { unchecked: true }) : [];
    },
  );

  app.post(
    `${base}/:id`,
    {
      config: staff,
      schema: {
        tags,
        summary: "Mark a markup to check resolved in this revision, or carry it onto it (admins and the team)",
        description:
          "`action`: `resolved` answers the last revision's markup, now resolved in this revision; `carried` " +
          "answers the new markup on this revision (`carriedFrom` names the old one). 409 when the version is " +
          "stale (with `current`) or the markup was checked already.",
        params: markupParams,
        body: checkMarkupSchema,
        response: { 200: markupSchema, 409: staleMarkupSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { project, sheet } = await sheetOf(request.params, user);
      const { id } = request.params;
      const { action } = request.body;
      const outcome = await carry.check(sheet, id, request.body, user, (tx, written) =>
        action === "resolved"
          ? app.audit.as(request, "markup.update")(tx, {
              target: `project:${project.job}`,
              summary: `Markup ${id} on ${sheet.number} rev ${written.revision} resolved in rev ${sheet.revision} (${project.job})`,
            })
          : app.audit.as(request, "markup.create")(tx, {
              target: `project:${project.job}`,
              summary: `Carried markup ${id} onto ${sheet.number} rev ${sheet.revision} as ${written.id} (${project.job})`,
            }),
      );
      if ("stale" in outcome) return reply.status(409).send({ message: staleMarkupMessage, current: outcome.stale });
      const { markup } = outcome;
      const live = { job: project.job, number: sheet.number, revision: markup.revision };
      publishMarkupEvent(app, log, live, { type: action === "resolved" ? "updated" : "created", markup });
      return markup;
    },
  );
};
