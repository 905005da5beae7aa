import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { objectStoreOf, testStorageEnv } from "../../test/helpers/storage.ts";
import { loadConfig } from "../config.ts";
import { FileTooLargeError, FileTypeError, uploadStore } from "./uploads.ts";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A module's upload store on the suite's object store (disk, or the run's S3 bucket). */
function openUploads() {
  const dataDir = mkdtempSync(path.join(tmpdir(), "nb-uploads-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const objects = objectStoreOf(loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, ...testStorageEnv() }));
  cleanups.push(() => objects.close());
  return uploadStore(objects, "quotes");
}

async function stored(store: ReturnType<typeof uploadStore>) {
  const keys: string[] = [];
  for await (const object of store.objects.list("quotes/")) keys.push(object.key);
  return keys;
}

const notTruncated = { truncated: () => false };

describe("uploadStore.save", () => {
  it("stores a stream under a random name, with its size and the type its content shows", async () => {
    const store = openUploads();
    const png = Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), Buffer.alloc(9000, 7)]);
    const saved = await store.save(Readable.from([png.subarray(0, 100), png.subarray(100)]), notTruncated);
    expect(saved).toMatchObject({ size: png.length, contentType: "image/png" });
    expect(saved.key).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const object = await store.open(saved.key);
    expect(Buffer.concat(await object!.body.toArray())).toEqual(png);
  });

  it("fails at once, storing nothing, for a source that failed or was cut off before the call", async () => {
    const store = openUploads();
    const failed = new PassThrough();
    failed.on("error", () => {});
    failed.destroy(new Error("the client went away"));
    await expect(store.save(failed, notTruncated)).rejects.toThrow("the client went away");
    const cut = new PassThrough();
    cut.write("partial");
    cut.destroy();
    await expect(store.save(cut, notTruncated)).rejects.toThrow();
    expect(await stored(store)).toEqual([]);
  });

  it("fails, storing nothing, when the source breaks half-way", async () => {
    const store = openUploads();
    const source = new PassThrough();
    const saving = store.save(source, notTruncated);
    source.write(Buffer.alloc(64 * 1024, 1));
    setImmediate(() => source.destroy(new Error("connection reset")));
    await expect(saving).rejects.toThrow("connection reset");
    expect(await stored(store)).toEqual([]);
  });

  it("refuses by the first bytes (small and large files) and still reads the source to its end", async () => {
    const store = openUploads();
    const refuse = async (head: Buffer) => {
      if (head.subarray(0, 2).toString() === "MZ") throw new FileTypeError("exe");
    };
    for (const size of [64, 2 * 1024 * 1024]) {
      const exe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(size, 0)]);
      const source = Readable.from([exe.subarray(0, 1000), exe.subarray(1000)]);
      await expect(store.save(source, { ...notTruncated, checkHead: refuse })).rejects.toBeInstanceOf(FileTypeError);
      expect(source.readableEnded, `${size} bytes read to the end`).toBe(true);
    }
    expect(await stored(store)).toEqual([]);
  });

  it("removes a file that reached its size limit (FileTooLargeError)", async () => {
    const store = openUploads();
    await expect(store.save(Readable.from([Buffer.alloc(5000, 1)]), { truncated: () => true })).rejects.toBeInstanceOf(
      FileTooLargeError,
    );
    expect(await stored(store)).toEqual([]);
  });
});
