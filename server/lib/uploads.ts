import { randomBytes } from "node:crypto";
import type { Readable } from "node:stream";
import { finished, Transform } from "node:stream";
import { fileTypeFromBuffer } from "file-type";
import type { ObjectStore, StoredObjectBody } from "../storage/object-store.ts";
import { badRequest, HttpError } from "./errors.ts";

/** 192 random bits, base64url: the storage name of an uploaded file (and a share link's secret). */
export const newStorageKey = () => randomBytes(24).toString("base64url");
const keyPattern = /^[A-Za-z0-9_-]{32}$/;
export const isStorageKey = (value: string) => keyPattern.test(value);

/** How many leading bytes a type check sees before the rest of an upload is written (file-type's sample size). */
export const SNIFF_BYTES = 4100;
const DEFAULT_TYPE = "application/octet-stream";

export class FileTooLargeError extends Error {
  constructor() {
    super("file too large");
    this.name = "FileTooLargeError";
  }
}

/** The content of an upload is not one of the accepted types (`detected`: what it looks like, if anything). */
export class FileTypeError extends Error {
  constructor(readonly detected: string | undefined) {
    super(`file type not accepted: ${detected ?? "unknown"}`);
    this.name = "FileTypeError";
  }
}

/** Opens the complete upload for reading (the caller reads or destroys it). */
export type OpenUpload = () => Promise<Readable>;

export interface SaveUploadOptions {
  /** Whether the source stopped at its size limit (busboy's `truncated`). */
  truncated: () => boolean;
  /**
   * Sees the first bytes (up to SNIFF_BYTES) as soon as they arrive, before the rest is written;
   * throw (e.g. a FileTypeError) to stop the upload there.
   */
  checkHead?: (head: Buffer) => void | Promise<void>;
  /**
   * Decides the stored content type from the complete upload (`head`: its first bytes; `open`
   * reads it all, for types told apart further in); throw to refuse it. Default: what file-type
   * recognises from the first bytes, else application/octet-stream.
   */
  classify?: (open: OpenUpload, head: Buffer) => Promise<string>;
}

export interface SavedUpload {
  /** The stored file's name in its store (random, never the client's). */
  key: string;
  size: number;
  contentType: string;
}

const typeOfHead = async (head: Buffer) =>
  head.length > 0 ? ((await fileTypeFromBuffer(head).catch(() => undefined))?.mime ?? DEFAULT_TYPE) : DEFAULT_TYPE;

/**
 * Passes bytes through, keeping the first `bytes` of them and showing them to `check` once they
 * are in; `ready` settles then (or when the stream ends or fails first). When the check refuses,
 * nothing more is passed on, but the source is still read to its end (so a multipart body keeps
 * flowing and can be answered) and the stream fails at the end.
 */
function headTap(bytes: number, check: ((head: Buffer) => void | Promise<void>) | undefined) {
  const chunks: Buffer[] = [];
  let length = 0;
  let head: Buffer | undefined;
  let refused: unknown;
  let markReady!: () => void;
  const ready = new Promise<void>((resolve) => {
    markReady = resolve;
  });
  const settle = async (): Promise<Buffer | undefined> => {
    head = Buffer.concat(chunks);
    chunks.length = 0;
    try {
      if (head.length > 0) await check?.(head.subarray(0, bytes));
      return head;
    } catch (error) {
      refused = error ?? new Error("refused");
      return undefined;
    } finally {
      markReady();
    }
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (refused) return done();
      if (head) return done(null, chunk);
      chunks.push(chunk);
      length += chunk.length;
      if (length < bytes) return done();
      settle().then((buffered) => done(null, buffered), done);
    },
    flush(done) {
      if (head) return done(refused as Error | undefined);
      settle().then((buffered) => (refused ? done(refused as Error) : done(null, buffered)), done);
    },
  });
  stream.once("close", markReady);
  return { stream, ready, head: () => (head ?? Buffer.alloc(0)).subarray(0, bytes) };
}

