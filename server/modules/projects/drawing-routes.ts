import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import site from "../../../content/site.json" with { type: "json" };
import { formatBytes } from "../../../shared/bytes.ts";
import {
  drawingImportLimits,
  drawingImportResultSchema,
  drawingLimits,
  drawingSchema,
  drawingTitleSchema,
  revisionSchema,
  sheetNumberSchema,
} from "../../../shared/drawings.ts";
import { jobSchema } from "../../../shared/projects.ts";
import { drawingRevisions } from "../../db/schema.ts";
import { downloadResponses, sendCsv, sendStoredFile } from "../../lib/downloads.ts";
import { badRequest, notFound, payloadTooLarge, unsupportedMediaType } from "../../lib/errors.ts";
import { sanitizeFileName } from "../../lib/file-names.ts";
import { classifier, drawingTypes, headCheck } from "../../lib/file-types.ts";
import { errorResponses, fieldErrorsOf } from "../../lib/schemas.ts";
import { keysIn, reconcileUploads } from "../../lib/upload-reconciliation.ts";
import { FileTypeError, type SavedUpload, translateUploadError } from "../../lib/uploads.ts";
import { currentUser } from "../../plugins/auth.ts";
import { readRegisterCsv, registerCsv } from "./drawing-csv.ts";
import { drawingRepository } from "./drawing-repository.ts";
import { drawingUploads } from "./drawing-uploads.ts";
import { registerPdf } from "./register-pdf.ts";
import { projectRepository } from "./repository.ts";

/** Where revisions' files live: `drawings/<key>`, one new key per revision. */
export const DRAWINGS_NAMESPACE = "drawings";

const jobParams = z.object({ job: jobSchema });
const sheetParams = jobParams.extend({ number: sheetNumberSchema });
const revisionParams = sheetParams.extend({ revision: revisionSchema });
const registerQuery = z.object({ format: z.enum(["csv"]).optional() });
const noSuchProject = "No such project.";

const uploadFields = z.object({
  number: sheetNumberSchema,
  revision: revisionSchema,
  title: drawingTitleSchema.optional(),
});

/**
 * DESIGN §16 drawing register of a project, for admins and its team (404 to anyone else, as the
 * project itself): the register (JSON or CSV), a revision's upload (one PDF, never replacing a
 * file) and its file, a register imported from CSV, and a sheet's release for fabrication.
 * Registered inside the projects routes.
 */
