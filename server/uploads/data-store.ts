import type { Readable } from "node:stream";
import { Readable as ReadableStream } from "node:stream";
import { DataStore, ERRORS, Upload } from "@tus/utils";
import type { FastifyBaseLogger, FastifyRequest } from "fastify";
import type { Db } from "../db/client.ts";
import type { UploadPart } from "../db/schema.ts";
import { newStorageKey, type SavedUpload } from "../lib/uploads.ts";
import type { ObjectStore } from "../storage/object-store.ts";
import type { ResumableKind } from "./kinds.ts";
import type { ResumableUploadRepository, ResumableUploadRow } from "./repository.ts";

/** Where the parts of unfinished uploads live: `uploads/<upload id>.<random>`. */
export const PARTS_NAMESPACE = "uploads";
/** An unfinished upload with no byte for this long is dropped (tus `Upload-Expires`). */
export const UNFINISHED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

export const partKey = (name: string) => `${PARTS_NAMESPACE}/${name}`;

/** The parts, one after the other, as one stream (each opened only when the one before has been read). */
function concatenate(objects: ObjectStore, parts: readonly UploadPart[]): AsyncGenerator<Buffer> {
  return (async function* () {
    for (const part of parts) {
      const object = await objects.get(partKey(part.name));
      if (!object) throw new Error(`a part of a resumable upload is missing: ${part.name}`);
      yield* object.body as AsyncIterable<Buffer>;
    }
  })();
}

export interface ObjectDataStoreOptions {
  db: Db;
  uploads: ResumableUploadRepository;
  objects: ObjectStore;
  kind(name: string): ResumableKind | undefined;
  /** The Fastify request being answered, if any (for audit entries and sockets). */
  request(): FastifyRequest | undefined;
  log: FastifyBaseLogger;
}

/**
 * A tus data store on the product's object store and database (decision 024): each PATCH's bytes
 * become one part object, the upload's offset and parts are one row that only a conditional
 * update moves, so any instance can take any request of an upload and two writers never both
 * succeed. When the last byte arrives the parts are streamed, in order, into the module's store
 * (checked as any upload is), and the module's row and the upload's end commit together.
 *
 * Rows are created by the plugin's `onUploadCreate` (where the module's checks run in the same
 * transaction); `create` only confirms one exists.
 */
export class ObjectDataStore extends DataStore {
  constructor(private readonly options: ObjectDataStoreOptions) {
    super();
    this.extensions = ["creation", "creation-with-upload", "termination", "expiration"];
  }

  override getExpiration(): number {
    return UNFINISHED_UPLOAD_TTL_MS;
  }

  override async create(upload: Upload): Promise<Upload> {
    const row = await this.options.uploads.byId(upload.id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    upload.creation_date = row.updatedAt.toISOString();
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await this.options.uploads.byId(id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id,
      size: row.size,
      offset: row.offset,
      metadata: { filename: row.fileName },
      // tus counts the expiry from this: a day after the last byte, not after the start.
      creation_date: (row.completedAt ? new Date() : row.updatedAt).toISOString(),
    });
  }

  override async remove(id: string): Promise<void> {
    const row = await this.options.uploads.removeUnfinished(id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    await this.removeParts(row.parts);
  }

  override async declareUploadLength(): Promise<void> {
    throw ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION;
  }

  override async deleteExpired(): Promise<number> {
    let total = 0;
    for (;;) {
      const stale = await this.options.uploads.removeStale(new Date(Date.now() - UNFINISHED_UPLOAD_TTL_MS));
      for (const row of stale) await this.removeParts(row.parts);
      total += stale.length;
      if (stale.length < 500) return total;
    }
  }

  async removeParts(parts: readonly UploadPart[]): Promise<void> {
    for (const part of parts) await this.options.objects.remove(partKey(part.name));
  }

  override async write(source: Readable, id: string, offset: number): Promise<number> {
    const { uploads, objects } = this.options;
    const row = await uploads.byId(id);
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    if (row.completedAt || row.offset !== offset) throw ERRORS.INVALID_OFFSET;

    const part: UploadPart = { name: `${id}.${newStorageKey()}`, size: 0 };
    // A PATCH cut off half-way reaches here as a stream that ends early (tus ends it on the
    // abort), so what did arrive is kept and the client resumes after it.
    const { size } = await objects.put(partKey(part.name), source, {
      contentType: "application/octet-stream",
    });
    part.size = size;
    if (size === 0) {
      await objects.remove(partKey(part.name));
      return offset;
    }
    if (offset + size < row.size) {
      if (await uploads.addPart(id, offset, part)) return offset + size;
      // Another request moved the upload on meanwhile: this part is not needed.
      await objects.remove(partKey(part.name));
      throw ERRORS.INVALID_OFFSET;
    }
    await this.finish(row, part);
    return row.size;
  }

  /** The last part is in: the whole file goes to its module, and the upload ends with its row. */
  private async finish(row: ResumableUploadRow, last: UploadPart): Promise<void> {
    const { db, uploads, objects, log } = this.options;
    const kind = this.options.kind(row.kind);
    const parts = [...row.parts, last];
    const request = this.options.request();
    // Copying a large file into place takes a while with no byte on the client's connection:
    // the idle timeout must not cut it (the body watchdog no longer watches a complete request).
    const socket = request?.raw.socket;
    socket?.setTimeout(0);
    let saved: SavedUpload | undefined;
    try {
      if (!kind) throw new Error(`no module takes resumable uploads of kind ${row.kind}`);
      saved = await kind.files.save(ReadableStream.from(concatenate(objects, parts)), {
        truncated: () => false,
        ...kind.saveOptions,
      });
      if (saved.size !== row.size) throw new Error(`a resumable upload came out at ${saved.size} of ${row.size} bytes`);
      const stored = saved;
      const after = await db.transaction(async (tx) => {
        const finished = await kind.finish(tx as unknown as Db, request, row, stored);
        if (!(await uploads.complete(tx as unknown as Db, row.id, row.offset, finished.body))) {
          throw ERRORS.INVALID_OFFSET;
        }
        return finished.afterCommit;
      });
      saved = undefined;
      after?.();
    } catch (error) {
      if (saved) await kind?.files.remove(saved.key);
      await objects.remove(partKey(last.name));
      throw error;
    } finally {
      socket?.setTimeout(request?.server.initialConfig.connectionTimeout ?? 0);
    }
    // Committed: the parts are no longer named by any row (the sweep would remove them anyway).
    await this.removeParts(parts).catch((error: unknown) =>
      log.warn({ err: error, upload: row.id }, "parts of a finished upload not deleted yet"),
    );
  }
}
