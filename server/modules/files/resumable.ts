import type { FastifyInstance } from "fastify";
import { badRequest, notFound } from "../../lib/errors.ts";
import { sanitizeFileName } from "../../lib/file-names.ts";
import { hashPassword } from "../../lib/password-hashing.ts";
import type { ResumableKind } from "../../plugins/resumable-uploads.ts";
import { sharedFileRepository } from "./repository.ts";
import { auditShareCreated, parseShareFields, toSharedFile } from "./share-fields.ts";
import { shareStorage } from "./storage.ts";

/** What a share upload keeps until its last byte (the password already hashed). */
interface ShareUploadData {
  userId: number;
  username: string;
  expiryMinutes: number;
  passwordHash: string | null;
  maxDownloads: number | null;
}

/**
 * Shares by resumable upload (DESIGN §12): an admin's tus upload whose Upload-Metadata has the
 * share's fields (`expiryMinutes`, optional `password`, `maxDownloads`) as the multipart upload
 * has them. Only the admin who began it may go on with it; the link's expiry counts from the end.
 */
export function shareUploads(app: FastifyInstance): ResumableKind {
  const storage = shareStorage(app.storage);
  const shares = sharedFileRepository(app.db);

  return {
    name: "share",
    // A file request's upload names its request (`token`), a review's markup its link (`review`),
    // a drawing's revision its project (`project`); every other upload is an admin's share.
    claims: (metadata) =>
      metadata.token === undefined && metadata.review === undefined && metadata.project === undefined,
    files: storage.store,

    async begin(request, { metadata }, record) {
      const user = await app.auth.require(request, "admin");
      const parsed = parseShareFields(metadata);
      if (!parsed.ok) throw badRequest("Some fields are not valid.", parsed.errors);
      const { expiryMinutes, password, maxDownloads } = parsed.value;
      const data: ShareUploadData = {
        userId: user.id,
        username: user.username,
        expiryMinutes,
        passwordHash: password ? await hashPassword(password) : null,
        maxDownloads,
      };
      const begun = {
        scope: `share:${user.id}`,
        fileName: sanitizeFileName(metadata.filename ?? undefined),
        data: { ...data },
      };
      await record(begun);
      return begun;
    },

    async allow(request, upload) {
      const user = await app.auth.require(request, "admin");
      // Another admin's upload is not there for this one (its id is no secret to the first).
      if ((upload.data as unknown as ShareUploadData).userId !== user.id) throw notFound("No such upload.");
    },

    async finish(tx, request, upload, saved) {
      const data = upload.data as unknown as ShareUploadData;
      const row = await shares.insert(
        {
          fileName: upload.fileName,
          token: saved.key,
          contentType: saved.contentType,
          sizeBytes: saved.size,
          expiresAt: new Date(Date.now() + data.expiryMinutes * 60_000),
          uploadedBy: data.userId,
          passwordHash: data.passwordHash,
          maxDownloads: data.maxDownloads,
        },
        auditShareCreated(app, request, data.username),
        tx,
      );
      return { body: toSharedFile(row, app.config.publicOrigin) };
    },
  };
}
