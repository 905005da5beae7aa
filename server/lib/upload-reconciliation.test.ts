import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp } from "../../test/helpers/app.ts";
import { createTestDatabase } from "../../test/helpers/database.ts";
import { chatAttachments, jobApplications, quoteRequests, sharedFiles } from "../db/schema.ts";
import { processStartedAt, reconcileUploads } from "./upload-reconciliation.ts";
import { newStorageKey } from "./uploads.ts";

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "nb-reconcile-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A temporary file of an upload that was last written `ageMs` before this process started. */
function oldTemp(dir: string, name: string, ageMs = 60_000) {
  const file = path.join(dir, name);
  writeFileSync(file, "partial");
  const when = new Date(processStartedAt - ageMs);
  utimesSync(file, when, when);
}

const listed = (dir: string) => readdirSync(dir).sort();

describe("reconcileUploads", () => {
  it("removes keyed files without a row and temporaries older than the process; keeps the rest", async () => {
    const dir = tempDir();
    const kept = newStorageKey();
    const orphan = newStorageKey();
    for (const name of [kept, orphan, "notes.txt"]) writeFileSync(path.join(dir, name), name);
    oldTemp(dir, ".upload-dead");
    // Written now, by this process: an upload still in progress.
    writeFileSync(path.join(dir, ".upload-live"), "partial");
    const asked: string[][] = [];

    const result = await reconcileUploads({ dir }, async (keys) => {
      asked.push(keys);
      return keys.filter((key) => key === kept);
    });

    expect(result).toEqual({ orphans: 1, temps: 1 });
    expect(asked.flat().sort()).toEqual([kept, orphan].sort());
    expect(listed(dir)).toEqual([".upload-live", kept, "notes.txt"].sort());
  });

  it("asks about the keys in batches, and accepts a store folder that does not exist yet", async () => {
    const dir = tempDir();
    const keys = Array.from({ length: 1001 }, () => newStorageKey());
    for (const key of keys) writeFileSync(path.join(dir, key), "");
    const batches: number[] = [];
    const result = await reconcileUploads({ dir }, async (batch) => {
      batches.push(batch.length);
      return batch;
    });
    expect(result).toEqual({ orphans: 0, temps: 0 });
    expect(batches).toEqual([500, 500, 1]);
    expect(await reconcileUploads({ dir: path.join(dir, "missing") }, async () => [])).toEqual({
      orphans: 0,
      temps: 0,
    });
  });

  it("runs at start-up for every store: shares, quote files, CVs and chat attachments", async () => {
    const database = await createTestDatabase();
    const dataDir = tempDir();
    const stores = {
      shares: path.join(dataDir, "files", "shares"),
      quotes: path.join(dataDir, "files", "quotes"),
      resumes: path.join(dataDir, "files", "resumes"),
      chat: path.join(dataDir, "chat-files"),
    };
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
    await database.db
      .insert(chatAttachments)
      .values({ key: withRow.chat, uploaderId: null, fileName: "c.pdf", contentType: "x", sizeBytes: 1 });
    for (const [store, dir] of Object.entries(stores)) {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, withRow[store as keyof typeof stores]), "kept");
      writeFileSync(path.join(dir, newStorageKey()), "orphan");
      oldTemp(dir, ".upload-dead");
    }

    const t = await createTestApp({ database, env: { DATA_DIR: dataDir } });
    try {
      for (const [store, dir] of Object.entries(stores)) {
        expect(listed(dir), store).toEqual([withRow[store as keyof typeof stores]]);
      }
    } finally {
      await t.close();
      await database.close();
    }
  });
});
