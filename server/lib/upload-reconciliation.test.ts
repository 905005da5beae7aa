import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/helpers/app.ts";
import { createTestDatabase } from "../../test/helpers/database.ts";
import { objectStoreOf, testStorageEnv } from "../../test/helpers/storage.ts";
import { loadConfig } from "../config.ts";
import { chatAttachments, jobApplications, quoteRequests, sharedFiles } from "../db/schema.ts";
import type { ObjectStore } from "../storage/object-store.ts";
import { reconcileUploads } from "./upload-reconciliation.ts";
import { newStorageKey, uploadStore } from "./uploads.ts";

const cleanups: (() => unknown)[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "nb-reconcile-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The store the suite runs on (disk, or the run's S3 bucket under a fresh prefix). */
function openStore() {
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: tempDir(), ...testStorageEnv() });
  const objects = objectStoreOf(config);
  cleanups.push(() => objects.close());
  return { config, objects };
}

const put = (objects: ObjectStore, key: string, text = key) =>
  objects.put(key, Readable.from([Buffer.from(text)]), { contentType: "text/plain" });

async function keysUnder(objects: ObjectStore, prefix: string) {
  const keys: string[] = [];
  for await (const object of objects.list(prefix)) keys.push(object.key);
  return keys.sort();
}

describe("reconcileUploads", () => {
  it("removes files no row names that are older than the cut-off; keeps claimed, younger and foreign ones", async () => {
    const { objects } = openStore();
    const store = uploadStore(objects, "shares");
    const kept = newStorageKey();
    const orphan = newStorageKey();
    for (const name of [kept, orphan, "notes.txt"]) await put(objects, `shares/${name}`);
    // In another namespace: not this module's to judge.
    const elsewhere = newStorageKey();
    await put(objects, `quotes/${elsewhere}`);
    const asked: string[][] = [];
    const cutoff = new Date(Date.now() + 60_000);

    const result = await reconcileUploads(
      store,
      async (keys) => {
        asked.push(keys);
        return keys.filter((key) => key === kept);
      },
      { before: cutoff },
    );

    expect(result).toEqual({ orphans: 1 });
    expect(asked.flat().sort()).toEqual([kept, orphan].sort());
    expect(await keysUnder(objects, "shares/")).toEqual([`shares/${kept}`, "shares/notes.txt"].sort());
    expect(await keysUnder(objects, "quotes/")).toEqual([`quotes/${elsewhere}`]);

    // A file written after the cut-off may be an upload about to commit its row: it stays.
    const young = newStorageKey();
    await put(objects, `shares/${young}`);
    expect(await reconcileUploads(store, async () => [], { before: new Date(Date.now() - 60 * 60_000) })).toEqual({
      orphans: 0,
    });
    expect(await keysUnder(objects, "shares/")).toContain(`shares/${young}`);
  });

  it("asks about the keys in batches, and accepts a namespace with nothing in it", async () => {
    const { objects } = openStore();
    const store = uploadStore(objects, "chat");
    const keys = Array.from({ length: 1001 }, () => newStorageKey());
    for (let i = 0; i < keys.length; i += 50) {
      await Promise.all(keys.slice(i, i + 50).map((key) => put(objects, `chat/${key}`, "")));
    }
    const batches: number[] = [];
    const before = new Date(Date.now() + 60_000);
    const result = await reconcileUploads(
      store,
      async (batch) => {
        batches.push(batch.length);
        return batch;
      },
      { before },
    );
    expect(result).toEqual({ orphans: 0 });
    expect(batches).toEqual([500, 500, 1]);
    expect(await reconcileUploads(uploadStore(objects, "resumes"), async () => [], { before })).toEqual({ orphans: 0 });
  });

  it("runs at start-up for every module (shares, quote files, CVs, chat), and moves chat's old folder into the store", async () => {
    const database = await createTestDatabase();
    cleanups.push(() => database.close());
    const { config, objects } = openStore();
    const withRow = {
      shares: newStorageKey(),
      quotes: newStorageKey(),
      resumes: newStorageKey(),
      chat: newStorageKey(),
    };
    await database.db.insert(sharedFiles).values({
      fileName: "a.pdf",
      token: withRow.shares,
      contentType: "application/pdf",
      sizeBytes: 1,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await database.db.insert(quoteRequests).values({
      reference: "Q-2026-0001",
      name: "Dana",
      email: "dana@example.com",
      fileName: "q.pdf",
      fileKey: withRow.quotes,
      fileType: "x",
    });
    await database.db.insert(jobApplications).values({
      name: "Ravi",
      email: "ravi@example.com",
      phone: "+1 555 0100",
      resumeName: "cv.pdf",
      resumeKey: withRow.resumes,
      resumeType: "application/pdf",
    });
    const legacyChat = newStorageKey();
    await database.db.insert(chatAttachments).values([
      { key: withRow.chat, uploaderId: null, fileName: "c.pdf", contentType: "x", sizeBytes: 1 },
      { key: legacyChat, uploaderId: null, fileName: "old.pdf", contentType: "x", sizeBytes: 3 },
    ]);
    for (const [namespace, name] of Object.entries(withRow)) {
      await put(objects, `${namespace}/${name}`, "kept");
      await put(objects, `${namespace}/${newStorageKey()}`, "orphan");
    }
    // Chat attachments kept in DATA_DIR/chat-files before the object store; one with no row.
    const legacyDir = path.join(config.dataDir, "chat-files");
    mkdirSync(legacyDir);
    writeFileSync(path.join(legacyDir, legacyChat), "old");
    writeFileSync(path.join(legacyDir, newStorageKey()), "old orphan");
    writeFileSync(path.join(legacyDir, ".upload-dead"), "partial");

    // Everything above was written before the app started; on S3 the grace period is what
    // protects other instances' uploads, so it is zero here.
    const t = await createTestApp({
      database,
      env: { DATA_DIR: config.dataDir, ...(config.storageUrl ? { STORAGE_URL: config.storageUrl } : {}) },
      storage: { sharedGraceMs: 0 },
    });
    try {
      for (const [namespace, name] of Object.entries(withRow)) {
        const expected = [`${namespace}/${name}`];
        if (namespace === "chat") expected.push(`chat/${legacyChat}`);
        expect(await keysUnder(objects, `${namespace}/`), namespace).toEqual(expected.sort());
      }
      const moved = await objects.get(`chat/${legacyChat}`);
      expect(await moved?.body.toArray().then((chunks) => Buffer.concat(chunks).toString())).toBe("old");
      expect(readdirSync(config.dataDir)).not.toContain("chat-files");
    } finally {
      await t.close();
    }
  });
});
