import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir, open, readdir, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { type Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fileTypeFromFile } from "file-type";
import { badRequest, HttpError } from "./errors.ts";

/** 192 random bits, base64url: the storage key of an uploaded file (and a share link's secret). */
export const newStorageKey = () => randomBytes(24).toString("base64url");
const keyPattern = /^[A-Za-z0-9_-]{32}$/;
export const isStorageKey = (value: string) => keyPattern.test(value);

const TEMP_PREFIX = ".upload-";
/** The name of an upload still being written (or cut off by a crash). */
export const isTempFileName = (name: string) => name.startsWith(TEMP_PREFIX);
/** A temporary file untouched for this long belongs to an upload that died with its process. */
const STALE_TEMP_MS = 6 * 60 * 60 * 1000;
/** How many leading bytes a type check sees before the rest of an upload is written (file-type's sample size). */
export const SNIFF_BYTES = 4100;

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

export interface SaveUploadOptions {
  /** Whether the source stopped at its size limit (busboy's `truncated`). */
  truncated: () => boolean;
  /**
   * Sees the first bytes (up to SNIFF_BYTES) as soon as they arrive, before the rest is written;
   * throw (e.g. a FileTypeError) to stop the upload there.
   */
  checkHead?: (head: Buffer) => void | Promise<void>;
  /**
   * Decides the stored content type from the complete file (`head`: its first bytes); throw to
   * refuse it. Default: what file-type recognises from the content, else application/octet-stream.
   */
  classify?: (file: string, head: Buffer) => Promise<string>;
}

export interface SavedUpload {
  key: string;
  size: number;
  contentType: string;
}

const removeQuietly = async (file: string) => {
  try {
    await unlink(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
};

/** Flushes a file (or a directory's entries) to the disk: a row committed after it never outlives it in a power cut. */
const syncToDisk = async (file: string) => {
  const handle = await open(file, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
};

const defaultClassify = async (file: string) => (await fileTypeFromFile(file))?.mime ?? "application/octet-stream";

/**
 * Passes bytes through, keeping the first `bytes` of them and showing them to `check` once they
 * are in. When the check refuses, nothing more is passed on, but the source is still read to its
 * end (so a multipart body keeps flowing and can be answered) and the stream fails at the end.
 */
function headTap(bytes: number, check: ((head: Buffer) => void | Promise<void>) | undefined) {
  const chunks: Buffer[] = [];
  let length = 0;
  let head: Buffer | undefined;
  let refused: unknown;
  const settle = async (): Promise<Buffer | undefined> => {
    head = Buffer.concat(chunks);
    chunks.length = 0;
    try {
      if (head.length > 0) await check?.(head.subarray(0, bytes));
      return head;
    } catch (error) {
      refused = error ?? new Error("refused");
      return undefined;
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
  return { stream, head: () => (head ?? Buffer.alloc(0)).subarray(0, bytes) };
}

/**
 * A directory of uploaded files stored under random keys: names never reach the file system.
 * Every upload is streamed to a temporary file and renamed to its key only once it is complete,
 * accepted and on disk, so a failure at any point leaves nothing behind. The caller commits the
 * row naming the key after that; a crash in between leaves a file no row names, which
 * `reconcileUploads` (upload-reconciliation.ts) removes at the next start.
 */
export function uploadStore(dir: string) {
  const pathOf = (key: string) => {
    if (!isStorageKey(key)) throw new Error("not a storage key");
    return path.join(dir, key);
  };

  return {
    dir,
    pathOf,

    init: () => mkdir(dir, { recursive: true }),

    async save(source: Readable, options: SaveUploadOptions): Promise<SavedUpload> {
      const temp = path.join(dir, `${TEMP_PREFIX}${randomBytes(12).toString("hex")}`);
      const tap = headTap(SNIFF_BYTES, options.checkHead);
      try {
        // Wait for the file to exist before any bytes flow: were the stream to fail first, its
        // open could complete after the clean-up below and leave an empty file behind.
        const out = createWriteStream(temp, { flags: "wx", mode: 0o600 });
        await once(out, "open");
        await pipeline(source, tap.stream, out);
        if (options.truncated()) throw new FileTooLargeError();
        const { size } = await stat(temp);
        // Decided by the content's magic bytes, never by the name or the declared type.
        const contentType = size > 0 ? await (options.classify ?? defaultClassify)(temp, tap.head()) : "";
        const key = newStorageKey();
        await syncToDisk(temp);
        await rename(temp, pathOf(key));
        // Not every platform opens a directory (Windows): there the new name is as durable as the OS makes it.
        await syncToDisk(dir).catch(() => {});
        return { key, size, contentType: contentType || "application/octet-stream" };
      } catch (error) {
        // Let the rest of the part flow by, so the request can finish and be answered.
        source.resume();
        await removeQuietly(temp);
        throw error;
      }
    },

    remove: (key: string) => removeQuietly(pathOf(key)),

    /** Deletes temporary files of uploads that never finished (the process died mid-upload). */
    async removeStaleTemps(now = Date.now()): Promise<number> {
      let removed = 0;
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        if (!isTempFileName(name)) continue;
        const file = path.join(dir, name);
        const info = await stat(file).catch(() => undefined);
        if (info && now - info.mtimeMs > STALE_TEMP_MS) {
          await removeQuietly(file);
          removed++;
        }
      }
      return removed;
    },
  };
}

export type UploadStore = ReturnType<typeof uploadStore>;

/** "1 GB", "10 MB", "0.05 MB", "512 KB", "12 bytes" (powers of 1024), for limits in messages. */
export function formatSize(bytes: number): string {
  const units = ["GB", "MB", "KB"] as const;
  for (const [i, unit] of units.entries()) {
    const size = 1024 ** (units.length - i);
    if (bytes >= size) return `${+(bytes / size).toFixed(2)} ${unit}`;
  }
  return `${bytes} bytes`;
}

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
