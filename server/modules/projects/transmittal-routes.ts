import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import site from "../../../content/site.json" with { type: "json" };
import { jobSchema } from "../../../shared/projects.ts";
import {
  createdTransmittalSchema,
  createTransmittalSchema,
  transmittalPaths,
  transmittalPurposeLabels,
  transmittalSchema,
} from "../../../shared/transmittals.ts";
import { transmittalMarkups, transmittals } from "../../db/schema.ts";
import { toCsv } from "../../lib/csv.ts";
import { downloadResponses, sendCsv, sendStoredFile } from "../../lib/downloads.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import { hashPassword } from "../../lib/password-hashing.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { keysIn, reconcileUploads } from "../../lib/upload-reconciliation.ts";
import { newStorageKey } from "../../lib/uploads.ts";
import { currentUser } from "../../plugins/auth.ts";
import { lines, oneLine } from "../../plugins/mailer.ts";
import { coverSheetPdf } from "./cover-sheet.ts";
import { projectRepository } from "./repository.ts";
import { responseLabelRepository } from "./response-label-repository.ts";
import { type TransmittalRow, transmittalRepository } from "./transmittal-repository.ts";

/** Where cover sheets live: `transmittals/<key>`. */
export const COVERS_NAMESPACE = "transmittals";
/** Where clients' marked-up files live: `markups/<key>`. */
export const MARKUPS_NAMESPACE = "markups";

const jobParams = z.object({ job: jobSchema });
const numberParams = jobParams.extend({ number: z.string().max(40) });
const markupParams = numberParams.extend({ id: z.coerce.number().int().positive() });
const noSuchProject = "No such project.";
const noSuchTransmittal = "No such transmittal.";

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * DESIGN §16 transmittals of a project, for admins and its team (404 to anyone else, as the
 * project itself): create one (numbered, with its cover sheet, e-mailed to the client), the log
 * (JSON or `?format=csv`), one with who opened and answered what, its cover sheet and the
 * client's markups, and withdrawing its link. Registered inside the projects routes.
 */
