import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { type FileHandle, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  type ListedObject,
  type ObjectStore,
  parseKey,
  parseKeyPrefix,
  RangeNotSatisfiableError,
  type StoredObjectBody,
  type StoredObjectInfo,
} from "./object-store.ts";

const TEMP_PREFIX = ".upload-";
/** Holds each object's content type, one small file per object under the same name. */
const TYPES_DIR = ".types";
const DEFAULT_TYPE = "application/octet-stream";

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/** Flushes a file (or a directory's entries) to the disk: a row committed after a put never outlives it in a power cut. */
async function syncToDisk(file: string) {
  let handle: FileHandle;
  try {
    handle = await open(file, "r");
  } catch (error) {
    // Not every platform opens a directory (Windows): there a new name is as durable as the OS makes it.
    if ((error as NodeJS.ErrnoException).code === "EISDIR") return;
    throw error;
  }
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Objects as files under `root`: `root/<namespace>/<name>`, the content type beside it in
 * `root/<namespace>/.types/<name>`. A put streams to a temporary file, flushes it and renames it
 * to its name only once complete, so a failure at any point leaves no object behind and a crash
 * leaves only a temporary file, which `sweepIncomplete` deletes.
 */
export function diskStore(root: string): ObjectStore {
  const dirOf = (namespace: string) => path.join(root, namespace);
  const ready = new Map<string, Promise<unknown>>();
  const ensureDir = (namespace: string) => {
    let made = ready.get(namespace);
    if (!made) {
      made = mkdir(path.join(dirOf(namespace), TYPES_DIR), { recursive: true });
      made.catch(() => ready.delete(namespace));
      ready.set(namespace, made);
    }
    return made;
  };
  const files = (key: string) => {
    const { namespace, name } = parseKey(key);
    const dir = dirOf(namespace);
    return { namespace, dir, data: path.join(dir, name), type: path.join(dir, TYPES_DIR, name) };
  };
  const readType = (file: string) =>
    readFile(file, "utf8").then(
      (type) => type || DEFAULT_TYPE,
      (error) => {
        // A file stored before types were kept, or whose type a crash lost: its row still has one.
        if (isMissing(error)) return DEFAULT_TYPE;
        throw error;
      },
    );

  const store: ObjectStore = {
    location: `disk:${root}`,

    async put(key, source, { contentType }) {
      const target = files(key);
      await ensureDir(target.namespace);
      const temp = path.join(target.dir, `${TEMP_PREFIX}${randomBytes(12).toString("hex")}`);
      const tempType = path.join(target.dir, TYPES_DIR, path.basename(temp));
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        // Wait for the file to exist before any bytes flow: were the source to fail first, the open
        // could complete after the clean-up below and leave an empty file behind.
        const out = createWriteStream(temp, { flags: "wx", mode: 0o600 });
        await once(out, "open");
        await pipeline(source, count, out);
        await writeFile(tempType, contentType, { flag: "wx", mode: 0o600 });
        await Promise.all([syncToDisk(temp), syncToDisk(tempType)]);
        // The type first: an object is visible only once it has one.
        await rename(tempType, target.type);
        await rename(temp, target.data);
        await Promise.all([syncToDisk(target.dir), syncToDisk(path.dirname(target.type))]);
        return { size };
      } catch (error) {
        await Promise.all([rm(temp, { force: true }), rm(tempType, { force: true })]);
        throw error;
      }
    },

    async get(key, range) {
      const { data, type } = files(key);
      let handle: FileHandle;
      try {
        handle = await open(data, "r");
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
      try {
        // Read through the open handle: a remove from now on no longer cuts the download short.
        const info = await handle.stat();
        const contentType = await readType(type);
        const result: Omit<StoredObjectBody, "body"> = { size: info.size, contentType, modifiedAt: info.mtime };
        if (range) {
          const start = range.start ?? 0;
          if (start >= info.size) throw new RangeNotSatisfiableError(info.size);
          result.range = { start, end: Math.min(range.end ?? info.size - 1, info.size - 1) };
        }
        const body = createReadStream("", { fd: handle, start: result.range?.start, end: result.range?.end });
        return { ...result, body };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async stat(key) {
      const { data, type } = files(key);
      const info = await stat(data).catch((error) => {
        if (isMissing(error)) return undefined;
        throw error;
      });
      if (!info?.isFile()) return undefined;
      return { size: info.size, contentType: await readType(type), modifiedAt: info.mtime } satisfies StoredObjectInfo;
    },

    async remove(key) {
      const { data, type } = files(key);
      // The object first: a crash in between leaves a stray type, never an object without one.
      await rm(data, { force: true });
      await rm(type, { force: true });
    },

    async *list(prefix): AsyncGenerator<ListedObject> {
      const wanted = parseKeyPrefix(prefix);
      const namespaces =
        wanted.name === undefined
          ? (await readdirIfAny(root)).filter((name) => name.startsWith(wanted.namespace) && !name.startsWith("."))
          : [wanted.namespace];
      for (const namespace of namespaces) {
        for (const name of await readdirIfAny(dirOf(namespace))) {
          if (name.startsWith(".") || !name.startsWith(wanted.name ?? "")) continue;
          const key = `${namespace}/${name}`;
          try {
            parseKey(key);
          } catch {
            continue;
          }
          const info = await stat(path.join(dirOf(namespace), name)).catch(() => undefined);
          if (info?.isFile()) yield { key, size: info.size, modifiedAt: info.mtime };
        }
      }
    },

    async sweepIncomplete(before) {
      let removed = 0;
      for (const namespace of await readdirIfAny(root)) {
        if (namespace.startsWith(".")) continue;
        const dir = dirOf(namespace);
        const candidates = [
          ...(await readdirIfAny(dir)).filter((name) => name.startsWith(TEMP_PREFIX)).map((n) => path.join(dir, n)),
          // Temporary types, and types whose object a crash during a remove left behind.
          ...(await readdirIfAny(path.join(dir, TYPES_DIR))).map((n) => path.join(dir, TYPES_DIR, n)),
        ];
        for (const file of candidates) {
          const info = await stat(file).catch(() => undefined);
          if (!info || info.mtime >= before) continue;
          const name = path.basename(file);
          if (!name.startsWith(TEMP_PREFIX) && (await stat(path.join(dir, name)).catch(() => undefined))) continue;
          await rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },

    // Every file handle belongs to a get's body, closed when it is read or destroyed.
    close: async () => {},
  };
  return store;
}

async function readdirIfAny(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (error) {
    if (isMissing(error) || (error as NodeJS.ErrnoException).code === "ENOTDIR") return [];
    throw error;
  }
}
