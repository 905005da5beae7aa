import type { FastifyInstance, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { formatBytes } from "../../../shared/bytes.ts";
import {
  createdFileRequestSchema,
  createFileRequestSchema,
  type FileRequest,
  fileRequestPasswordSchema,
  fileRequestSchema,
  type PublicFileRequest,
  publicFileRequestSchema,
  type UploadedFile,
} from "../../../shared/file-requests.ts";
import { staffAddresses } from "../../../shared/staff-addresses.ts";
import type { Db } from "../../db/client.ts";
import { receivedFiles } from "../../db/schema.ts";
import { downloadResponses, sendStoredFile } from "../../lib/downloads.ts";
import { gone, notFound, payloadTooLarge, unauthorized } from "../../lib/errors.ts";
import { sanitizeFileName } from "../../lib/file-names.ts";
import { hashPassword, verifyPassword } from "../../lib/password-hashing.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { keysIn, reconcileUploads } from "../../lib/upload-reconciliation.ts";
import { isStorageKey, newStorageKey, type UploadStore } from "../../lib/uploads.ts";
import { currentUser } from "../../plugins/auth.ts";
import { lines, oneLine } from "../../plugins/mailer.ts";
import type { ResumableKind } from "../../plugins/resumable-uploads.ts";
import { type FileRequestRepository, type FileRequestRow, fileRequestRepository } from "./repository.ts";

/** Where received files live: `requests/<key>`. */
export const FILE_REQUESTS_NAMESPACE = "requests";
/** At most one arrival e-mail per request in this long (files dropped together make one e-mail). */
export const ARRIVAL_EMAIL_QUIET_MS = 10 * 60 * 1000;
/** Password attempts per address and link (each costs an argon2 verification). */
export const fileRequestPasswordLimit = { max: 10, timeWindowMs: 15 * 60 * 1000 };

const MB = 1024 * 1024;
const expiredMessage = "This link has expired. Ask us for a new one.";
const unknownMessage = "This link is not valid.";
const passwordMessage = "This link needs its password.";
const wrongPasswordMessage = "That password is not right. Please try again.";

const requestScope = (id: number) => `file-request:${id}`;

/** The request a public link names; a token that cannot be one is not looked up. */
const byLink = async (requests: FileRequestRepository, token: string) =>
  isStorageKey(token) ? await requests.byToken(token) : undefined;

const hasExpired = (row: FileRequestRow, now = new Date()) => row.expiresAt.getTime() <= now.getTime();

/** The request behind a public link that still takes files: 404 unknown, 410 expired. */
function takingFiles(row: FileRequestRow | undefined, now = new Date()): FileRequestRow {
  if (!row) throw notFound(unknownMessage);
  if (hasExpired(row, now)) throw gone(expiredMessage);
  return row;
}

/**
 * The HTTP status of a client's page at `/upload/<token>` (DESIGN §12), by the rule of the public
 * view the page loads: 200 while the request takes files, 404 unknown (or deleted), 410 expired.
 */
export function fileRequestPageStatus(db: Db): (token: string) => Promise<200 | 404 | 410> {
  const requests = fileRequestRepository(db);
  return async (token) => {
    const row = await byLink(requests, token);
    if (!row) return 404;
    return hasExpired(row) ? 410 : 200;
  };
}

/** A file request's uploads (DESIGN §12): Upload-Metadata `token` names the request, `password` when it has one. */
function fileRequestUploads(app: FastifyInstance, requests: FileRequestRepository, files: UploadStore): ResumableKind {
  const origin = app.config.publicOrigin;

  /** Tells the admin who asked that files are arriving: once per quiet spell, in the background. */
  function tellRequester(row: FileRequestRow, file: UploadedFile) {
    requests
      .claimNotification(row.id, ARRIVAL_EMAIL_QUIET_MS)
      .then(async (claimed) => {
        if (!claimed) return;
        // DESIGN §15: the bell of the admin who asked, coalesced like the e-mail (one per arrival).
        if (row.createdBy !== null) {
          await app.notifications.notify([row.createdBy], {
            kind: "filesReceived",
            title: `Files arriving on “${row.title}”: ${file.fileName} (${formatBytes(file.size)})`,
            url: staffAddresses.fileRequest(row.id),
          });
        }
        const requester = await requests.requester(row);
        if (!requester) return;
        app.mailer.send({
          to: requester.email,
          subject: `Files arriving: ${oneLine(row.title, 100)}`,
          text: lines([
            ["Request", oneLine(row.title, 200)],
            ["First file", `${oneLine(file.fileName, 200)} (${formatBytes(file.size)})`],
            ["Received", file.receivedAt],
            ["See all files", `${origin}${staffAddresses.fileRequest(row.id)}`],
          ]),
        });
      })
      .catch((error: unknown) => app.log.warn({ err: error, request: row.id }, "could not tell of arriving files"));
  }

  return {
    name: "file-request",
    claims: (metadata) => metadata.token !== undefined,
    files,

    async begin(_request, { size, metadata }, record) {
      const token = metadata.token ?? "";
      const found = takingFiles(await byLink(requests, token));
      // The password first, outside the transaction: argon2 is slow, and a guess must not hold the lock.
      if (found.passwordHash) {
        if (!metadata.password) throw unauthorized(passwordMessage);
        if (!(await verifyPassword(found.passwordHash, metadata.password))) throw unauthorized(wrongPasswordMessage);
      }
      return app.db.transaction(async (transaction) => {
        const tx = transaction as unknown as Db;
        const row = takingFiles(await requests.lockById(tx, found.id));
        const used =
          (await requests.receivedBytes(row.id, tx)) +
          (await app.resumableUploads.repository.reservedBytes(requestScope(row.id), tx));
        const left = Math.max(0, row.maxTotalBytes - used);
        if (size > left) {
          throw payloadTooLarge(
            `This file (${formatBytes(size)}) is larger than what this link still takes (${formatBytes(left)}).`,
          );
        }
        const begun = {
          scope: requestScope(row.id),
          fileName: sanitizeFileName(metadata.filename ?? undefined),
          data: { requestId: row.id },
        };
        await record(begun, tx);
        return begun;
      });
    },

    async allow(_request, upload) {
      takingFiles(await requests.byId((upload.data as { requestId: number }).requestId));
    },

    async finish(tx, _request, upload, saved) {
      const requestId = (upload.data as { requestId: number }).requestId;
      // Locked, like a delete does: the file and the request's deletion cannot cross.
      const row = takingFiles(await requests.lockById(tx, requestId));
      const file = await requests.insertFile(tx, {
        requestId,
        key: saved.key,
        fileName: upload.fileName,
        contentType: saved.contentType,
        sizeBytes: saved.size,
      });
      const body: UploadedFile = {
        id: file.id,
        fileName: file.fileName,
        size: file.sizeBytes,
        receivedAt: file.receivedAt.toISOString(),
      };
      return { body, afterCommit: () => tellRequester(row, body) };
    },
  };
}

/**
 * DESIGN §12 file requests: admins ask clients for files through a link; the client's page
 * (`/upload/<token>`) reads the public view and sends files by resumable upload. Registered
 * under /api.
 */
export const fileRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const requests = fileRequestRepository(app.db);
  const files = app.storage.files(FILE_REQUESTS_NAMESPACE);
  const origin = app.config.publicOrigin;
  const admin = { access: "admin" } as const;
  const tags = ["file requests"];
  app.resumableUploads.addKind(fileRequestUploads(app, requests, files));
  // Files no row names (a crash between a file's put and its row, or a delete and the erase).
  app.addHook("onReady", async () => {
    await reconcileUploads(files, keysIn(app.db, receivedFiles.key), {
      before: app.storage.orphansBefore(),
      log: app.log,
    });
  });

  const linkOf = (row: FileRequestRow) => `${origin}/upload/${row.token}`;
  const fileUrl = (requestId: number, fileId: number) =>
    `${origin}/api/admin/file-requests/${requestId}/files/${fileId}`;
  const ids = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
  const tokenParams = z.object({ token: z.string().max(200) });

  app.post(
    "/admin/file-requests",
    {
      config: admin,
      schema: {
        tags,
        summary: "Ask a client for files: a link to a page where they drop them",
        body: createFileRequestSchema,
        response: { 201: createdFileRequestSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { title, message, expiryHours, maxTotalMB, password } = request.body;
      const maxTotalBytes = maxTotalMB ? maxTotalMB * MB : app.config.maxShareBytes;
      const row = await requests.insert(
        {
          token: newStorageKey(),
          title,
          message: message || null,
          expiresAt: new Date(Date.now() + expiryHours * 3_600_000),
          maxTotalBytes,
          passwordHash: password ? await hashPassword(password) : null,
          createdBy: user.id,
        },
        app.audit.as(request, "fileRequest.create", (created: FileRequestRow) => ({
          target: `fileRequest:${created.id}`,
          summary: `Asked for files: ${oneLine(created.title, 100)} (up to ${formatBytes(created.maxTotalBytes)}, until ${created.expiresAt.toISOString()}${
            created.passwordHash ? ", with a password" : ""
          })`,
        })),
      );
      request.log.info({ id: row.id, by: user.username }, "file request created");
      return reply.status(201).send({ id: row.id, url: linkOf(row), expiresAt: row.expiresAt.toISOString() });
    },
  );

  app.get(
    "/admin/file-requests",
    {
      config: admin,
      schema: {
        tags,
        summary: "File requests, newest first, with the files received through each",
        response: { 200: z.array(fileRequestSchema), ...errorResponses(401, 403) },
      },
    },
    async (): Promise<FileRequest[]> =>
      (await requests.listWithFiles()).map(({ request: row, files: received }) => ({
        id: row.id,
        title: row.title,
        message: row.message,
        url: linkOf(row),
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        maxTotalMB: Math.floor(row.maxTotalBytes / MB),
        hasPassword: row.passwordHash !== null,
        files: received.map((file) => ({
          id: file.id,
          fileName: file.fileName,
          size: file.sizeBytes,
          receivedAt: file.receivedAt.toISOString(),
          url: fileUrl(row.id, file.id),
        })),
      })),
  );

  app.get(
    "/admin/file-requests/:id/files/:fileId",
    {
      config: admin,
      compress: false,
      schema: {
        tags,
        summary: "A file a client sent (as an attachment)",
        params: ids.extend({ fileId: ids.shape.id }),
        response: { ...downloadResponses("The file"), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const file = await requests.file(request.params.id, request.params.fileId);
      if (!file) throw notFound("No such file.");
      return sendStoredFile(request, reply, files, file.key, { name: file.fileName, type: file.contentType });
    },
  );

  app.delete(
    "/admin/file-requests/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "Delete a file request with the files received through it (its link then answers 404)",
        params: ids,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const removed = await requests.remove(
        request.params.id,
        app.audit.as(request, "fileRequest.delete", (row: FileRequestRow) => ({
          target: `fileRequest:${row.id}`,
          summary: `Deleted the file request ${oneLine(row.title, 100)} with its files`,
        })),
      );
      if (!removed) throw notFound("No such file request.");
      // After the commit: a crash in between leaves files no row names, which the start-up removes.
      await app.resumableUploads.removeScope(requestScope(removed.request.id));
      for (const key of removed.keys) await files.remove(key);
      return reply.status(204).send(null);
    },
  );

  async function publicView(token: string): Promise<FileRequestRow> {
    return takingFiles(await byLink(requests, token));
  }

  app.get(
    "/file-requests/:token",
    {
      config: { access: "public" },
      schema: {
        tags,
        summary: "What a client's upload page shows (public link): 404 unknown, 410 expired",
        params: tokenParams,
        response: { 200: publicFileRequestSchema, ...errorResponses(404, 410) },
      },
    },
    async (request, reply): Promise<PublicFileRequest> => {
      const row = await publicView(request.params.token);
      reply.header("cache-control", "private, no-store").header("x-robots-tag", "noindex, nofollow");
      return {
        title: row.title,
        message: row.message,
        expiresAt: row.expiresAt.toISOString(),
        maxTotalBytes: row.maxTotalBytes,
        receivedBytes:
          (await requests.receivedBytes(row.id)) +
          (await app.resumableUploads.repository.reservedBytes(requestScope(row.id))),
        hasPassword: row.passwordHash !== null,
      };
    },
  );

  app.post(
    "/file-requests/:token/password",
    {
      config: {
        access: "public",
        rateLimit: {
          ...rateLimit(fileRequestPasswordLimit, "password attempts"),
          keyGenerator: (request: FastifyRequest) =>
            `${request.ip}|${(request.params as { token?: string }).token ?? ""}`,
        },
      },
      schema: {
        tags,
        summary: "Check a protected link's password before uploading: 204 right, 401 wrong",
        params: tokenParams,
        body: fileRequestPasswordSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 404, 410, 429) },
      },
    },
    async (request, reply) => {
      const row = await publicView(request.params.token);
      if (row.passwordHash && !(await verifyPassword(row.passwordHash, request.body.password))) {
        throw unauthorized(wrongPasswordMessage);
      }
      return reply.status(204).send(null);
    },
  );
};