/**
 * One module's uploaded files in the object store (DESIGN §12), under `namespace/<random name>`:
 * names never come from a client. An upload is streamed into the store and checked by content as
 * it arrives (`checkHead`) and once complete (size, `classify`); a failure at any point leaves
 * nothing behind. The caller commits the row naming the key after `save`; a crash in between
 * leaves an object no row names, which `reconcileUploads` (upload-reconciliation.ts) removes.
 */
export function uploadStore(objects: ObjectStore, namespace: string) {
  const keyOf = (name: string) => {
    if (!isStorageKey(name)) throw new Error("not a storage key");
    return `${namespace}/${name}`;
  };

  return {
    namespace,
    objects,
    keyOf,

    async save(source: Readable, options: SaveUploadOptions): Promise<SavedUpload> {
      const name = newStorageKey();
      const tap = headTap(SNIFF_BYTES, options.checkHead);
      // Not stream.pipeline: a failed put must not destroy the source, whose multipart body must
      // flow on to its end for the request to be answered. `finished` also reports a source that
      // failed or was cut off before this call (pipe alone would then wait for ever); its listeners
      // stay, so an error after a refusal, while the rest drains, is never unhandled.
      finished(source, (error) => {
        if (error) tap.stream.destroy(error);
      });
      source.pipe(tap.stream);
      // A refusal fails the stream at its end, possibly before the put below has started reading
      // it; the put (or the check after `ready`) reports it, so it must not also be an 'error'
      // event nobody listens to.
      tap.stream.on("error", () => {});
      let stored = false;
      try {
        await tap.ready;
        if (tap.stream.destroyed) throw tap.stream.errored ?? new Error("The upload was cut off (terminated early).");
        const headType = await typeOfHead(tap.head());
        const { size } = await objects.put(keyOf(name), tap.stream, { contentType: headType });
        stored = true;
        if (options.truncated()) throw new FileTooLargeError();
        const open = async () => {
          const object = await objects.get(keyOf(name));
          if (!object) throw new Error("an upload vanished before it was checked");
          return object.body;
        };
        // Decided by the content, never by the name or the declared type.
        const contentType = size > 0 ? await (options.classify ?? (async () => headType))(open, tap.head()) : "";
        return { key: name, size, contentType: contentType || DEFAULT_TYPE };
      } catch (error) {
        // Let the rest of the part flow by, so the request can finish and be answered.
        source.unpipe(tap.stream);
        source.resume();
        if (stored) await objects.remove(keyOf(name));
        throw error;
      }
    },

    /** Opens a stored file (or a range of it); undefined when it is gone. */
    open: (name: string, range?: { start?: number; end?: number }): Promise<StoredObjectBody | undefined> =>
      objects.get(keyOf(name), range),

    remove: (name: string) => objects.remove(keyOf(name)),
  };
}

export type UploadStore = ReturnType<typeof uploadStore>;

/**
 * Turns what a multipart upload can throw into the answer the caller should get: `tooLarge` for a
 * file over its limit, 400 for a broken or over-long form; anything else (HttpErrors included) as it is.
 */
export function translateUploadError(error: unknown, tooLarge: () => HttpError): unknown {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: string }).code;
  if (error instanceof FileTooLargeError || code === "FST_REQ_FILE_TOO_LARGE") return tooLarge();
  if (code === "FST_FILES_LIMIT") return badRequest("Send exactly one file.", { file: "Send exactly one file" });
  if (code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT" || code === "FST_PROTO_VIOLATION") {
    return badRequest("The form has unexpected fields.");
  }
  if (
    code === "FST_MP_PREMATURE_CLOSE" ||
    (error instanceof Error && /multipart|terminated early/i.test(error.message))
  ) {
    return badRequest("The upload did not complete.");
  }
  return error;
}
