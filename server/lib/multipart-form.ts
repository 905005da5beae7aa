import type { FastifyRequest } from "fastify";
import type { HttpError } from "./errors.ts";
import { sanitizeFileName } from "./file-names.ts";
import { type AcceptedTypes, classifier, headCheck } from "./file-types.ts";
import {
  FileTooLargeError,
  FileTypeError,
  type SavedUpload,
  translateUploadError,
  type UploadStore,
} from "./uploads.ts";

export interface ReceivedFile extends SavedUpload {
  /** The sanitised name the visitor gave it (never used as a path). */
  name: string;
}

export interface ReceivedForm {
  /** Text fields, first value of each name. */
  fields: Record<string, string>;
  /** Fields cut off at the size limit. */
  tooLong: string[];
  /** The one file, stored under a random key; the caller removes it if the submission fails. */
  file?: ReceivedFile;
  /** More than one file, or a file in another field: the caller refuses the form. */
  extraFiles: boolean;
}

export interface ReceiveFormOptions {
  store: UploadStore;
  fileField: string;
  maxBytes: number;
  types: AcceptedTypes;
  /** The error for a file over maxBytes (413) and for one whose content is not accepted (415). */
  tooLarge: () => HttpError;
  wrongType: () => HttpError;
}

const limits = { fields: 30, fieldSize: 64 * 1024, files: 3, parts: 40, headerPairs: 50 };

/**
 * Reads a public form: text fields in any order, and at most one file, streamed to disk and checked
 * by content as it arrives (type) and as a whole (size, final type). A refused file is not written
 * further, but the body is still read to its end so the answer reaches the visitor. On any failure
 * nothing stays on disk.
 */
export async function receiveForm(request: FastifyRequest, options: ReceiveFormOptions): Promise<ReceivedForm> {
  const { store, fileField } = options;
  const fields: Record<string, string> = Object.create(null);
  const tooLong: string[] = [];
  let file: ReceivedFile | undefined;
  let extraFiles = false;
  let refused: unknown;
  try {
    for await (const part of request.parts({ limits: { ...limits, fileSize: options.maxBytes } })) {
      if (part.type === "field") {
        if (part.fieldnameTruncated || part.valueTruncated) tooLong.push(part.fieldname);
        else if (!(part.fieldname in fields)) {
          // A part sent as application/json arrives parsed: keep its text form.
          fields[part.fieldname] = typeof part.value === "string" ? part.value : JSON.stringify(part.value);
        }
        continue;
      }
      if (part.fieldname !== fileField || file || refused) {
        if (part.fieldname !== fileField || file) extraFiles = true;
        part.file.resume();
        continue;
      }
      try {
        const saved = await store.save(part.file, {
          truncated: () => part.file.truncated,
          checkHead: headCheck(options.types),
          classify: classifier(options.types),
        });
        // An empty file input still sends a part, with no name and no bytes: that is "no file".
        if (saved.size === 0 && !part.filename) await store.remove(saved.key);
        else file = { ...saved, name: sanitizeFileName(part.filename) };
      } catch (error) {
        if (!(error instanceof FileTypeError || error instanceof FileTooLargeError)) throw error;
        refused = error;
      }
    }
    if (refused) throw refused;
  } catch (error) {
    if (file) await store.remove(file.key);
    if (error instanceof FileTypeError) throw options.wrongType();
    throw translateUploadError(error, options.tooLarge);
  }
  return { fields, tooLong, file, extraFiles };
}
