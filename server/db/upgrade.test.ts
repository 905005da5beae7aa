// DESIGN §19 "Upgrades lose nothing" (decision 063): today's server starts on the data an earlier
// release left behind, migrates it, and every record and file is there and usable. Each release
// under test/fixtures/releases/ left a PGlite data folder and a PostgreSQL dump with its files
// (README.md there says how); this file takes the one that matches the run: the PGlite folder by
// default, the dump when DATABASE_URL is set (CI's PostgreSQL pass).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatPaths } from "../../shared/chat.ts";
import type { Expected, ExpectedMessage } from "../../test/fixtures/releases/expected.ts";
import { randomAddress } from "../../test/helpers/factories.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { createTemporaryDatabase } from "./temporary-database.ts";

const fixturesRoot = path.resolve("test/fixtures/releases");
const releases = readdirSync(fixturesRoot, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(path.join(fixturesRoot, entry.name, "fill.ts")))
  .map((entry) => entry.name)
  .sort();
const serverUrl = process.env.DATABASE_URL;
const engine = serverUrl ? "postgres" : "pglite";

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/**
 * Tables today's server writes to as it starts, by the column that says when a row was made: it
 * adds the instance secrets the release did not have (the site preview's key). Rows made before
 * this file began are the release's.
 */
const writtenOnStart: Record<string, string> = { instance_secrets: "created_at" };

it("finds the release fixtures (with none, this file would prove nothing)", () => {
  expect(releases).toContain("2026-11-27-290ff37");
});

