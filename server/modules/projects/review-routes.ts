import fastifyMultipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import site from "../../../content/site.json" with { type: "json" };
import { formatBytes } from "../../../shared/bytes.ts";
import { sheetNumberSchema } from "../../../shared/drawings.ts";
import { staffAddresses } from "../../../shared/staff-addresses.ts";
import {
  type Review,
  responseKeys,
  responseTally,
  reviewSchema,
  submitReviewSchema,
  transmittalLimits,
} from "../../../shared/transmittals.ts";
import type { Db } from "../../db/client.ts";
import { downloadResponses, sendStoredFile } from "../../lib/downloads.ts";
import { badRequest, notFound, payloadTooLarge, unauthorized, unsupportedMediaType } from "../../lib/errors.ts";
import { sanitizeFileName } from "../../lib/file-names.ts";
import { classifier, headCheck, quoteTypes } from "../../lib/file-types.ts";
import { verifyPassword } from "../../lib/password-hashing.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { FileTypeError, isStorageKey, type SavedUpload, translateUploadError } from "../../lib/uploads.ts";
import { DRAWINGS_NAMESPACE } from "./drawing-routes.ts";
import { keepMarkedUpCopies } from "./markup-pdf-keep.ts";
import { responseLabelRepository } from "./response-label-repository.ts";
import { accessKey, REVIEW_KEY_HEADER, reviewAccess } from "./review-access.ts";
import { reviewMarkupRoutes } from "./review-markup-routes.ts";
import { reviewMarkupUploads } from "./review-uploads.ts";
import { reviewLinkEnd, type TransmittalRow, transmittalRepository } from "./transmittal-repository.ts";
import { COVERS_NAMESPACE, MARKUPS_NAMESPACE } from "./transmittal-routes.ts";

/** Password attempts per address and link (each costs an argon2 verification). */
export const reviewPasswordLimit = { max: 10, timeWindowMs: 15 * 60 * 1000 };

const wrongPasswordMessage = "That password is not right. Please try again.";

const tokenParams = z.object({ token: z.string().max(200) });
const sheetParams = tokenParams.extend({ number: sheetNumberSchema });

/**
 * The HTTP status of a client's review page at `/review/<token>` (DESIGN §16), by the rule of the
 * view the page loads: 200 while the link works, 404 unknown, 410 withdrawn or expired.
 */
export function reviewPageStatus(db: Db): (token: string) => Promise<200 | 404 | 410> {
  const repository = transmittalRepository(db);
  return async (token) => {
    const found = isStorageKey(token) ? await repository.byToken(token) : undefined;
    if (!found) return 404;
    return reviewLinkEnd(found.transmittal) ? 410 : 200;
  };
}

