import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import site from "../../../content/site.json" with { type: "json" };
import { revisionSchema, sheetNumberSchema } from "../../../shared/drawings.ts";
import { askMarkupAsRfiSchema, markupAddress, markupRfiText } from "../../../shared/markups.ts";
import { jobSchema } from "../../../shared/projects.ts";
import {
  createRfiSchema,
  type Rfi,
  type RfiState,
  rfiNumberSchema,
  rfiPaths,
  rfiSchema,
} from "../../../shared/rfis.ts";
import type { Db } from "../../db/client.ts";
import { toCsv } from "../../lib/csv.ts";
import { downloadResponses, sendCsv, sendStoredFile } from "../../lib/downloads.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { periodicTask } from "../../lib/periodic-task.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { newStorageKey } from "../../lib/uploads.ts";
import { currentUser } from "../../plugins/auth.ts";
import { lines, oneLine } from "../../plugins/mailer.ts";
import { publishMarkupEvent } from "./markup-live.ts";
import { markupRepository, noSuchMarkup } from "./markup-repository.ts";
import { projectRepository } from "./repository.ts";
import { RFIS_NAMESPACE, rfiDueSweep } from "./rfi-notices.ts";
import { type RfiRow, type RfiView, rfiRepository } from "./rfi-repository.ts";

/** How often the sweep looks for RFIs coming due. */
export const RFI_DUE_SWEEP_EVERY_MS = 10 * 60 * 1000;

