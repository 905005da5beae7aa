import { inArray } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client.ts";
import { isStorageKey, type UploadStore } from "./uploads.ts";

/** Answers which of `keys` a committed row still names. */
export type KeysWithRows = (keys: string[]) => Promise<Iterable<string>>;

/** Keys asked about per query. */
const BATCH = 500;

/** `keysWithRows` for a key column: `select column from its table where column in (...)`. */
export const keysIn =
  (db: Db, column: PgColumn): KeysWithRows =>
  async (keys) =>
    (await db.select({ key: column }).from(column.table).where(inArray(column, keys))).map((row) => String(row.key));

/** Which of `names` a committed row names, asked `BATCH` at a time. */
export async function claimedNames(names: string[], keysWithRows: KeysWithRows): Promise<Set<string>> {
  const claimed = new Set<string>();
  for (let i = 0; i < names.length; i += BATCH) {
    for (const key of await keysWithRows(names.slice(i, i + BATCH))) claimed.add(key);
  }
  return claimed;
}

/**
 * Makes a module's stored files agree with its rows after a crash: deletes every file no row names
 * (its upload died between the put and the row's commit, or its row was deleted and the process
 * died before the file) that was last written before `before`. Younger files are left alone: a
 * live upload (on this instance or, with a shared store, on another) may be about to commit its
 * row. The storage plugin's `orphansBefore()` is the right `before`.
 */
export async function reconcileUploads(
  store: Pick<UploadStore, "namespace" | "objects">,
  keysWithRows: KeysWithRows,
  options: { before: Date; log?: FastifyBaseLogger },
): Promise<{ orphans: number }> {
  const prefix = `${store.namespace}/`;
  const candidates: string[] = [];
  for await (const object of store.objects.list(prefix)) {
    const name = object.key.slice(prefix.length);
    if (isStorageKey(name) && object.modifiedAt < options.before) candidates.push(name);
  }
  const claimed = await claimedNames(candidates, keysWithRows);
  let orphans = 0;
  for (const name of candidates) {
    if (claimed.has(name)) continue;
    await store.objects.remove(`${prefix}${name}`);
    orphans++;
  }
  if (orphans > 0) {
    options.log?.warn({ namespace: store.namespace, orphans }, "removed files left by an interrupted upload or delete");
  }
  return { orphans };
}
