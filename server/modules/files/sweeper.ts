import type { FastifyInstance } from "fastify";
import { sharedFileRepository } from "./repository.ts";
import { type ShareStorage, shareStorage } from "./storage.ts";

export const SWEEP_INTERVAL_MS = 60 * 1000;

/** Deletes expired shares from the database, then their files; returns how many went. */
export async function sweepExpiredShares(
  app: Pick<FastifyInstance, "db">,
  storage: ShareStorage,
  now = new Date(),
): Promise<number> {
  const shares = sharedFileRepository(app.db);
  let total = 0;
  for (;;) {
    const removed = await shares.removeExpired(now);
    for (const row of removed) await storage.remove(row.token);
    total += removed.length;
    if (removed.length < 500) break;
  }
  await storage.removeStaleTemps(now.getTime());
  return total;
}

/** Runs the sweep once when the app is ready, then every minute; stops when the app closes. */
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
    await sweep();
    timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await running;
  });
}
