import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { expiryMinutesSchema, fileIdParamsSchema, type SharedFile, sharedFileSchema } from "../../../shared/files.ts";
import type { Db } from "../../db/client.ts";
import { controlCharacterErrors } from "../../lib/control-characters.ts";
import { badRequest, gone, notFound, payloadTooLarge, unsupportedMediaType } from "../../lib/errors.ts";
import { attachmentDisposition, sanitizeFileName } from "../../lib/file-names.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { formatSize, translateUploadError } from "../../lib/uploads.ts";
import { currentUser } from "../../plugins/auth.ts";
import { type SharedFileRow, sharedFileRepository } from "./repository.ts";
import { isShareToken, type StoredUpload, shareStorage } from "./storage.ts";

const toSharedFile = (row: SharedFileRow, origin: string): SharedFile => ({
  id: row.id,
  fileName: row.fileName,
  fileUrl: `${origin}/share/${row.token}`,
  expiryDate: row.expiresAt.toISOString(),
  size: row.sizeBytes,
  contentType: row.contentType,
  createdAt: row.createdAt.toISOString(),
});

/** Admin dashboard: upload, list and delete shared files (all admin-only). Registered under /api. */
export const adminFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = shareStorage(app.config.dataDir);
  await storage.init();
  const shares = sharedFileRepository(app.db);
  const maxBytes = app.config.maxShareBytes;
  const admin = { access: "admin" } as const;
  const tags = ["files"];

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
        description: `multipart/form-data: \`file\` (any type, at most ${formatSize(maxBytes)}) and \`expiryMinutes\` (1 minute to 1 year).`,
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

        const errors: Record<string, string> = controlCharacterErrors(fields);
        const expiry = expiryMinutesSchema.safeParse(fields.expiryMinutes);
        if (!expiry.success) errors.expiryMinutes ??= expiry.error.issues[0]?.message ?? "Expiry is not valid";
        if (!stored) errors.file = "A file is required";
        else if (stored.size === 0) errors.file = "The file is empty";
        if (extraFiles) errors.file = "Send exactly one file, in the field `file`";
        if (!stored || !expiry.success || Object.keys(errors).length > 0) {
          throw badRequest("Some fields are not valid.", errors);
        }

        const now = Date.now();
        const row = await shares.insert(
          {
            fileName,
            token: stored.token,
            contentType: stored.contentType,
            sizeBytes: stored.size,
            expiresAt: new Date(now + expiry.data * 60_000),
            uploadedBy: user.id,
          },
          (tx: Db, created) =>
            app.audit.record(
              request,
              {
                actor: user.username,
                action: "share.create",
                target: `share:${created.id}`,
                summary: `Shared ${created.fileName} (${formatSize(created.sizeBytes)}) until ${created.expiresAt.toISOString()}`,
              },
              tx,
            ),
        );
        request.log.info({ id: row.id, size: row.sizeBytes, by: user.username }, "file shared");
        return reply.status(201).send(toSharedFile(row, app.config.publicOrigin));
      } catch (error) {
        if (stored) await storage.remove(stored.token);
        throw translateUploadError(error, () =>
          payloadTooLarge(`The file is larger than the ${formatSize(maxBytes)} limit.`),
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

  app.delete(
    "/admin/files/:id",
    {
      config: admin,
      schema: {
        tags,
        summary: "Stop sharing a file and delete it",
        params: fileIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await shares.remove(request.params.id, (tx: Db, removed) =>
        app.audit.record(
          request,
          {
            actor: currentUser(request).username,
            action: "share.delete",
            target: `share:${removed.id}`,
            summary: `Stopped sharing ${removed.fileName}`,
          },
          tx,
        ),
      );
      if (!row) throw notFound("No such file.");
      await storage.remove(row.token);
      return reply.status(204).send(null);
    },
  );
};

/** The public link: /share/<token>, no login. Registered outside /api. */
export const shareLinkRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = shareStorage(app.config.dataDir);
  const shares = sharedFileRepository(app.db);

  app.route({
    method: ["GET", "HEAD"],
    url: "/share/:token",
    config: { access: "public" },
    compress: false,
    schema: {
      tags: ["files"],
      summary: "Download a shared file (public link; 410 once expired)",
      params: z.object({ token: z.string().max(200) }),
      response: { 200: z.unknown().describe("The file, as an attachment"), ...errorResponses(404, 410) },
    },
    handler: async (request, reply) => {
      const { token } = request.params;
      const row = isShareToken(token) ? await shares.byToken(token) : undefined;
      if (!row) throw notFound("This link does not exist.");
      if (row.expiresAt.getTime() <= Date.now()) throw gone("This link has expired.");
      const file = storage.pathOf(row.token);
      const info = await stat(file).catch(() => undefined);
      if (!info?.isFile()) throw notFound("This link does not exist.");

      reply
        .header("content-type", row.contentType)
        .header("content-length", info.size)
        .header("content-disposition", attachmentDisposition(row.fileName))
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("cache-control", "private, no-store")
        .header("referrer-policy", "no-referrer")
        .header("x-robots-tag", "noindex, nofollow");
      if (request.method === "HEAD") return reply.send(undefined);
      return reply.send(createReadStream(file));
    },
  });
};
