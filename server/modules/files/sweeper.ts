import type { FastifyInstance } from "fastify";
import { sharedFiles } from "../../db/schema.ts";
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
  await storage.removeStaleTemps(now.getTime());
  return total;
}

/**
 * When the app is ready: removes share files without a row (a crash between an upload's file and
 * its row, or between a row's delete and its file's), then sweeps, and again every minute; stops
 * when the app closes.
 */
export async function shareSweeper(app: FastifyInstance) {
  const storage = shareStorage(app.config.dataDir);
  await storage.init();
  let running: Promise<void> | undefined;
  const sweep = () => {
    running ??= sweepExpiredShares(app, storage)
      .then((count) => {
        if (count > 0) app.log.info({ count }, "expired file shares deleted");
      })
      .catch((error) => app.log.warn({ err: error }, "file share sweep failed"))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    await reconcileUploads(storage, keysIn(app.db, sharedFiles.token), { log: app.log });
    await sweep();
    timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
}
