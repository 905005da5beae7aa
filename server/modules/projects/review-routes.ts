import { createHmac, timingSafeEqual } from "node:crypto";
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
  responseLabels,
  reviewSchema,
  submitReviewSchema,
  transmittalLimits,
} from "../../../shared/transmittals.ts";
import type { Db } from "../../db/client.ts";
import { downloadResponses, sendStoredFile } from "../../lib/downloads.ts";
import { badRequest, gone, notFound, payloadTooLarge, unauthorized, unsupportedMediaType } from "../../lib/errors.ts";
import { sanitizeFileName } from "../../lib/file-names.ts";
import { classifier, headCheck, quoteTypes } from "../../lib/file-types.ts";
import { verifyPassword } from "../../lib/password-hashing.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { FileTypeError, isStorageKey, type SavedUpload, translateUploadError } from "../../lib/uploads.ts";
import { DRAWINGS_NAMESPACE } from "./drawing-routes.ts";
import { reviewLinkEnd, type TransmittalRow, transmittalRepository } from "./transmittal-repository.ts";
import { COVERS_NAMESPACE, MARKUPS_NAMESPACE } from "./transmittal-routes.ts";

/** The header a protected link's access key comes in, on every call of the review page. */
export const REVIEW_KEY_HEADER = "x-link-key";
/** Password attempts per address and link (each costs an argon2 verification). */
export const reviewPasswordLimit = { max: 10, timeWindowMs: 15 * 60 * 1000 };

const unknownMessage = "This link is not valid.";
const passwordMessage = "This link needs its password.";
const wrongPasswordMessage = "That password is not right. Please try again.";

/**
 * What a protected link's page sends once its password was right: a MAC of the token keyed with
 * the password's stored hash, which only the server holds. Checking it costs no argon2 run, and
 * changing the password (a new hash) ends every key given before.
 */
const accessKey = (passwordHash: string, token: string) =>
  createHmac("sha256", passwordHash).update(`review:${token}`).digest("base64url");
const sameKey = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

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
 * DESIGN §16: the client's review of a transmittal at `/review/{token}`, no login (a password when
 * the link has one, in the `x-link-password` header). It exposes only its own transmittal: the
 * sheets sent with their PDFs, the cover sheet, markups per sheet, and one submission that sets the
 * sheets' statuses and tells the team. The first view is the acknowledgement. Registered under /api.
 */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const repository = transmittalRepository(app.db);
  const drawings = app.storage.files(DRAWINGS_NAMESPACE);
  const covers = app.storage.files(COVERS_NAMESPACE);
  const markups = app.storage.files(MARKUPS_NAMESPACE);
  const maxBytes = transmittalLimits.markupMaxMB * 1024 * 1024;
  const tags = ["review"];
  const publicAccess = { access: "public" } as const;

  await app.register(fastifyMultipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 0, parts: 2, headerPairs: 50 },
  });

  /** The link's transmittal if it still works; its password is not asked (the password route's job). */
  async function working(token: string) {
    const found = isStorageKey(token) ? await repository.byToken(token) : undefined;
    if (!found) throw notFound(unknownMessage);
    const end = reviewLinkEnd(found.transmittal);
    if (end) throw gone(end);
    return found;
  }

  /** The transmittal a link names, if it still works and, when it has a password, the key it gives is sent. */
  async function reviewed(token: string, headers: Record<string, unknown>) {
    const found = await working(token);
    const hash = found.transmittal.passwordHash;
    if (hash) {
      const key = headers[REVIEW_KEY_HEADER];
      if (typeof key !== "string" || !sameKey(key, accessKey(hash, token))) throw unauthorized(passwordMessage);
    }
    return found;
  }
  const privately = <R extends { header(name: string, value: string): R }>(reply: R) =>
    reply.header("cache-control", "private, no-store").header("x-robots-tag", "noindex, nofollow");

  const view = async (row: TransmittalRow, project: { job: string; name: string }): Promise<Review> => ({
    firm: site.brand.legalName,
    project,
    number: row.number,
    purpose: row.purpose,
    message: row.message,
    dueAt: row.dueAt.toISOString(),
    submittedAt: row.submittedAt?.toISOString() ?? null,
    responses: responseKeys.map((key) => ({ key, label: responseLabels[key] })),
    sheets: await repository.sheetsOf(row),
  });

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
        const { id } = await repository.addMarkup(transmittal.id, number, file);
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
        repository.submit(transmittal.id, request.body, async (tx, row, counts) => {
          const tally = [...counts].map(([key, n]) => `${n} ${responseLabels[key].toLowerCase()}`).join(", ");
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
