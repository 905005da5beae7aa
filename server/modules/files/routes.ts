import fastifyFormbody from "@fastify/formbody";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { formatBytes } from "../../../shared/bytes.ts";
import { fileIdParamsSchema, fileShareLimits, sharedFileSchema, updateShareSchema } from "../../../shared/files.ts";
import { downloadResponses, sendStoredFile } from "../../lib/downloads.ts";
import { badRequest, gone, HttpError, notFound, payloadTooLarge, unsupportedMediaType } from "../../lib/errors.ts";
import { sanitizeFileName } from "../../lib/file-names.ts";
import { escapeHtml, sendServerPage } from "../../lib/html-page.ts";
import { hashPassword, verifyPassword } from "../../lib/password-hashing.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { translateUploadError } from "../../lib/uploads.ts";
import { currentUser } from "../../plugins/auth.ts";
import { lines, oneLine } from "../../plugins/mailer.ts";
import { type SharedFileRow, type ShareEnd, sharedFileRepository, shareEnd } from "./repository.ts";
import { shareUploads } from "./resumable.ts";
import { auditShareCreated, parseShareFields, toSharedFile } from "./share-fields.ts";
import { isShareToken, type StoredUpload, shareStorage } from "./storage.ts";

/** Admin dashboard: upload, list and delete shared files (all admin-only). Registered under /api. */
export const adminFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = shareStorage(app.storage);
  const shares = sharedFileRepository(app.db);
  const maxBytes = app.config.maxShareBytes;
  const admin = { access: "admin" } as const;
  const tags = ["files"];
  app.resumableUploads.addKind(shareUploads(app));

  // Multipart only in this scope, with limits for exactly one file and a couple of small fields.
  await app.register(fastifyMultipart, {
    limits: { fileSize: maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 8, headerPairs: 50 },
  });

  app.post(
    "/admin/files/upload",
    {
      config: admin,
      schema: {
        tags,
        summary: "Share a file through an expiring public link",
        description:
          `multipart/form-data: \`file\` (any type, at most ${formatBytes(maxBytes)}), \`expiryMinutes\` (1 minute to 1 year), ` +
          "and optionally `password` (the link then asks for it) and `maxDownloads` (after which the link answers 410).",
        consumes: ["multipart/form-data"],
        response: { 201: sharedFileSchema, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw unsupportedMediaType("Send the file as multipart/form-data.");
      const user = currentUser(request);
      const fields: Record<string, string> = Object.create(null);
      let stored: StoredUpload | undefined;
      let fileName = "";
      let extraFiles = false;
      try {
        for await (const part of request.parts()) {
          if (part.type === "field") {
            fields[part.fieldname] = String(part.value);
          } else if (part.fieldname !== "file" || stored) {
            extraFiles = true;
            part.file.resume();
          } else {
            fileName = sanitizeFileName(part.filename);
            stored = await storage.save(part.file, () => part.file.truncated);
          }
        }

        const parsed = parseShareFields(fields);
        const errors = parsed.ok ? {} : { ...parsed.errors };
        if (!stored) errors.file = "A file is required";
        else if (stored.size === 0) errors.file = "The file is empty";
        if (extraFiles) errors.file = "Send exactly one file, in the field `file`";
        if (!stored || !parsed.ok || Object.keys(errors).length > 0) {
          throw badRequest("Some fields are not valid.", errors);
        }

        const { expiryMinutes, password, maxDownloads } = parsed.value;
        const row = await shares.insert(
          {
            fileName,
            token: stored.token,
            contentType: stored.contentType,
            sizeBytes: stored.size,
            expiresAt: new Date(Date.now() + expiryMinutes * 60_000),
            uploadedBy: user.id,
            passwordHash: password ? await hashPassword(password) : null,
            maxDownloads,
          },
          auditShareCreated(app, request, user.username),
        );
        request.log.info({ id: row.id, size: row.sizeBytes, by: user.username }, "file shared");
        return reply.status(201).send(toSharedFile(row, app.config.publicOrigin));
      } catch (error) {
        if (stored) await storage.remove(stored.token);
        throw translateUploadError(error, () =>
          payloadTooLarge(`The file is larger than the ${formatBytes(maxBytes)} limit.`),
        );
      }
    },
  );

  app.get(
    "/admin/files",
    {
      config: admin,
      schema: {
        tags,
        summary: "Shared files that have not expired, newest first",
        response: { 200: z.array(sharedFileSchema), ...errorResponses(401, 403) },
      },
    },
    // Links are built on PUBLIC_ORIGIN, never on the request's Host (a forged Host would otherwise end up in them).
    async () => (await shares.listActive()).map((row) => toSharedFile(row, app.config.publicOrigin)),
  );

  app.patch(
    "/admin/files/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "Extend (or shorten) a link that still serves: a new expiry counted from now",
        params: fileIdParamsSchema,
        body: updateShareSchema,
        response: { 200: sharedFileSchema, ...errorResponses(400, 401, 403, 404, 410) },
      },
    },
    async (request) => {
      const { id } = request.params;
      const expiresAt = new Date(Date.now() + request.body.expiryMinutes * 60_000);
      const row = await shares.setExpiry(
        id,
        expiresAt,
        app.audit.as(request, "share.update", (changed: SharedFileRow) => ({
          target: `share:${changed.id}`,
          summary: `Link to ${changed.fileName} now ends ${changed.expiresAt.toISOString()}`,
        })),
      );
      if (row) return toSharedFile(row, app.config.publicOrigin);
      const existing = await shares.byId(id);
      if (!existing) throw notFound("No such file.");
      throw gone(endMessages[shareEnd(existing) ?? "expired"]);
    },
  );

  app.delete(
    "/admin/files/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "Stop sharing a file: its link answers 410 for good and the file is erased",
        params: fileIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await shares.revoke(
        request.params.id,
        app.audit.as(request, "share.delete", (revoked: SharedFileRow) => ({
          target: `share:${revoked.id}`,
          summary: `Stopped sharing ${revoked.fileName}`,
        })),
      );
      if (!row) throw notFound("No such file.");
      await storage.remove(row.token);
      await shares.markFilesErased([row.id]);
      return reply.status(204).send(null);
    },
  );
};

