import type { FastifyInstance } from "fastify";
import { sharedFiles } from "../../db/schema.ts";
import { periodicTask } from "../../lib/periodic-task.ts";
import { keysIn, reconcileUploads } from "../../lib/upload-reconciliation.ts";
import { sharedFileRepository } from "./repository.ts";
import { type ShareStorage, shareStorage } from "./storage.ts";

export const SWEEP_INTERVAL_MS = 60 * 1000;

/**
 * Erases the files of expired shares and marks their rows (which stay, so the links answer 410 for
 * good); returns how many files went. Safe on several instances at once: removing a file twice is
 * harmless.
 */
export async function sweepExpiredShares(
  app: Pick<FastifyInstance, "db">,
  storage: ShareStorage,
  now = new Date(),
): Promise<number> {
  const shares = sharedFileRepository(app.db);
  let total = 0;
  for (;;) {
    const expired = await shares.expiredWithFiles(now);
    for (const row of expired) await storage.remove(row.token);
    await shares.markFilesErased(
      expired.map((row) => row.id),
      now,
    );
    total += expired.length;
    if (expired.length < 500) break;
  }
  return total;
}

/**
 * When the app is ready: removes share files without a row (a crash between an upload's file and
 * its row, or between a row's delete and its file's), then sweeps, and again every minute; stops
 * when the app closes.
 */
export async function shareSweeper(app: FastifyInstance) {
  const storage = shareStorage(app.storage);
  app.addHook("onReady", async () => {
    await reconcileUploads(storage.store, keysIn(app.db, sharedFiles.token), {
      before: app.storage.orphansBefore(),
      log: app.log,
    });
  });
  // Registered after the reconciliation: its first run comes once that is done.
  periodicTask(app, {
    what: "file share sweep",
    everyMs: SWEEP_INTERVAL_MS,
    task: async () => {
      const count = await sweepExpiredShares(app, storage);
      if (count > 0) app.log.info({ count }, "expired file shares deleted");
    },
  });
}