export const drawingRoutes: FastifyPluginAsyncZod = async (app) => {
  const projects = projectRepository(app.db);
  const sheets = drawingRepository(app.db);
  const files = app.storage.files(DRAWINGS_NAMESPACE);
  const maxBytes = drawingLimits.maxMB * 1024 * 1024;
  const staff = { access: "staff" } as const;
  const tags = ["drawings"];
  // Files no row names (a crash between a file's put and its revision's row).
  app.addHook("onReady", async () => {
    await reconcileUploads(files, keysIn(app.db, drawingRevisions.fileKey), {
      before: app.storage.orphansBefore(),
      log: app.log,
    });
  });
  // Revisions by resumable upload too (tus at /api/uploads/, Upload-Metadata `project`, `number`, …).
  app.resumableUploads.addKind(drawingUploads(app, files));
  // Multipart only in this scope, with limits for exactly one file and three small fields.
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 3, fieldSize: 1024, parts: 6, headerPairs: 50 },
  });

  /** The project the caller may read, or 404 as if there were none. */
  const readable = async (job: string, user: ReturnType<typeof currentUser>) => {
    const project = await projects.byJob(job, { id: user.id, role: user.role });
    if (!project) throw notFound(noSuchProject);
    return project;
  };

  app.get(
    "/projects/:job/drawings",
    {
      config: staff,
      schema: {
        tags,
        summary: "A project's drawing register: every sheet, each with its revisions (admins and the team)",
        description:
          "`format=csv` answers the register as a CSV attachment with the columns number, title, revision, " +
          "status, on hold, updated at. The printable register (PDF) is `/drawings/print`.",
        params: jobParams,
        querystring: registerQuery,
        response: {
          200: z.union([z.array(drawingSchema), z.string().describe("text/csv")]),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request, reply) => {
      const project = await readable(request.params.job, currentUser(request));
      const register = await sheets.register(project.id);
      if (request.query.format === "csv") {
        return sendCsv(reply, `${project.job}-drawing-register`, registerCsv(register));
      }
      return register;
    },
  );

  app.get(
    "/projects/:job/drawings/print",
    {
      config: staff,
      compress: false,
      schema: {
        tags,
        summary: "The drawing register as a printable PDF a client can file (admins and the team)",
        params: jobParams,
        response: { ...downloadResponses("The register (PDF)"), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const project = await readable(request.params.job, currentUser(request));
      const register = await sheets.register(project.id);
      const printedAt = new Date();
      const pdf = await registerPdf({
        firm: site.brand.legalName,
        project: {
          job: project.job,
          name: project.name,
          client: project.clientCompany,
          fabricator: project.fabricator,
        },
        printedAt,
        sheets: register,
      });
      return reply
        .header("content-type", "application/pdf")
        .header(
          "content-disposition",
          `attachment; filename="${project.job}-drawing-register-${printedAt.toISOString().slice(0, 10)}.pdf"`,
        )
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .send(Buffer.from(pdf));
    },
  );

  app.post(
    "/projects/:job/drawings/import",
    {
      config: staff,
      schema: {
        tags,
        summary: "List sheets from a CSV register as Tekla and SDS2 export it (admins and the team)",
        description:
          `multipart/form-data: \`file\`, a CSV of at most ${formatBytes(drawingImportLimits.maxBytes)} and ` +
          `${drawingImportLimits.maxRows.toLocaleString("en-US")} rows. Its first row names the columns in any ` +
          "case: the sheet number (Number, Drawing No, Drawing Number, Dwg No, Sheet…), the title (Title, " +
          "Description, Name…) and optionally the revision (Rev, Revision…); other columns are ignored; comma, " +
          "semicolon or tab separated. A new number adds a sheet with no revision yet (it needs a title); a known " +
          "one takes the file's title (an empty one keeps it). Revisions come only with their PDFs: the file's is " +
          "answered back as `listedRevision` and never written. All or nothing: any bad row (an invalid number, a " +
          "new sheet without a title, a number listed twice) is a 400 naming every bad row in `errors` " +
          "(`row 3`: the reasons; the header is row 1).",
        consumes: ["multipart/form-data"],
        params: jobParams,
        response: { 200: drawingImportResultSchema, ...errorResponses(400, 401, 404, 413, 415) },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const project = await readable(request.params.job, user);
      if (!request.isMultipart()) throw unsupportedMediaType("Send the register as multipart/form-data.");
      let content: Buffer | undefined;
      let fileName = "";
      let extraFiles = false;
      try {
        const limits = { fileSize: drawingImportLimits.maxBytes, files: 1, fields: 2, parts: 4 };
        for await (const part of request.parts({ limits })) {
          if (part.type === "field") continue;
          if (part.fieldname !== "file" || content) {
            extraFiles = true;
            part.file.resume();
          } else {
            content = await part.toBuffer();
            fileName = sanitizeFileName(part.filename);
          }
        }
      } catch (error) {
        throw translateUploadError(error, () =>
          payloadTooLarge(`The register is larger than the ${formatBytes(drawingImportLimits.maxBytes)} limit.`),
        );
      }
      if (extraFiles)
        throw badRequest("Send exactly one file.", { file: "Send exactly one file, in the field `file`" });
      if (!content || content.length === 0)
        throw badRequest("Choose the register's CSV.", { file: "A CSV is required" });
      const { rows, problems } = readRegisterCsv(content);
      const result = await sheets.importSheets(
        project.id,
        rows,
        (existing) => {
          for (const row of rows) {
            if (!row.title && !existing.has(row.number)) problems.add(row.row, "A new sheet needs a title.");
          }
          const refusal = problems.refusal();
          if (refusal) throw refusal;
        },
        (tx, counts) =>
          app.audit.as(request, "drawing.import")(tx, {
            target: `project:${project.job}`,
            summary:
              `Imported ${rows.length} sheet${rows.length === 1 ? "" : "s"} from ${fileName || "a CSV"} to ` +
              `${project.job}: ${counts.created} added, ${counts.updated} retitled`,
          }),
      );
      request.log.info(
        { job: project.job, rows: rows.length, created: result.created.size, updated: result.updated.size },
        "drawing register imported",
      );
      const byNumber = new Map((await sheets.register(project.id)).map((sheet) => [sheet.number, sheet]));
      return {
        created: result.created.size,
        updated: result.updated.size,
        unchanged: rows.length - result.created.size - result.updated.size,
        sheets: rows.flatMap((row) => {
          const sheet = byNumber.get(row.number);
          if (!sheet) return [];
          const outcome = result.created.has(row.number)
            ? ("created" as const)
            : result.updated.has(row.number)
              ? ("updated" as const)
              : ("unchanged" as const);
          return [{ ...sheet, row: row.row, listedRevision: row.listedRevision, outcome }];
        }),
      };
    },
  );

  app.post(
    "/projects/:job/drawings/:number/release",
    {
      config: staff,
      schema: {
        tags,
        summary: "Release a sheet for fabrication (admins and the team)",
        description:
          "Only a sheet that is approved (or approved as noted) and on no hold (an open RFI naming it) is " +
          "released, with its latest revision; otherwise 409 says why.",
        params: sheetParams,
        response: { 200: drawingSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => {
      const { job, number } = request.params;
      const user = currentUser(request);
      const project = await readable(job, user);
      await sheets.release(project.id, number, (tx) =>
        app.audit.as(request, "drawing.release")(tx, {
          target: `project:${project.job}`,
          summary: `Released ${number} for fabrication (${project.job})`,
        }),
      );
      request.log.info({ job: project.job, number, by: user.username }, "drawing released");
      const [sheet] = await sheets.register(project.id, number);
      if (!sheet) throw new Error("a sheet vanished after its release");
      return sheet;
    },
  );

  app.post(
    "/projects/:job/drawings",
    {
      config: staff,
      schema: {
        tags,
        summary: "Add a sheet, or the next revision of one, with its PDF (admins and the team)",
        description:
          `multipart/form-data: \`file\` (a PDF, at most ${formatBytes(maxBytes)}), \`number\`, \`revision\`, and ` +
          "`title` (required for a new sheet). Revisions are letters (A, B, …) until a sheet is approved, then " +
          "numbers (0, 1, …); one that does not follow the last is refused (409) with the reason.",
        consumes: ["multipart/form-data"],
        params: jobParams,
        response: { 201: drawingSchema, ...errorResponses(400, 401, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const project = await readable(request.params.job, user);
      if (!request.isMultipart()) throw unsupportedMediaType("Send the drawing as multipart/form-data.");
      const fields: Record<string, string> = Object.create(null);
      let stored: (SavedUpload & { fileName: string }) | undefined;
      let extraFiles = false;
      try {
        for await (const part of request.parts()) {
          if (part.type === "field") fields[part.fieldname] = String(part.value);
          else if (part.fieldname !== "file" || stored) {
            extraFiles = true;
            part.file.resume();
          } else {
            const fileName = sanitizeFileName(part.filename);
            const saved = await files.save(part.file, {
              truncated: () => part.file.truncated,
              checkHead: headCheck(drawingTypes),
              classify: classifier(drawingTypes),
            });
            stored = { ...saved, fileName };
          }
        }
        const parsed = uploadFields.safeParse(fields);
        const errors = parsed.success ? {} : fieldErrorsOf(parsed.error);
        if (!stored) errors.file = "A PDF is required";
        else if (stored.size === 0) errors.file = "The file is empty";
        if (extraFiles) errors.file = "Send exactly one file, in the field `file`";
        if (!parsed.success || !stored || Object.keys(errors).length > 0) {
          throw badRequest("Some fields are not valid.", errors);
        }
        const { number, revision, title } = parsed.data;
        const file = { key: stored.key, fileName: stored.fileName, size: stored.size };
        await sheets.addRevision(
          { projectId: project.id, number, title: title || undefined, revision, file, by: user },
          (tx) =>
            app.audit.as(request, "drawing.upload")(tx, {
              target: `project:${project.job}`,
              summary: `Uploaded ${number} revision ${revision} (${file.fileName}, ${formatBytes(file.size)}) to ${project.job}`,
            }),
        );
        request.log.info(
          { job: project.job, number, revision, size: file.size, by: user.username },
          "drawing uploaded",
        );
        const [sheet] = await sheets.register(project.id, number);
        if (!sheet) throw new Error("a sheet vanished after its revision was added");
        return reply.status(201).send(sheet);
      } catch (error) {
        if (stored) await files.remove(stored.key);
        if (error instanceof FileTypeError) throw unsupportedMediaType("A drawing must be a PDF.");
        throw translateUploadError(error, () =>
          payloadTooLarge(`The file is larger than the ${formatBytes(maxBytes)} limit.`),
        );
      }
    },
  );

  app.get(
    "/projects/:job/drawings/:number/revisions/:revision/file",
    {
      config: staff,
      compress: false,
      schema: {
        tags,
        summary: "A revision's PDF (admins and the team)",
        params: revisionParams,
        response: { ...downloadResponses("The PDF"), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { job, number, revision } = request.params;
      const project = await readable(job, currentUser(request));
      const file = await sheets.revisionFile(project.id, number, revision);
      if (!file) throw notFound("No such revision.");
      return sendStoredFile(request, reply, files, file.key, { name: file.fileName, type: "application/pdf" });
    },
  );
};
