import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { formatBytes } from "../../../shared/bytes.ts";
import { chatLimits, chatPaths } from "../../../shared/chat.ts";
import { uploadResultSchema } from "../../../shared/chat-attachments.ts";
import { downloadResponses, sendStoredFile } from "../../lib/downloads.ts";
import { badRequest, forbidden, notFound, payloadTooLarge, unsupportedMediaType } from "../../lib/errors.ts";
import { sanitizeFileName } from "../../lib/file-names.ts";
import { errorResponses } from "../../lib/schemas.ts";
import {
  FileTypeError,
  isStorageKey,
  type SavedUpload,
  translateUploadError,
  type UploadStore,
} from "../../lib/uploads.ts";
import { bearerToken, currentUser, TOKEN_TTL_SECONDS } from "../../plugins/auth.ts";
import { checkAttachmentHead, classifyAttachment, isInlineType } from "./attachment-types.ts";
import type { AttachmentStore } from "./store/attachments.ts";

export const attachmentRefusals = {
  tooLarge: `The file is larger than the ${formatBytes(chatLimits.maxAttachmentBytes)} limit.`,
  badType:
    "This type of file cannot be sent. Send images, video, audio, PDF, Office documents, text or code files, or zip/rar/7z archives.",
  notYours: "You cannot open this attachment.",
} as const;

/** The cookie that lets `<img>` and download links read attachments: the session token, sent only to the files' path. */
const COOKIE = "token";

/** POST /upload (SPEC §7) and the attachments themselves, readable by their uploader and the messages' participants. */
export const attachmentRoutes = (attachments: AttachmentStore, store: UploadStore): FastifyPluginAsyncZod => {
  return async (app) => {
    const staff = { access: "staff" } as const;
    const tags = ["chat"];
    const secure = app.config.publicOrigin?.startsWith("https:") ?? false;

    await app.register(fastifyMultipart, {
      limits: {
        fileSize: chatLimits.maxAttachmentBytes,
        files: 1,
        fields: 2,
        fieldSize: 1024,
        parts: 4,
        headerPairs: 50,
      },
    });

    app.post(
      chatPaths.upload,
      {
        config: staff,
        schema: {
          tags,
          summary: "Upload a chat attachment (multipart `file`, 50 MB, SPEC types by content)",
          consumes: ["multipart/form-data"],
          response: { 201: uploadResultSchema, ...errorResponses(400, 401, 413, 415) },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw unsupportedMediaType("Send the file as multipart/form-data.");
        const user = currentUser(request);
        let saved: SavedUpload | undefined;
        let fileName = "";
        try {
          for await (const part of request.parts()) {
            // Text fields are not used; the input plugin holds them to the rule every input is (DESIGN §14).
            if (part.type === "field") continue;
            if (part.fieldname !== "file" || saved) {
              part.file.resume();
              throw badRequest("Send exactly one file, in the field `file`.", { file: "Send exactly one file" });
            }
            fileName = sanitizeFileName(part.filename, chatLimits.fileNameMax);
            saved = await store.save(part.file, {
              truncated: () => part.file.truncated,
              checkHead: checkAttachmentHead,
              classify: classifyAttachment,
            });
          }
          if (!saved) throw badRequest("A file is required.", { file: "A file is required" });
          if (saved.size === 0) throw badRequest("The file is empty.", { file: "The file is empty" });
          await attachments.insertAttachment({
            key: saved.key,
            uploaderId: user.id,
            fileName,
            contentType: saved.contentType,
            sizeBytes: saved.size,
          });
        } catch (error) {
          if (saved) await store.remove(saved.key);
          if (error instanceof FileTypeError) throw unsupportedMediaType(attachmentRefusals.badType);
          throw translateUploadError(error, () => payloadTooLarge(attachmentRefusals.tooLarge));
        }
        request.log.info({ size: saved.size, type: saved.contentType, by: user.username }, "chat attachment uploaded");
        return reply.status(201).send({
          fileUrl: `${chatPaths.chatFilesPrefix}${saved.key}`,
          fileType: saved.contentType,
          fileName,
        });
      },
    );

    app.post(
      chatPaths.attachmentSession,
      {
        config: staff,
        schema: {
          tags,
          summary: "Let this browser's <img> previews and download links read attachments (http-only cookie)",
          response: { 204: z.null(), ...errorResponses(401) },
        },
      },
      async (request, reply) => {
        // The access layer has checked this token; the cookie carries the very same one.
        const token = bearerToken(request);
        if (!token) throw badRequest("Send the session token as a bearer token.");
        reply.setCookie(COOKIE, token, {
          path: chatPaths.chatFilesPrefix,
          httpOnly: true,
          sameSite: "strict",
          secure,
          maxAge: TOKEN_TTL_SECONDS,
        });
        return reply.status(204).send(null);
      },
    );

    app.delete(
      chatPaths.attachmentSession,
      {
        config: { access: "public" },
        schema: { tags, summary: "Forget the attachments cookie (logout)", response: { 204: z.null() } },
      },
      async (_request, reply) => {
        reply.clearCookie(COOKIE, { path: chatPaths.chatFilesPrefix });
        return reply.status(204).send(null);
      },
    );

    app.route({
      method: ["GET", "HEAD"],
      url: `${chatPaths.chatFilesPrefix}:key`,
      config: staff,
      compress: false,
      schema: {
        tags,
        summary: "An attachment (its uploader and the participants of the messages carrying it)",
        params: z.object({ key: z.string().max(100) }),
        response: { ...downloadResponses("The file"), ...errorResponses(401, 403, 404) },
      },
      handler: async (request, reply) => {
        const user = currentUser(request);
        const { key } = request.params;
        const row = isStorageKey(key) ? await attachments.attachment(key) : undefined;
        if (!row) throw notFound("No such attachment.");
        const fileUrl = `${chatPaths.chatFilesPrefix}${key}`;
        if (!(await attachments.canReadAttachment(fileUrl, row.uploaderId, user)))
          throw forbidden(attachmentRefusals.notYours);
        return sendStoredFile(request, reply, store, key, {
          name: row.fileName,
          type: row.contentType,
          disposition: isInlineType(row.contentType) ? "inline" : "attachment",
          headers: { "cross-origin-resource-policy": "same-origin" },
          missing: "No such attachment.",
        });
      },
    });
  };
};