export const transmittalRoutes: FastifyPluginAsyncZod = async (app) => {
  const projects = projectRepository(app.db);
  const repository = transmittalRepository(app.db);
  const responseLabels = responseLabelRepository(app.db);
  const covers = app.storage.files(COVERS_NAMESPACE);
  const markups = app.storage.files(MARKUPS_NAMESPACE);
  const origin = app.config.publicOrigin;
  const staff = { access: "staff" } as const;
  const tags = ["transmittals"];
  const linkOf = (row: TransmittalRow) => `${origin}${transmittalPaths.reviewPage(row.token)}`;

  app.addHook("onReady", async () => {
    const before = app.storage.orphansBefore();
    await reconcileUploads(covers, keysIn(app.db, transmittals.coverKey), { before, log: app.log });
    await reconcileUploads(markups, keysIn(app.db, transmittalMarkups.fileKey), { before, log: app.log });
  });

  const readable = async (job: string, user: ReturnType<typeof currentUser>) => {
    const project = await projects.byJob(job, { id: user.id, role: user.role });
    if (!project) throw notFound(noSuchProject);
    return project;
  };
  const transmittalOf = async (projectId: number, number: string) => {
    const row = await repository.byNumber(projectId, number);
    if (!row) throw notFound(noSuchTransmittal);
    return row;
  };

  app.post(
    "/projects/:job/transmittals",
    {
      config: staff,
      schema: {
        tags,
        summary: "Send sheets to the client: numbered per project, with a cover sheet, e-mailed (admins and the team)",
        description:
          "Every sheet must be in the register at its latest revision. For approval, the sheets become Issued. " +
          "Each recipient gets the review link by e-mail; `password` (optional) protects the link.",
        params: jobParams,
        body: createTransmittalSchema,
        response: { 201: createdTransmittalSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const project = await readable(request.params.job, user);
      const fields = request.body;
      const now = new Date();
      let coverKey: string | undefined;
      const row = await repository
        .create(
          {
            project,
            fields,
            token: newStorageKey(),
            passwordHash: fields.password ? await hashPassword(fields.password) : null,
            by: user,
            now,
          },
          async (number, dueAt, sheets) => {
            const pdf = await coverSheetPdf({
              firm: site.brand.legalName,
              project: { job: project.job, name: project.name, client: project.clientCompany },
              number,
              date: now,
              dueAt,
              purpose: fields.purpose,
              message: fields.message,
              from: user.username,
              recipients: fields.recipients,
              sheets,
            });
            const saved = await covers.save(Readable.from([Buffer.from(pdf)]), { truncated: () => false });
            coverKey = saved.key;
            return saved.key;
          },
          (tx, created) =>
            app.audit.as(request, "transmittal.create")(tx, {
              target: `project:${project.job}`,
              summary:
                `Sent ${created.number} (${transmittalPurposeLabels[created.purpose].toLowerCase()}, ` +
                `${fields.sheets.length} sheet${fields.sheets.length === 1 ? "" : "s"}) to ${fields.recipients.join(", ")}`,
            }),
        )
        .catch(async (error: unknown) => {
          if (coverKey) await covers.remove(coverKey);
          throw error;
        });
      const link = linkOf(row);
      for (const to of row.recipients) {
        app.mailer.send({
          to,
          subject: `${oneLine(site.brand.name)} transmittal ${row.number}: ${oneLine(project.name, 80)}`,
          text: [
            `${transmittalPurposeLabels[row.purpose]}: ${fields.sheets.length} sheet${fields.sheets.length === 1 ? "" : "s"} of ${project.job} ${project.name}.`,
            row.message,
            lines([
              ["Review and respond", link],
              ["Please respond by", day(row.dueAt)],
              ["Sent by", user.username],
            ]),
          ]
            .filter(Boolean)
            .join("\n\n"),
        });
      }
      request.log.info({ job: project.job, number: row.number, sheets: fields.sheets.length }, "transmittal sent");
      return reply.status(201).send({ number: row.number, url: link, dueAt: row.dueAt.toISOString() });
    },
  );

  app.get(
    "/projects/:job/transmittals",
    {
      config: staff,
      schema: {
        tags,
        summary: "A project's transmittal log, newest first (`?format=csv` for a spreadsheet)",
        params: jobParams,
        querystring: z.object({ format: z.enum(["json", "csv"]).default("json") }),
        response: { 200: z.array(transmittalSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const project = await readable(request.params.job, currentUser(request));
      const log = await repository.describe(await repository.list(project.id), linkOf);
      if (request.query.format === "json") return log;
      const labels = await responseLabels.labels();
      const rows = log.flatMap((transmittal) => transmittal.sheets.map((sheet) => ({ transmittal, sheet })));
      const csv = toCsv<(typeof rows)[number]>(
        [
          { header: "Transmittal", value: (row) => row.transmittal.number },
          { header: "Purpose", value: (row) => transmittalPurposeLabels[row.transmittal.purpose] },
          { header: "Sent", value: (row) => row.transmittal.createdAt },
          { header: "Sent by", value: (row) => row.transmittal.createdBy },
          { header: "To", value: (row) => row.transmittal.recipients.join("; ") },
          { header: "Due", value: (row) => row.transmittal.dueAt },
          { header: "Opened", value: (row) => row.transmittal.openedAt },
          { header: "Answered", value: (row) => row.transmittal.submittedAt },
          { header: "Withdrawn", value: (row) => row.transmittal.voidedAt },
          { header: "Sheet", value: (row) => row.sheet.number },
          { header: "Title", value: (row) => row.sheet.title },
          { header: "Revision", value: (row) => row.sheet.revision },
          { header: "Response", value: (row) => (row.sheet.response ? labels[row.sheet.response] : "") },
          { header: "Comment", value: (row) => row.sheet.comment },
        ],
        rows,
      );
      return sendCsv(reply, `${project.job}-transmittals`, csv);
    },
  );

  app.get(
    "/projects/:job/transmittals/:number",
    {
      config: staff,
      schema: {
        tags,
        summary: "One transmittal: its sheets, responses, markups, and when the client opened and answered it",
        params: numberParams,
        response: { 200: transmittalSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const project = await readable(request.params.job, currentUser(request));
      const row = await transmittalOf(project.id, request.params.number);
      const [described] = await repository.describe([row], linkOf);
      return described!;
    },
  );

  app.get(
    "/projects/:job/transmittals/:number/cover",
    {
      config: staff,
      compress: false,
      schema: {
        tags,
        summary: "A transmittal's cover sheet (PDF)",
        params: numberParams,
        response: { ...downloadResponses("The cover sheet"), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const project = await readable(request.params.job, currentUser(request));
      const row = await transmittalOf(project.id, request.params.number);
      return sendStoredFile(request, reply, covers, row.coverKey, {
        name: `${row.number} cover sheet.pdf`,
        type: "application/pdf",
      });
    },
  );

  app.get(
    "/projects/:job/transmittals/:number/markups/:id",
    {
      config: staff,
      compress: false,
      schema: {
        tags,
        summary: "A marked-up file the client sent with the review",
        params: markupParams,
        response: { ...downloadResponses("The file"), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const project = await readable(request.params.job, currentUser(request));
      const row = await transmittalOf(project.id, request.params.number);
      const markup = await repository.markupFile(row.id, request.params.id);
      if (!markup) throw notFound("No such file.");
      return sendStoredFile(request, reply, markups, markup.fileKey, {
        name: markup.fileName,
        type: "application/octet-stream",
      });
    },
  );

  app.post(
    "/projects/:job/transmittals/:number/void",
    {
      config: staff,
      schema: {
        tags,
        summary: "Withdraw a transmittal's review link: it answers 410 from then on",
        params: numberParams,
        response: { 200: transmittalSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const project = await readable(request.params.job, currentUser(request));
      const row = await transmittalOf(project.id, request.params.number);
      if (row.submittedAt) throw conflict(`${row.number} was answered already: there is nothing to withdraw.`);
      const voided = await repository.voidLink(row.id, (tx) =>
        app.audit.as(request, "transmittal.void")(tx, {
          target: `project:${project.job}`,
          summary: `Withdrew the review link of ${row.number}`,
        }),
      );
      if (!voided) throw conflict(`${row.number}'s link was withdrawn already.`);
      const [described] = await repository.describe([(await repository.byNumber(project.id, row.number))!], linkOf);
      return described!;
    },
  );
};
