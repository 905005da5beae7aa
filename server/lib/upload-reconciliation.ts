import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { inArray } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { isStorageKey, isTempFileName, type UploadStore } from "./uploads.ts";

/** Answers which of `keys` a committed row still names. */
export type KeysWithRows = (keys: string[]) => Promise<Iterable<string>>;

/** When this process started (ms since the epoch). */
export const processStartedAt = performance.timeOrigin;

/** Keys asked about per query. */
const BATCH = 500;

/** `keysWithRows` for a key column: `select column from its table where column in (...)`. */
export const keysIn =
  (db: Db, column: PgColumn): KeysWithRows =>
  async (keys) =>
    (await db.select({ key: column }).from(column.table).where(inArray(column, keys))).map((row) => String(row.key));

/**
 * Makes a store agree with its rows after a crash: deletes every stored file no row names (its
 * upload died between the file's rename and the row's commit, or its row was deleted and the
 * process died before the file) and every temporary file last written before this process
 * started (an upload that died with an earlier process; a store belongs to one instance).
 * Run it at start-up, before the module serves: a file renamed but not yet committed by a live
 * request would look like an orphan.
 */
export async function reconcileUploads(
  store: Pick<UploadStore, "dir">,
  keysWithRows: KeysWithRows,
  options: { startedAt?: number; log?: FastifyBaseLogger } = {},
): Promise<{ orphans: number; temps: number }> {
  const startedAt = options.startedAt ?? processStartedAt;
  const entries = await readdir(store.dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const names = entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  const remove = (name: string) => rm(path.join(store.dir, name), { force: true });
  const keys = names.filter(isStorageKey);
  const claimed = new Set<string>();
  for (let i = 0; i < keys.length; i += BATCH) {
    for (const key of await keysWithRows(keys.slice(i, i + BATCH))) claimed.add(key);
  }
  let orphans = 0;
  for (const key of keys) {
    if (claimed.has(key)) continue;
    await remove(key);
    orphans++;
  }
  let temps = 0;
  for (const name of names.filter(isTempFileName)) {
    const info = await stat(path.join(store.dir, name)).catch(() => undefined);
    if (!info || info.mtimeMs >= startedAt) continue;
    await remove(name);
    temps++;
  }
  if (orphans + temps > 0) {
    options.log?.warn({ dir: store.dir, orphans, temps }, "removed files left by an interrupted upload or delete");
  }
  return { orphans, temps };
}