/**
 * DESIGN §16: the client's review of a transmittal at `/review/{token}`, no login (when the link
 * has a password, the key it gives in the `x-link-key` header; decision 048). It exposes only its own transmittal: the
 * sheets sent with their PDFs, the cover sheet, markups per sheet, and one submission that sets the
 * sheets' statuses and tells the team. The first view is the acknowledgement. Registered under /api.
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = transmittalRepository(app.db);
  const responseLabels = responseLabelRepository(app.db);
  const drawings = app.storage.files(DRAWINGS_NAMESPACE);
  const covers = app.storage.files(COVERS_NAMESPACE);
  const markups = app.storage.files(MARKUPS_NAMESPACE);
  const maxBytes = transmittalLimits.markupMaxMB * 1024 * 1024;
  const tags = ["review"];
  const publicAccess = { access: "public" } as const;

  // Markups by resumable upload too (tus at /api/uploads/, Upload-Metadata `review`, `sheet`, `key`).
  app.resumableUploads.addKind(reviewMarkupUploads(app, markups));
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 2, headerPairs: 50 },
  });
  // Markups as data on the review's sheets (DESIGN §18), through the same token and key.
  await app.register(reviewMarkupRoutes);

  const access = reviewAccess(app.db);
  const working = access.working;
  const reviewed = (token: string, headers: Record<string, unknown>) =>
    access.reviewed(token, headers[REVIEW_KEY_HEADER]);
  const privately = <R extends { header(name: string, value: string): R }>(reply: R) =>
    reply.header("cache-control", "private, no-store").header("x-robots-tag", "noindex, nofollow");

  /** The review as its page shows it, with the office's current words for the responses. */
  const view = async (row: TransmittalRow, project: { job: string; name: string }): Promise<Review> => {
    const [labels, sheets] = await Promise.all([responseLabels.labels(), repository.sheetsOf(row)]);
    return {
      firm: site.brand.legalName,
      project,
      number: row.number,
      purpose: row.purpose,
      message: row.message,
      dueAt: row.dueAt.toISOString(),
      submittedAt: row.submittedAt?.toISOString() ?? null,
      responses: responseKeys.map((key) => ({ key, label: labels[key] })),
      sheets,
    };
  };

  app.post(
    "/review/:token/password",
    {
      config: {
        access: "public",
        rateLimit: {
          ...rateLimit(reviewPasswordLimit, "password attempts"),
          keyGenerator: (request: FastifyRequest) =>
            `${request.ip}|${(request.params as { token?: string }).token ?? ""}`,
        },
      },
      schema: {
        tags,
        summary: "Open a protected review link: its password gives the key the page's other calls send",
        params: tokenParams,
        body: z.object({ password: z.string().max(200) }).strict(),
        response: { 200: z.object({ key: z.string() }), ...errorResponses(400, 401, 404, 410, 429) },
      },
    },
    async (request, reply) => {
      const { transmittal } = await working(request.params.token);
      const hash = transmittal.passwordHash;
      if (hash && !(await verifyPassword(hash, request.body.password))) throw unauthorized(wrongPasswordMessage);
      privately(reply);
      return { key: hash ? accessKey(hash, transmittal.token) : "" };
    },
  );

  app.get(
    "/review/:token",
    {
      config: publicAccess,
      schema: {
        tags,
        summary: "What a client's review page shows (public link); the first view is the acknowledgement",
        params: tokenParams,
        response: { 200: reviewSchema, ...errorResponses(401, 404, 410, 429) },
      },
    },
    async (request, reply) => {
      const found = await reviewed(request.params.token, request.headers);
      if (await repository.markOpened(found.transmittal.id)) {
        request.log.info({ number: found.transmittal.number }, "transmittal opened by the client");
      }
      privately(reply);
      return view(found.transmittal, { job: found.job, name: found.projectName });
    },
  );

  app.get(
    "/review/:token/cover",
    {
      config: publicAccess,
      compress: false,
      schema: {
        tags,
        summary: "The transmittal's cover sheet (PDF)",
        params: tokenParams,
        response: { ...downloadResponses("The cover sheet"), ...errorResponses(401, 404, 410, 429) },
      },
    },
    async (request, reply) => {
      const { transmittal } = await reviewed(request.params.token, request.headers);
      return sendStoredFile(request, reply, covers, transmittal.coverKey, {
        name: `${transmittal.number} cover sheet.pdf`,
        type: "application/pdf",
      });
    },
  );

  app.get(
    "/review/:token/sheets/:number/file",
    {
      config: publicAccess,
      compress: false,
      schema: {
        tags,
        summary: "A sheet of the transmittal, at the revision sent (PDF)",
        params: sheetParams,
        response: { ...downloadResponses("The PDF"), ...errorResponses(400, 401, 404, 410, 429) },
      },
    },
    async (request, reply) => {
      const { transmittal } = await reviewed(request.params.token, request.headers);
      const file = await repository.sentFile(transmittal.id, request.params.number);
      if (!file) throw notFound("This sheet is not in this transmittal.");
      return sendStoredFile(request, reply, drawings, file.key, { name: file.fileName, type: "application/pdf" });
    },
  );

  app.post(
    "/review/:token/sheets/:number/markups",
    {
      config: publicAccess,
      schema: {
        tags,
        summary: "Attach a marked-up file to one sheet before submitting (multipart `file`)",
        description: `One file per call, at most ${formatBytes(maxBytes)}: PDF, images, office or CAD files.`,
        consumes: ["multipart/form-data"],
        params: sheetParams,
        response: {
          201: z.object({ id: z.number().int(), fileName: z.string(), size: z.number().int() }),
          ...errorResponses(400, 401, 404, 409, 410, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const { transmittal } = await reviewed(request.params.token, request.headers);
      const { number } = request.params;
      if (!(await repository.sheetsOf(transmittal)).some((sheet) => sheet.number === number)) {
        throw notFound("This sheet is not in this transmittal.");
      }
      if (!request.isMultipart()) throw unsupportedMediaType("Send the file as multipart/form-data.");
      let stored: (SavedUpload & { fileName: string }) | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === "field" || part.fieldname !== "file" || stored) {
            if (part.type === "file") part.file.resume();
            throw badRequest("Send exactly one file, in the field `file`.", { file: "Send exactly one file" });
          }
          const fileName = sanitizeFileName(part.filename);
          const saved = await markups.save(part.file, {
            truncated: () => part.file.truncated,
            checkHead: headCheck(quoteTypes),
            classify: classifier(quoteTypes),
          });
          stored = { ...saved, fileName };
        }
        if (!stored) throw badRequest("A file is required.", { file: "A file is required" });
        if (stored.size === 0) throw badRequest("The file is empty.", { file: "The file is empty" });
        const file = { key: stored.key, fileName: stored.fileName, size: stored.size };
        const { id } = await app.db.transaction((tx) => repository.addMarkupIn(tx, transmittal.id, number, file));
        privately(reply);
        return reply.status(201).send({ id, fileName: file.fileName, size: file.size });
      } catch (error) {
        if (stored) await markups.remove(stored.key);
        if (error instanceof FileTypeError) {
          throw unsupportedMediaType("Send a PDF, an image, an office or a CAD file.");
        }
        throw translateUploadError(error, () =>
          payloadTooLarge(`The file is larger than the ${formatBytes(maxBytes)} limit.`),
        );
      }
    },
  );

  app.post(
    "/review/:token",
    {
      config: publicAccess,
      schema: {
        tags,
        summary: "Submit the review: a response (and comment) for every sheet, once",
        params: tokenParams,
        body: submitReviewSchema,
        response: { 200: reviewSchema, ...errorResponses(400, 401, 404, 409, 410, 429) },
      },
    },
    async (request, reply) => {
      const found = await reviewed(request.params.token, request.headers);
      const { transmittal } = found;
      const actor = transmittal.recipients[0] ?? "client";
      const submitted = await app.notifications.afterCommit((notices) =>
        repository.submit(transmittal.id, request.body, async (tx, row, responses) => {
          await keepMarkedUpCopies(tx, row.id, { drawings, markups }, request.log);
          const labels = await responseLabels.labels(tx);
          const tally = responseTally(responses, labels);
          await app.audit.as({ actor, request }, "transmittal.response")(tx, {
            target: `project:${found.job}`,
            summary: `Response to ${row.number}: ${tally}`,
          });
          await notices.add(tx, await repository.teamIds(tx, row.projectId), {
            kind: "transmittalResponse",
            title: `${row.number} answered: ${tally}`,
            url: `${staffAddresses.project(found.job)}?tab=transmittals`,
          });
        }),
      );
      request.log.info({ number: submitted.number }, "transmittal answered by the client");
      privately(reply);
      return view(submitted, { job: found.job, name: found.projectName });
    },
  );
};
