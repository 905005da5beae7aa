import type { FastifyInstance } from "fastify";
import { formatBytes } from "../../../shared/bytes.ts";
import { transmittalLimits } from "../../../shared/transmittals.ts";
import { badRequest, conflict, notFound, payloadTooLarge } from "../../lib/errors.ts";
import { sanitizeFileName } from "../../lib/file-names.ts";
import { classifier, headCheck, quoteTypes } from "../../lib/file-types.ts";
import type { UploadStore } from "../../lib/uploads.ts";
import type { ResumableKind } from "../../plugins/resumable-uploads.ts";
import { REVIEW_KEY_HEADER, reviewAccess } from "./review-access.ts";
import { transmittalRepository } from "./transmittal-repository.ts";

interface MarkupUploadData {
  transmittalId: number;
  token: string;
  number: string;
}

/**
 * A client's marked-up file by resumable upload (DESIGN §16 "marked-up files (tus)"): its
 * Upload-Metadata names the review link (`review`: the token), the sheet (`sheet`) and, for a
 * protected link, the key its password gave (`key`). Every request of the upload asks the link
 * again, so a link withdrawn or a review sent meanwhile stops it; the file joins the sheet in the
 * transaction that ends the upload.
 */
export function reviewMarkupUploads(app: FastifyInstance, files: UploadStore): ResumableKind {
  const access = reviewAccess(app.db);
  const repository = transmittalRepository(app.db);
  const maxBytes = transmittalLimits.markupMaxMB * 1024 * 1024;

  return {
    name: "review-markup",
    claims: (metadata) => metadata.review !== undefined,
    files,
    saveOptions: { checkHead: headCheck(quoteTypes), classify: classifier(quoteTypes) },

    async begin(_request, { size, metadata }, record) {
      const token = metadata.review ?? "";
      const { transmittal } = await access.reviewed(token, metadata.key ?? undefined);
      if (transmittal.submittedAt) throw conflict("Your review was already sent: it can no longer change.");
      const number = metadata.sheet ?? "";
      if (!(await repository.sheetsOf(transmittal)).some((sheet) => sheet.number === number)) {
        throw notFound("This sheet is not in this transmittal.");
      }
      if (size > maxBytes) throw payloadTooLarge(`The file is larger than the ${formatBytes(maxBytes)} limit.`);
      const data: MarkupUploadData = { transmittalId: transmittal.id, token, number };
      const begun = {
        scope: `review:${transmittal.id}`,
        fileName: sanitizeFileName(metadata.filename ?? undefined),
        data: { ...data },
      };
      await record(begun);
      return begun;
    },

    async allow(request, upload) {
      const data = upload.data as unknown as MarkupUploadData;
      const key = request.headers[REVIEW_KEY_HEADER];
      const { transmittal } = await access.reviewed(data.token, typeof key === "string" ? key : undefined);
      if (transmittal.id !== data.transmittalId) throw badRequest("This upload is not for this link.");
      if (transmittal.submittedAt) throw conflict("Your review was already sent: it can no longer change.");
    },

    async finish(tx, _request, upload, saved) {
      const data = upload.data as unknown as MarkupUploadData;
      const file = { key: saved.key, fileName: upload.fileName, size: saved.size };
      const { id } = await repository.addMarkupIn(tx, data.transmittalId, data.number, file);
      return { body: { id, fileName: file.fileName, size: file.size } };
    },
  };
}