/** What a link that has ended says (410, for good). */
export const endMessages: Record<ShareEnd, string> = {
  expired: "This link has expired.",
  revoked: "This file is no longer shared.",
  "used-up": "This link has reached its download limit.",
};
export const wrongPasswordMessage = "That password is not right. Please try again.";
/** Password attempts per address and link (each costs an argon2 verification). */
export const passwordAttemptLimit = { max: 10, timeWindowMs: 15 * 60 * 1000 };

/** A browser (which gets pages) rather than a program (which gets the JSON errors of the API). */
const wantsPage = (request: FastifyRequest) => /\btext\/html\b/.test(request.headers.accept ?? "");

/**
 * The public link: /share/<token>, no login. Registered outside /api. A link with a password
 * first shows a page whose form POSTs it to the same address (no script needed); each whole-file
 * answer counts as a download; after its end (expiry, the last allowed download, a revoke) the
 * link answers 410 for good.
 */
export const shareLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = shareStorage(app.storage);
  const shares = sharedFileRepository(app.db);
  // The password form's body, in this scope only, and small.
  await app.register(fastifyFormbody, { bodyLimit: 2048 });
  const params = z.object({ token: z.string().max(200) });

  async function servingShare(token: string): Promise<SharedFileRow> {
    const row = isShareToken(token) ? await shares.byToken(token) : undefined;
    if (!row) throw notFound("This link does not exist.");
    const end = shareEnd(row);
    if (end) throw gone(endMessages[end]);
    return row;
  }

  /** 404, 410 and 429 as a page for a person, as JSON (the app's error answers) for a program. */
  const pageOnError = (error: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    const status = error instanceof HttpError ? error.statusCode : 0;
    if (![404, 410, 429].includes(status) || !wantsPage(request)) throw error;
    const title = status === 410 ? "Link ended" : status === 404 ? "Link not found" : "Too many attempts";
    if (error instanceof HttpError && error.extra?.headers) reply.headers(error.extra.headers);
    return sendServerPage(reply, status, title, `<h1>${title}</h1><p>${escapeHtml(error.message)}</p>`);
  };

  const passwordPage = (reply: FastifyReply, row: SharedFileRow, status: number, problem?: string) =>
    sendServerPage(
      reply,
      status,
      "Password required",
      `<h1>${escapeHtml(row.fileName)}</h1>
<p>This file is protected. Enter the password you were given to download it.</p>
${problem ? `<p class="error" id="problem" role="alert">${escapeHtml(problem)}</p>` : ""}
<form method="post">
<label for="password">Password</label>
<input id="password" name="password" type="password" required maxlength="${fileShareLimits.passwordMax}" autocomplete="off" autofocus${
        problem ? ' aria-invalid="true" aria-describedby="problem"' : ""
      }>
<button type="submit">Download</button>
</form>`,
    );

  /** Tells the admin who shared it that the first download has started (in the background). */
  function tellSharer(row: SharedFileRow) {
    shares.sharer(row).then(
      (sharer) => {
        if (!sharer) return;
        app.mailer.send({
          to: sharer.email,
          subject: `First download: ${oneLine(row.fileName, 100)}`,
          text: lines([
            ["File", oneLine(row.fileName, 200)],
            ["Downloaded", row.lastDownloadAt?.toISOString()],
            ["Downloads allowed", row.maxDownloads === null ? "no limit" : String(row.maxDownloads)],
            ["Link ends", row.expiresAt.toISOString()],
          ]),
        });
      },
      (error: unknown) => app.log.warn({ err: error, share: row.id }, "could not tell the sharer of a download"),
    );
  }

  /**
   * The file. An answer from the first byte (the whole file, or a range from 0) counts as a
   * download; a limited link serves whole files only, since ranges would let one go uncounted.
   */
  async function download(request: FastifyRequest, reply: FastifyReply, row: SharedFileRow) {
    try {
      return await sendFile(request, reply, row);
    } catch (error) {
      // The file went while this request was on its way (the last allowed download ended, or a
      // revoke): the link has ended, which is a 410, not a 404.
      if (!(error instanceof HttpError) || error.statusCode !== 404) throw error;
      const now = await shares.byId(row.id);
      const end = now && shareEnd(now);
      throw end ? gone(endMessages[end]) : error;
    }
  }

  function sendFile(request: FastifyRequest, reply: FastifyReply, row: SharedFileRow) {
    return sendStoredFile(request, reply, storage.store, row.token, {
      name: row.fileName,
      type: row.contentType,
      missing: "This link does not exist.",
      ranges: row.maxDownloads === null,
      beforeSend: async (range) => {
        if (range && range.start > 0) return;
        const counted = await shares.countDownload(row.id);
        if (!counted) {
          // Ended between the look-up and the count (another visitor took the last download).
          const now = await shares.byId(row.id);
          throw gone(endMessages[(now && shareEnd(now)) || "used-up"]);
        }
        if (counted.downloads === 1) tellSharer(counted);
        if (shareEnd(counted) === "used-up") {
          // The last allowed download: its file goes once the answer is over (the sweep would, too).
          reply.raw.once("close", () => {
            storage
              .remove(counted.token)
              .then(() => shares.markFilesErased([counted.id]))
              .catch((error: unknown) =>
                app.log.warn({ err: error, share: counted.id }, "used-up share not erased yet"),
              );
          });
        }
      },
    });
  }

  app.route({
    method: ["GET", "HEAD"],
    url: "/share/:token",
    config: { access: "public" },
    compress: false,
    schema: {
      tags: ["files"],
      summary: "A shared file (public link): the file, or the password page first; 410 once it has ended",
      params,
      response: {
        ...downloadResponses("The file, as an attachment (or the password page, HTML)"),
        ...errorResponses(404, 410),
      },
    },
    errorHandler: pageOnError,
    handler: async (request, reply) => {
      const row = await servingShare(request.params.token);
      if (row.passwordHash) return passwordPage(reply, row, 200);
      return download(request, reply, row);
    },
  });

  app.post(
    "/share/:token",
    {
      config: {
        access: "public",
        rateLimit: {
          ...rateLimit(passwordAttemptLimit, "password attempts"),
          keyGenerator: (request: FastifyRequest) =>
            `${request.ip}|${(request.params as { token?: string }).token ?? ""}`,
        },
      },
      compress: false,
      errorHandler: pageOnError,
      schema: {
        tags: ["files"],
        summary: "Send a protected link's password (form field `password`): the file, or the page again (401)",
        params,
        consumes: ["application/x-www-form-urlencoded"],
        body: z.object({ password: z.string().max(fileShareLimits.passwordMax).default("") }).loose(),
        response: {
          200: z.unknown().describe("The file, as an attachment"),
          401: z.unknown().describe("The password page again (HTML)"),
          ...errorResponses(404, 410, 429),
        },
      },
    },
    async (request, reply) => {
      const row = await servingShare(request.params.token);
      if (row.passwordHash && !(await verifyPassword(row.passwordHash, request.body.password))) {
        return passwordPage(reply, row, 401, wrongPasswordMessage);
      }
      return download(request, reply, row);
    },
  );
};
