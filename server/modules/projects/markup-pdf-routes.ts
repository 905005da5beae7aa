import { eq } from "drizzle-orm";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { revisionSchema, sheetNumberSchema } from "../../../shared/drawings.ts";
import { readMarkupsSchema } from "../../../shared/markup-pdf.ts";
import type { Markup } from "../../../shared/markups.ts";
import { jobSchema } from "../../../shared/projects.ts";
import { drawingRevisions } from "../../db/schema.ts";
import { HttpError, notFound } from "../../lib/errors.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { currentUser } from "../../plugins/auth.ts";
import { DRAWINGS_NAMESPACE } from "./drawing-routes.ts";
import { readPdfMarkupsBounded } from "./markup-pdf-bounded.ts";
import { storedBytes } from "./markup-pdf-keep.ts";
import { READ_MAX_BYTES, UnreadablePdf } from "./markup-pdf-read.ts";
import { pdfWithMarkups } from "./markup-pdf-write.ts";
import { markupRepository, type SheetRevision } from "./markup-repository.ts";
import { projectRepository } from "./repository.ts";
import { REVIEW_KEY_HEADER, reviewAccess } from "./review-access.ts";
import { transmittalRepository } from "./transmittal-repository.ts";
import { MARKUPS_NAMESPACE } from "./transmittal-routes.ts";

const sheetParams = z.object({ job: jobSchema, number: sheetNumberSchema, revision: revisionSchema });
const reviewParams = z.object({ token: z.string().max(200), number: sheetNumberSchema, revision: revisionSchema });
const uploadedParams = z.object({
  job: jobSchema,
  number: z.string().max(40),
  id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
const unprocessable = (message: string) => new HttpError(422, message, "UNPROCESSABLE");
const pdfAnswer = { 200: z.unknown().describe("The PDF with the markups as annotations") };

/**
 * DESIGN §18 "Download with markups", both ways (decision 069): the revision's PDF with its
 * markups written in as standard annotations, for the team (`…/revisions/{rev}/markups.pdf`) and
 * for the client through the review's token (the markups made through that link); and the
 * annotations of a client's marked-up file read as markups. The stored PDF is never changed: the
 * copy is made for each answer. Registered inside the projects routes.
 */
export const markupPdfRoutes: FastifyPluginAsyncZod = async (app) => {
  const projects = projectRepository(app.db);
  const markups = markupRepository(app.db);
  const transmittals = transmittalRepository(app.db);
  const access = reviewAccess(app.db);
  const drawings = app.storage.files(DRAWINGS_NAMESPACE);
  const uploads = app.storage.files(MARKUPS_NAMESPACE);

  const fileOf = async (revisionId: number) => {
    const [row] = await app.db
      .select({ key: drawingRevisions.fileKey })
      .from(drawingRevisions)
      .where(eq(drawingRevisions.id, revisionId))
      .limit(1);
    return row;
  };

  /** Sends the sheet's PDF with `list` written in; a PDF that will not load is a 422. */
  const send = async (reply: FastifyReply, sheet: SheetRevision, list: Markup[]) => {
    const file = await fileOf(sheet.revisionId);
    const bytes = file && (await storedBytes(drawings, file.key, Number.MAX_SAFE_INTEGER));
    if (!bytes) throw notFound("This revision's file is gone.");
    let out: Uint8Array;
    try {
      out = await pdfWithMarkups(bytes, list);
    } catch {
      throw unprocessable("This revision's PDF cannot be read, so markups cannot be written into it.");
    }
    const name = `${sheet.number}-rev-${sheet.revision}-markups.pdf`.replace(/[^A-Za-z0-9._-]/g, "_");
    return reply
      .header("content-type", "application/pdf")
      .header("content-disposition", `attachment; filename="${name}"`)
      .header("cache-control", "private, no-store")
      .header("x-content-type-options", "nosniff")
      .send(Buffer.from(out));
  };

  app.get(
    "/projects/:job/drawings/:number/revisions/:revision/markups.pdf",
    {
      config: { access: "staff" },
      compress: false,
      schema: {
        tags: ["markups"],
        summary: "The revision's PDF with its markups as standard PDF annotations (admins and the team)",
        params: sheetParams,
        response: { ...pdfAnswer, ...errorResponses(400, 401, 404, 422) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { job, number, revision } = request.params;
      const project = await projects.byJob(job, { id: user.id, role: user.role });
      if (!project) throw notFound("No such project.");
      const sheet = await markups.sheetRevision(project.id, number, revision);
      if (!sheet) throw notFound("No such revision.");
      return send(reply, sheet, await markups.list(sheet.revisionId));
    },
  );

  app.get(
    "/review/:token/sheets/:number/revisions/:revision/markups.pdf",
    {
      config: { access: "public" },
      compress: false,
      schema: {
        tags: ["review"],
        summary: "A sheet of the review at the revision sent, with the markups made through this link as annotations",
        params: reviewParams,
        response: { ...pdfAnswer, ...errorResponses(400, 401, 404, 410, 422) },
      },
    },
    async (request, reply) => {
      const { token, number, revision } = request.params;
      const { transmittal } = await access.reviewed(token, request.headers[REVIEW_KEY_HEADER]);
      const sheet = await markups.sentSheetRevision(transmittal.id, number, revision);
      if (!sheet) throw notFound("This sheet is not in this transmittal at that revision.");
      reply.header("x-robots-tag", "noindex, nofollow");
      return send(reply, sheet, await markups.list(sheet.revisionId, { transmittalId: transmittal.id }));
    },
  );

  app.get(
    "/projects/:job/transmittals/:number/markups/:id/annotations",
    {
      config: { access: "staff" },
      schema: {
        tags: ["markups"],
        summary: "The markups a client's marked-up PDF carries as annotations (admins and the team)",
        description:
          "Square, Circle, Line, Polygon, PolyLine, Ink, FreeText and Text (a sticky note) become the kinds, the " +
          "author from /T; other annotations are counted in `skipped`; past 500 markups the rest are counted in " +
          "`left`. A file that is not a readable PDF is a 422; one over 50 MB a 413.",
        params: uploadedParams,
        response: { 200: readMarkupsSchema, ...errorResponses(400, 401, 404, 413, 422) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const project = await projects.byJob(request.params.job, { id: user.id, role: user.role });
      if (!project) throw notFound("No such project.");
      const transmittal = await transmittals.byNumber(project.id, request.params.number);
      if (!transmittal) throw notFound("No such transmittal.");
      const file = await transmittals.markupFile(transmittal.id, request.params.id);
      const bytes = file && (await storedBytes(uploads, file.fileKey, READ_MAX_BYTES));
      if (!bytes) throw notFound("No such file.");
      reply.header("cache-control", "private, no-store");
      try {
        return await readPdfMarkupsBounded(bytes);
      } catch (error) {
        if (error instanceof UnreadablePdf) throw unprocessable(error.message);
        throw unprocessable("This file's annotations cannot be read.");
      }
    },
  );
};