describe.each(releases)("today's server on the data of the release %s", (release) => {
  const fixture = path.join(fixturesRoot, release, engine);
  const expected = JSON.parse(readFileSync(path.join(fixture, "expected.json"), "utf8")) as Expected;
  let dataDir: string;
  let dropDatabase = async () => {};
  let app: Awaited<ReturnType<typeof buildApp>>;
  let countsAfterMigrating: Record<string, number>;
  let startedAt: Date;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    startedAt = new Date();
    dataDir = mkdtempSync(path.join(tmpdir(), "upgrade-"));
    const env: Record<string, string> = {
      NODE_ENV: "production",
      PUBLIC_ORIGIN: "https://steelcraft.example",
      DATA_DIR: dataDir,
      LOG_LEVEL: "silent",
      // The fixture ages while the test runs on it for years: retention (an application's data a
      // year after it closed, the audit log after two) would otherwise erase what this file reads.
      APPLICATION_RETENTION_DAYS: "36500",
      AUDIT_RETENTION_DAYS: "36500",
    };
    if (serverUrl) {
      // The deployment that made the dump kept its files on disk, in DATA_DIR, with no Redis.
      execFileSync("tar", ["-xzf", path.join(fixture, "files.tar.gz"), "-C", dataDir]);
      const database = await createTemporaryDatabase(serverUrl, "upgrade");
      dropDatabase = database.drop;
      execFileSync("pg_restore", [
        "--no-owner",
        "--no-acl",
        "--exit-on-error",
        "-d",
        database.url,
        path.join(fixture, "database.dump"),
      ]);
      env.DATABASE_URL = database.url;
    } else {
      execFileSync("tar", ["-xzf", path.join(fixture, "data.tar.gz"), "-C", dataDir]);
    }

    // As server/serve.ts starts it: the configuration from the environment, then buildApp, which
    // opens the database and applies every migration since the release's.
    app = await buildApp({ config: loadConfig(env), serveClient: false });
    // Counted once migrated, before the app is ready: its sweeps (expired captcha solutions and
    // sessions, finished uploads) run from then on and rightly drop rows that were due long ago.
    countsAfterMigrating = await countRows(Object.keys(expected.counts));
    // The release let a share link or a file request last a year at most, and the fixture outlives
    // that: their ends move on by the fixture's age, as if the upgrade came the day it was made.
    const age = `${Math.max(0, Date.now() - Date.parse(expected.madeAt))} milliseconds`;
    await app.db.execute(sql`update shared_files set expires_at = expires_at + ${age}::interval`);
    await app.db.execute(sql`update file_requests set expires_at = expires_at + ${age}::interval`);
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await dropDatabase();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function countRows(tables: string[]) {
    const counts: Record<string, number> = {};
    for (const table of tables) {
      const madeAt = writtenOnStart[table];
      const result = await app.db.execute(
        madeAt
          ? sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(madeAt)} < ${startedAt.toISOString()}::timestamptz`
          : sql`select count(*)::int as n from ${sql.identifier(table)}`,
      );
      counts[table] = Number((result as unknown as { rows: { n: number }[] }).rows[0]?.n);
    }
    return counts;
  }

  const call = (method: "GET" | "POST", url: string, token?: string, payload?: object) =>
    app.inject({
      method,
      url,
      remoteAddress: randomAddress(),
      ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      ...(payload ? { payload } : {}),
    });
  const json = <T>(response: LightMyRequestResponse, status = 200): T => {
    expect(response.statusCode, response.body).toBe(status);
    return response.json() as T;
  };
  const tokenOf = (username: string) => tokens.get(username) ?? expect.fail(`${username} did not log in`);
  const adminToken = () => tokenOf(expected.accounts.find((account) => account.role === "admin")?.username ?? "");

  it("keeps every row of every table the release had", () => {
    expect(countsAfterMigrating).toEqual(expected.counts);
    // The fixture is worth something only if the release filled every table.
    expect(Object.entries(expected.counts).filter(([, n]) => n === 0)).toEqual([]);
  });

  it("lets each old account log in with its old password (a disabled one is told so, a deleted one stays gone)", async () => {
    for (const account of expected.accounts) {
      const response = await call("POST", "/api/auth/login", undefined, {
        username: account.username,
        password: account.password,
        role: account.role,
      });
      if (account.status === "disabled") {
        // Only the right password is answered "disabled"; a wrong one is "invalid".
        expect(json<{ message: string }>(response, 401).message).toBe("This account is disabled.");
        continue;
      }
      tokens.set(account.username, json<{ token: string }>(response).token);
    }
    for (const username of expected.deletedAccounts) {
      const response = await call("POST", "/api/auth/login", undefined, {
        username,
        password: "no-password-matters-1",
        role: "employee",
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it("reads each old conversation with the same messages, seqs, edits, replies, reactions and attachments", async () => {
    for (const conversation of expected.conversations) {
      const url =
        conversation.kind === "private"
          ? chatPaths.privateAfter(conversation.readAs, conversation.with, 0, 500)
          : chatPaths.groupAfter(conversation.groupId, 0, 500);
      const token = tokenOf(conversation.readAs);
      const page = json<{
        content: (Omit<ExpectedMessage, "replyToId" | "fileSha256"> & { replyTo: { id: number } | null })[];
      }>(await call("GET", url, token));
      const messages: ExpectedMessage[] = [];
      for (const message of page.content) {
        let fileSha256: string | null = null;
        if (message.fileUrl) {
          const file = await call("GET", message.fileUrl, token);
          expect(file.statusCode, `${conversation.label}: ${message.fileName}`).toBe(200);
          fileSha256 = sha256(file.rawPayload);
        }
        messages.push({
          id: message.id,
          seq: message.seq,
          clientId: message.clientId,
          sender: message.sender,
          senderRemoved: message.senderRemoved,
          content: message.content,
          timestamp: message.timestamp,
          editedAt: message.editedAt,
          deleted: message.deleted,
          replyToId: message.replyTo?.id ?? null,
          reactions: message.reactions,
          mentions: message.mentions,
          fileUrl: message.fileUrl,
          fileName: message.fileName,
          fileType: message.fileType,
          fileSha256,
        });
      }
      expect(messages, conversation.label).toEqual(conversation.messages);
    }
  });

  it("serves the same bytes through each old share link", async () => {
    for (const share of expected.shares) {
      const response = share.password
        ? await app.inject({
            method: "POST",
            url: share.path,
            remoteAddress: randomAddress(),
            headers: { "content-type": "application/x-www-form-urlencoded" },
            payload: new URLSearchParams({ password: share.password }).toString(),
          })
        : await call("GET", share.path);
      expect(response.statusCode, share.fileName).toBe(200);
      expect(sha256(response.rawPayload), share.fileName).toBe(share.sha256);
    }
  });

  it("keeps each old file request's link open, with the files clients sent through it", async () => {
    const listed = json<{ id: number; files: { fileName: string; url: string }[] }[]>(
      await call("GET", "/api/admin/file-requests", adminToken()),
    );
    for (const request of expected.fileRequests) {
      const page = json<{ title: string; hasPassword: boolean }>(
        await call("GET", `/api/file-requests/${request.token}`),
      );
      expect(page).toMatchObject({ title: request.title, hasPassword: request.password !== null });
      for (const file of request.files) {
        const url = listed.find((row) => row.id === request.id)?.files.find((f) => f.fileName === file.fileName)?.url;
        const response = await call("GET", new URL(url ?? expect.fail(`no ${file.fileName}`)).pathname, adminToken());
        expect(response.statusCode).toBe(200);
        expect(sha256(response.rawPayload), file.fileName).toBe(file.sha256);
      }
    }
  });

  it("keeps the files of quote requests and the CVs of applications (an erased one stays erased)", async () => {
    for (const quote of expected.quoteRequests) {
      const row = json<{ reference: string }>(await call("GET", `/api/contact/${quote.id}`, adminToken()));
      if (quote.reference) expect(row.reference).toBe(quote.reference);
      if (!quote.fileSha256) continue;
      const file = await call("GET", `/api/contact/${quote.id}/file`, adminToken());
      expect(file.statusCode).toBe(200);
      expect(sha256(file.rawPayload)).toBe(quote.fileSha256);
    }
    for (const application of expected.applications) {
      const resume = await call("GET", `/api/applications/${application.id}/resume`, adminToken());
      if (application.resumeSha256 === null) {
        expect(resume.statusCode).toBe(410);
        continue;
      }
      expect(resume.statusCode).toBe(200);
      expect(sha256(resume.rawPayload)).toBe(application.resumeSha256);
    }
  });
});
