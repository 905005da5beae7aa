import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type UploadStore, uploadStore } from "../lib/uploads.ts";
import { type HoldableStore, holdingDeletions } from "../storage/deletion-hold.ts";
import { openObjectStore } from "../storage/open-object-store.ts";

/** How long an object no row names may be an upload about to commit its row, on a store several instances share. */
export const SHARED_STORE_GRACE_MS = 6 * 60 * 60 * 1000;

export interface Storage {
  /**
   * Where every stored file lives (DESIGN §12): DATA_DIR/files, or the bucket of STORAGE_URL. A
   * backup holds its removals back while it copies the files (storage/deletion-hold.ts).
   */
  objects: HoldableStore;
  /** One module's files: `namespace/<random name>` (shares, quotes, resumes, chat). */
  files(namespace: string): UploadStore;
  /**
   * Objects no row names that were written before this may be deleted as orphans. On disk the
   * files are this instance's alone, so anything older than its start; in a bucket other
   * instances put into, anything older than a grace period longer than any upload.
   */
  orphansBefore(): Date;
}

declare module "fastify" {
  interface FastifyInstance {
    storage: Storage;
  }
}

export interface StoragePluginOptions {
  /** Replaces SHARED_STORE_GRACE_MS (tests that check reconciliation on S3). */
  sharedGraceMs?: number;
}

/**
 * Opens the object store once for the whole app; on disk, deletes what puts cut off by an earlier
 * process left behind; closes it with the app.
 */
export const storagePlugin = fp<StoragePluginOptions>(
  async (app: FastifyInstance, options) => {
    const { config } = app;
    const objects = holdingDeletions(
      openObjectStore({ storageUrl: config.storageUrl, dataDir: config.dataDir, s3: config.s3 }),
    );
    const openedAt = new Date();
    const shared = config.storageUrl !== undefined;
    const graceMs = options.sharedGraceMs ?? SHARED_STORE_GRACE_MS;
    app.decorate("storage", {
      objects,
      files: (namespace: string) => uploadStore(objects, namespace),
      orphansBefore: () => (shared ? new Date(Date.now() - graceMs) : openedAt),
    });
    app.log.info({ storage: objects.location }, "file storage opened");
    app.addHook("onReady", async () => {
      const removed = (await objects.sweepIncomplete?.(openedAt)) ?? 0;
      if (removed > 0) app.log.warn({ removed }, "removed files of uploads cut off by an earlier process");
    });
    app.addHook("onClose", async () => objects.close());
  },
  { name: "storage", dependencies: [] },
);
