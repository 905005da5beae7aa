import type { Readable } from "node:stream";
import { isStorageKey, newStorageKey } from "../../lib/uploads.ts";
import type { Storage } from "../../plugins/storage.ts";

/** 192 random bits, base64url: the public link's secret and the file's storage name. */
export const newShareToken = newStorageKey;
export const isShareToken = isStorageKey;

export interface StoredUpload {
  token: string;
  size: number;
  contentType: string;
}

/** Shared files in the object store: `shares/<token>`. Names never reach the store. */
export function shareStorage(storage: Storage) {
  const store = storage.files("shares");

  return {
    store,

    /**
     * Streams an upload into the store under a new token. `truncated()` says whether the source
     * stopped at its size limit. On any failure nothing is left behind.
     */
    async save(source: Readable, truncated: () => boolean): Promise<StoredUpload> {
      const saved = await store.save(source, { truncated });
      return { token: saved.key, size: saved.size, contentType: saved.contentType };
    },

    remove: store.remove,
  };
}

export type ShareStorage = ReturnType<typeof shareStorage>;
