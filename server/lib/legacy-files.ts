import { createReadStream } from "node:fs";
import { readdir, rm, rmdir } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { claimedNames, type KeysWithRows } from "./upload-reconciliation.ts";
import { isStorageKey, type UploadStore } from "./uploads.ts";

/**
 * Moves the files a module kept in a directory of its own before the object store (e.g.
 * DATA_DIR/chat-files) into its namespace of the store, each copied whole before its old file is
 * deleted, so a crash half-way only repeats the copy at the next start. Files no row names
 * (orphans of a crash) and temporary files of uploads that never finished are deleted. The
 * directory goes once it is empty.
 */
export async function moveLegacyFiles(
  dir: string,
  store: UploadStore,
  keysWithRows: KeysWithRows,
  log: FastifyBaseLogger,
): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  const claimed = await claimedNames(names.filter(isStorageKey), keysWithRows);
  let moved = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    if (claimed.has(name)) {
      await store.objects.put(store.keyOf(name), createReadStream(file), { contentType: "application/octet-stream" });
      moved++;
    }
    await rm(file, { force: true, recursive: true });
  }
  await rmdir(dir).catch(() => {});
  if (moved > 0) log.info({ from: dir, to: store.namespace, moved }, "stored files moved into the object store");
  return moved;
}