const jobParams = z.object({ job: jobSchema });
const rfiParams = jobParams.extend({ number: rfiNumberSchema });
const fileParams = rfiParams.extend({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const markupParams = jobParams.extend({
  number: sheetNumberSchema,
  revision: revisionSchema,
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
const noSuchProject = "No such project.";
const noSuchRfi = "No such RFI.";
const dayFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" });

/**
 * DESIGN §16 RFIs of a project, for admins and its team (404 to anyone else, as the project
 * itself): ask one (numbered per project, e-mailed to the person asked with a link to answer at
 * `/rfi/{token}`), the log (and its CSV), one RFI with its answer and files, close and void. An
 * open RFI holds the sheets it names. Registered inside the projects routes.
 */
export const rfiRoutes: FastifyPluginAsyncZod = async (app) => {
  const projects = projectRepository(app.db);
  const repository = rfiRepository(app.db);
  const markups = markupRepository(app.db);
  const files = app.storage.files(RFIS_NAMESPACE);
  const origin = app.config.publicOrigin;
  const staff = { access: "staff" } as const;
  const tags = ["rfis"];
  // DESIGN §15 `due`: the team hears once of each RFI coming due unanswered.
  periodicTask(app, { what: "RFI due notices", everyMs: RFI_DUE_SWEEP_EVERY_MS, task: rfiDueSweep(app) });

  const readable = async (job: string, user: ReturnType<typeof currentUser>) => {
    const project = await projects.byJob(job, { id: user.id, role: user.role });
    if (!project) throw notFound(noSuchProject);
    return project;
  };
  const linkOf = (row: RfiRow) => `${origin}${rfiPaths.page(row.token)}`;
  const toRfi = (row: RfiView, job: string): Rfi => ({
    number: row.number,
    subject: row.subject,
    question: row.question,
    suggestion: row.suggestion,
    sheets: row.sheets,
    to: row.to,
    dueAt: row.dueAt.toISOString(),
    state: row.state,
    url: linkOf(row),
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByName,
    answer: row.answer,
    answeredAt: row.answeredAt?.toISOString() ?? null,
    closedAt: row.closedAt?.toISOString() ?? null,
    files: row.files,
    markup: row.markup && {
      ...row.markup,
      url: markupAddress(job, row.markup.sheet, row.markup.revision, row.markup.id),
    },
  });
  const target = (job: string, number: string) => `rfi:${job}/${number}`;

  /**
   * Asks an RFI (numbered, its sheets held, audited, e-mailed to the person asked) with `also` in
   * its transaction; the RFI as the team reads it.
   */
  const ask = async (
    request: FastifyRequest,
    project: { id: number; job: string; name: string },
    fields: { subject: string; question: string; suggestion: string; sheets: string[]; to: string; dueAt: string },
    also?: (tx: Db, created: RfiRow) => Promise<void>,
  ): Promise<Rfi> => {
    const user = currentUser(request);
    const { subject, question, suggestion, sheets, to, dueAt } = fields;
    const due = new Date(dueAt);
    if (due.getTime() <= Date.now()) {
      throw badRequest("Some fields are not valid.", { dueAt: "The due time must be in the future" });
    }
    const row = await repository.create(
      {
        projectId: project.id,
        subject,
        question,
        suggestion,
        sheets,
        to,
        dueAt: due,
        token: newStorageKey(),
        by: user,
      },
      async (tx, created) => {
        await also?.(tx, created);
        await app.audit.as(request, "rfi.create")(tx, {
          target: target(project.job, created.number),
          summary: `Asked ${created.number} “${oneLine(subject, 100)}” of ${to} on ${project.job}${
            sheets.length > 0 ? `, holding ${sheets.join(", ")}` : ""
          }, due ${due.toISOString()}`,
        });
      },
    );
    app.mailer.send({
      to,
      subject: `${row.number} ${oneLine(subject, 100)} (${project.job} ${oneLine(project.name, 60)})`,
      text: `${site.brand.legalName} asks you a question about ${project.job} ${project.name}.\n\n${lines([
        ["RFI", row.number],
        ["Subject", oneLine(subject, 200)],
        ["Sheets", sheets.length > 0 ? sheets.join(", ") : undefined],
        ["Please answer by", `${dayFormat.format(due)} UTC`],
        ["Read and answer it here", linkOf(row)],
      ])}`,
    });
    request.log.info({ job: project.job, number: row.number, by: user.username }, "rfi created");
    const created = await repository.byNumber(project.id, row.number);
    if (!created) throw new Error("an RFI vanished after it was made");
    return toRfi(created, project.job);
  };

  app.post(
    "/projects/:job/rfis",
    {
      config: staff,
      schema: {
        tags,
        summary: "Ask an RFI: numbered per project, e-mailed to `to` with its answer link; holds the sheets it names",
        params: jobParams,
        body: createRfiSchema,
        response: { 201: rfiSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const project = await readable(request.params.job, currentUser(request));
      return reply.status(201).send(await ask(request, project, request.body));
    },
  );

  app.post(
    "/projects/:job/drawings/:number/revisions/:revision/markups/:id/rfi",
    {
      config: staff,
      schema: {
        tags,
        summary: "Ask a markup as an RFI: it names the sheet, quotes the markup's text and links back to it",
        description:
          "`to`, `dueAt` and optionally `subject` and `suggestion`, as for an RFI; the question quotes the markup. " +
          "A markup is asked once (409 after); one without text has nothing to ask (400).",
        params: markupParams,
        body: askMarkupAsRfiSchema,
        response: { 201: rfiSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const { job, number, revision, id } = request.params;
      const project = await readable(job, currentUser(request));
      const sheet = await markups.sheetRevision(project.id, number, revision);
      const markup = sheet && (await markups.one(sheet.revisionId, id));
      if (!markup) throw notFound(noSuchMarkup);
      if (markup.rfi) throw conflict(`This markup was already asked as ${markup.rfi}.`);
      if (!markup.text.trim()) {
        throw badRequest("A markup without text has nothing to ask.", { text: "Write the markup's text first" });
      }
      const said = markupRfiText(markup);
      const { subject = said.subject, suggestion = "", to, dueAt } = request.body;
      const fields = { subject, question: said.question, suggestion, sheets: [markup.sheet], to, dueAt };
      const asked = await ask(request, project, fields, (tx, created) => markups.linkRfi(tx, markup.id, created.id));
      const linked = await markups.one(sheet.revisionId, markup.id);
      if (linked) {
        const live = { job: project.job, number: markup.sheet, revision: markup.revision };
        publishMarkupEvent(app, request.log, live, { type: "updated", markup: linked });
      }
      return reply.status(201).send(asked);
    },
  );

  app.get(
    "/projects/:job/rfis",
    {
      config: staff,
      schema: {
        tags,
        summary: "A project's RFI log, by number (admins and the team); `format=csv` answers it as CSV",
        params: jobParams,
        querystring: z.object({ format: z.enum(["json", "csv"]).default("json") }),
        response: {
          200: z.union([z.array(rfiSchema), z.string().describe("text/csv")]),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const project = await readable(request.params.job, currentUser(request));
      const log = (await repository.list(project.id)).map((row) => toRfi(row, project.job));
      if (request.query.format !== "csv") return log;
      return sendCsv(
        reply,
        `${project.job}-rfis`,
        toCsv<Rfi>(
          [
            { header: "number", value: (rfi) => rfi.number },
            { header: "subject", value: (rfi) => rfi.subject },
            { header: "sheets", value: (rfi) => rfi.sheets.join(" ") },
            { header: "to", value: (rfi) => rfi.to },
            { header: "state", value: (rfi) => rfi.state },
            { header: "asked", value: (rfi) => rfi.createdAt },
            { header: "asked by", value: (rfi) => rfi.createdBy },
            { header: "due", value: (rfi) => rfi.dueAt },
            { header: "answered", value: (rfi) => rfi.answeredAt },
            { header: "closed", value: (rfi) => rfi.closedAt },
            { header: "files", value: (rfi) => rfi.files.length },
          ],
          log,
        ),
      );
    },
  );

  app.get(
    "/projects/:job/rfis/:number",
    {
      config: staff,
      schema: {
        tags,
        summary: "One RFI with its answer and files (admins and the team)",
        params: rfiParams,
        response: { 200: rfiSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const project = await readable(request.params.job, currentUser(request));
      const row = await repository.byNumber(project.id, request.params.number);
      if (!row) throw notFound(noSuchRfi);
      return toRfi(row, project.job);
    },
  );

  app.get(
    "/projects/:job/rfis/:number/files/:id",
    {
      config: staff,
      compress: false,
      schema: {
        tags,
        summary: "A file sent with an RFI's answer, as an attachment (admins and the team)",
        params: fileParams,
        response: { ...downloadResponses("The file"), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const project = await readable(request.params.job, currentUser(request));
      const row = await repository.byNumber(project.id, request.params.number);
      const file = row && (await repository.file(row.id, request.params.id));
      if (!file) throw notFound("No such file.");
      return sendStoredFile(request, reply, files, file.fileKey, { name: file.fileName, type: "" });
    },
  );

  /** Close (answered → closed) and void (open or answered → void): 409 from any other state. */
  const change = (action: "close" | "void", from: RfiState[], to: RfiState, words: (number: string) => string) =>
    app.post(
      `/projects/:job/rfis/:number/${action}`,
      {
        config: staff,
        schema: {
          tags,
          summary: `${action === "close" ? "Close an answered RFI" : "Void an open or answered RFI, releasing its holds"} (admins and the team)`,
          params: rfiParams,
          response: { 200: rfiSchema, ...errorResponses(400, 401, 404, 409) },
        },
      },
      async (request) => {
        const project = await readable(request.params.job, currentUser(request));
        const found = await repository.byNumber(project.id, request.params.number);
        if (!found) throw notFound(noSuchRfi);
        await repository.transition(
          found.id,
          to,
          (row) => {
            if (!from.includes(row.state)) {
              throw conflict(
                `${row.number} is ${row.state}: only an ${from.join(" or ")} RFI can be ${to === "void" ? "voided" : "closed"}.`,
              );
            }
          },
          (tx, row) =>
            app.audit.as(request, "rfi.close")(tx, {
              target: target(project.job, row.number),
              summary: `${words(row.number)} on ${project.job}`,
            }),
        );
        const row = await repository.byNumber(project.id, found.number);
        if (!row) throw notFound(noSuchRfi);
        return toRfi(row, project.job);
      },
    );
  change("close", ["answered"], "closed", (number) => `Closed ${number}`);
  change("void", ["open", "answered"], "void", (number) => `Voided ${number}`);
};
