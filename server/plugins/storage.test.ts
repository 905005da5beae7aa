/**
 * The storage plugin (DESIGN §12) at start-up: on disk it deletes what puts cut off by an earlier
 * process left behind, and nothing this process may still be writing; on S3 there is nothing to
 * sweep (the bucket's lifecycle rule aborts incomplete multipart uploads).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers/app.ts";
import { createTestDatabase } from "../../test/helpers/database.ts";
import { type S3Server, startS3Server } from "../../test/helpers/s3-server.ts";
import { storesInS3 } from "../../test/helpers/storage.ts";
import { storedContent } from "../../test/helpers/stored-files.ts";
import type { Database } from "../db/client.ts";
import { newStorageKey } from "../lib/uploads.ts";

const HOUR = 60 * 60 * 1000;

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

// One database for every app of this file: what is looked at here is files, not rows.
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database?.close());

/** Writes a file last modified `ageMs` ago. */
function plant(file: string, content: string, ageMs = 0) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  if (ageMs > 0) {
    const when = new Date(Date.now() - ageMs);
    utimesSync(file, when, when);
  }
}

describe("the storage plugin on disk", () => {
  it("sweeps at start-up the temporaries an earlier process left, never a fresh one or a stored object", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "nb-storage-"));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const files = path.join(dataDir, "files");
    const kept = newStorageKey();
    const lostType = newStorageKey();
    // Left by a process that died mid-put: temporaries (data and type), and a type whose object a
    // crash during a remove already deleted.
    plant(path.join(files, "shares", ".upload-dead"), "partial", HOUR);
    plant(path.join(files, "shares", ".types", ".upload-dead"), "application/pdf", HOUR);
    plant(path.join(files, "chat", ".upload-dead-too"), "partial", 60_000);
    plant(path.join(files, "quotes", ".types", lostType), "application/pdf", HOUR);
    // A complete object, however old, is no temporary (in a namespace no module reconciles with its rows).
    plant(path.join(files, "archive", kept), "%PDF-1.4 cv", 400 * 24 * HOUR);
    plant(path.join(files, "archive", ".types", kept), "application/pdf", 400 * 24 * HOUR);
    const logged: string[] = [];

    const t = await createTestApp({
      database,
      // Disk whatever the run: this is the disk store's start-up.
      env: { DATA_DIR: dataDir, STORAGE_URL: "" },
      logger: { level: "warn", stream: { write: (line: string) => void logged.push(line) } },
      // The app is built (its start time taken) but not ready: a put under way now is this process's own.
      beforeReady: () => plant(path.join(files, "shares", ".upload-live"), "in progress"),
    });
    cleanups.push(() => t.close());

    expect(t.app.storage.objects.location).toBe(`disk:${files}`);
    expect(readdirSync(path.join(files, "shares")).sort()).toEqual([".types", ".upload-live"]);
    expect(readdirSync(path.join(files, "shares", ".types"))).toEqual([]);
    expect(readdirSync(path.join(files, "chat"))).toEqual([]);
    expect(readdirSync(path.join(files, "quotes", ".types"))).toEqual([]);
    expect(readdirSync(path.join(files, "archive")).sort()).toEqual([".types", kept]);
    expect(await t.app.storage.objects.stat(`archive/${kept}`)).toMatchObject({ contentType: "application/pdf" });
    expect(await storedContent(t.app, `archive/${kept}`)).toEqual(Buffer.from("%PDF-1.4 cv"));
    const warnings = logged.map((line) => JSON.parse(line) as { msg: string; removed?: number });
    expect(warnings).toContainEqual(
      expect.objectContaining({ msg: "removed files of uploads cut off by an earlier process", removed: 4 }),
    );

    // The fresh temporary stays until a later start finds it old.
    await t.close();
    cleanups.pop();
    const again = await createTestApp({ database, env: { DATA_DIR: dataDir, STORAGE_URL: "" } });
    cleanups.push(() => again.close());
    expect(existsSync(path.join(files, "shares", ".upload-live"))).toBe(false);
    expect(await storedContent(again.app, `archive/${kept}`)).toEqual(Buffer.from("%PDF-1.4 cv"));
  }, 60_000);

  it("counts as orphans only objects written before the app started", async () => {
    const startedBefore = Date.now();
    const t = await createTestApp({ database, env: { STORAGE_URL: "" } });
    cleanups.push(() => t.close());
    const before = t.app.storage.orphansBefore().getTime();
    expect(before).toBeGreaterThanOrEqual(startedBefore);
    expect(before).toBeLessThanOrEqual(Date.now());
    // The same instant on every call: an upload of this process is never anyone's orphan.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(t.app.storage.orphansBefore().getTime()).toBe(before);
  });
});

describe("the storage plugin on S3", () => {
  // The run's bucket when it has one; else a local s3rver of this file's own.
  let own: S3Server | undefined;
  const saved: Record<string, string | undefined> = {};
  let t: TestApp;
  beforeAll(async () => {
    let env: Record<string, string> = {};
    if (!storesInS3()) {
      own = await startS3Server({ bucket: "plugin-test" });
      env = own.env;
      // The SDK reads its keys from the environment, as a deployment gives them.
      for (const name of ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"]) {
        saved[name] = process.env[name];
        process.env[name] = own.env[name];
      }
    }
    t = await createTestApp({ database, env, storage: { sharedGraceMs: 5 * HOUR } });
  });
  afterAll(async () => {
    await t?.close();
    await own?.close();
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  it("has no incomplete puts to sweep, and stores and reads objects", async () => {
    const { objects } = t.app.storage;
    expect(objects.location).toMatch(/^s3:\/\//);
    expect(objects.sweepIncomplete).toBeUndefined();
    const key = `shares/${newStorageKey()}`;
    await objects.put(key, Readable.from([Buffer.from("in the bucket")]), { contentType: "text/plain" });
    expect(await storedContent(t.app, key)).toEqual(Buffer.from("in the bucket"));
    await objects.remove(key);
  });

  it("counts as orphans only objects older than the grace period (other instances share the bucket)", () => {
    const before = t.app.storage.orphansBefore().getTime();
    expect(Math.abs(before - (Date.now() - 5 * HOUR))).toBeLessThan(1000);
  });
});
