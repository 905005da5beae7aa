import path from "node:path";
import type { Readable } from "node:stream";
import { isStorageKey, newStorageKey, uploadStore } from "../../lib/uploads.ts";

export { FileTooLargeError } from "../../lib/uploads.ts";

/** 192 random bits, base64url: the public link's secret and the file's storage key. */
export const newShareToken = newStorageKey;
export const isShareToken = isStorageKey;

export interface StoredUpload {
  token: string;
  size: number;
  contentType: string;
}

/** Shared files on disk: DATA_DIR/files/shares/<token>. Names never reach the file system. */
export function shareStorage(dataDir: string) {
  const store = uploadStore(path.join(dataDir, "files", "shares"));

  return {
    dir: store.dir,
    pathOf: store.pathOf,
    init: store.init,

    /**
     * Streams an upload to a temporary file, then renames it to its token. `truncated()` says
     * whether the source stopped at its size limit. On any failure nothing is left behind.
     */
    async save(source: Readable, truncated: () => boolean): Promise<StoredUpload> {
      const saved = await store.save(source, { truncated });
      return { token: saved.key, size: saved.size, contentType: saved.contentType };
    },

    remove: store.remove,

    /** Deletes temporary files of uploads that never finished (the process died mid-upload). */
    removeStaleTemps: store.removeStaleTemps,
  };
}

export type ShareStorage = ReturnType<typeof shareStorage>;
