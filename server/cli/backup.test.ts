/**
 * `npm run backup` and `npm run restore` (DESIGN §13) against the real server process: a backup
 * taken while the server serves (uploads and deletes under way), one taken with the server
 * stopped, each restored into a fresh folder and served again. Embedded data only, by nature:
 * every process here runs with DATABASE_URL, REDIS_URL and STORAGE_URL cleared, and nothing here
 * reads them, so the file runs once, in CI's embedded pass. That a restored copy holds every row
 * and every file byte of its source, on each engine, is backup-restore.test.ts (decision 064).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type ChildServer, callServer, freePort, loginOn, startChildServer } from "../../test/helpers/child-server.ts";
import { multipart } from "../../test/helpers/multipart.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/client.ts";
import { BACKUP_PATH, BACKUP_TOKEN_FILE, backupRefusals } from "../plugins/backup.ts";

const admin = { username: "admin", password: "admin-password-1" };
const employee = { username: "backup.worker", password: "a long employee passphrase 7" };
const root = mkdtempSync(path.join(tmpdir(), "nb-backup-"));
const folder = (name: string) => path.join(root, name);

/** The environment of every process here: embedded database and files, whatever CI's pass sets. */
const envFor = (dataDir: string): Record<string, string> => ({
  NODE_ENV: "test",
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  REDIS_URL: "",
  STORAGE_URL: "",
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
  LOG_LEVEL: "warn",
});

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `npm run <script> -- ...args` as npm would (a process of its own). */
function runCli(script: "backup" | "restore", args: string[], env: Record<string, string>): Promise<CliResult> {
  const child = spawn(process.execPath, ["--import", "tsx", `server/cli/${script}.ts`, ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

/** What the server answered for each share it acknowledged: its bytes. */
const uploaded = new Map<string, Buffer>();

async function share(base: string, token: string, bytes: Buffer): Promise<{ id: number; token: string }> {
  const body = multipart([
    { name: "expiryMinutes", value: "600" },
    { name: "file", value: bytes, fileName: `share-${uploaded.size}.bin` },
  ]);
  const response = await fetch(`${base}/api/admin/files/upload`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, ...body.headers },
    body: body.payload,
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${text}`);
  const row = JSON.parse(text) as { id: number; fileUrl: string };
  const shareToken = row.fileUrl.split("/share/")[1] ?? "";
  uploaded.set(shareToken, bytes);
  return { id: row.id, token: shareToken };
}

const unshare = (base: string, token: string, id: number) =>
  callServer(base, "DELETE", `/api/admin/files/${id}`, { token });

/** The active shares' tokens, as the admin's list has them. */
const activeShares = async (base: string, token: string) =>
  ((await callServer(base, "GET", "/api/admin/files", { token })) as unknown as { fileUrl: string }[]).map(
    (row) => row.fileUrl.split("/share/")[1] ?? "",
  );

async function download(base: string, shareToken: string): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(`${base}/share/${shareToken}`);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function until(check: () => boolean, what: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A restored folder's rows, read with PGlite directly (no server runs on it). */
async function queryFolder<T>(dataDir: string, sql: string, params: unknown[] = []): Promise<T[]> {
  const db = await PGlite.create(path.join(dataDir, "pglite"));
  try {
    return (await db.query<T>(sql, params)).rows;
  } finally {
    await db.close();
  }
}

describe("npm run backup and npm run restore", { timeout: 180_000 }, () => {
  const source = folder("source");
  let server: ChildServer;
  let adminToken: string;
  let goneBefore: { id: number; token: string };
  const before: string[] = [];
  const servers: ChildServer[] = [];

  beforeAll(async () => {
    server = await startChildServer(envFor(source));
    servers.push(server);
    adminToken = await loginOn(server.base, admin.username, admin.password, "admin");
    await callServer(server.base, "POST", "/api/admin/register-employee", {
      token: adminToken,
      json: { name: "Backup Worker", email: "worker@example.com", role: "Modeler", ...employee },
    });
    for (let n = 0; n < 4; n++) before.push((await share(server.base, adminToken, randomBytes(100_000 + n))).token);
    goneBefore = await share(server.base, adminToken, randomBytes(5000));
    await unshare(server.base, adminToken, goneBefore.id);
  }, 120_000);

  afterAll(async () => {
    for (const child of servers) await child.stop();
    rmSync(root, { recursive: true, force: true });
  });

  it("backs up the running server while it serves, and the backup restores into a fresh folder", async () => {
    const employeeToken = await loginOn(server.base, employee.username, employee.password, "employee");
    // Uploads, deletes and reads keep arriving while the backup runs.
    let running = true;
    let requests = 0;
    const failures: unknown[] = [];
    const load = (async () => {
      const mine: { id: number; token: string }[] = [];
      for (let n = 0; running; n++) {
        try {
          mine.push(await share(server.base, adminToken, randomBytes(20_000 + n)));
          const old = n % 2 === 1 ? mine.shift() : undefined;
          if (old) await unshare(server.base, adminToken, old.id);
          await activeShares(server.base, adminToken);
          requests += 3;
        } catch (error) {
          failures.push(error);
          return;
        }
      }
    })();
    await until(() => requests >= 6, "the load to start");
    const file = folder("online.tar.gz");
    const result = await runCli("backup", [file], { ...envFor(source), PORT: String(server.port) });
    const duringBackup = requests;
    await until(() => requests >= duringBackup + 6, "requests after the backup");
    running = false;
    await load;
    expect(failures).toEqual([]);
    expect(result, result.stderr).toMatchObject({ code: 0 });
    expect(result.stdout).toContain("asked of the running server");

    const restored = folder("restored-online");
    const restore = await runCli("restore", [file], envFor(restored));
    expect(restore, restore.stderr).toMatchObject({ code: 0 });
    expect(restore.stdout).toContain(`Restored into ${restored}`);
    expect(existsSync(path.join(restored, BACKUP_TOKEN_FILE))).toBe(false);

    const copy = await startChildServer(envFor(restored));
    servers.push(copy);
    // The accounts: the admin's and the employee's passwords, and a session of the first server.
    expect(await loginOn(copy.base, employee.username, employee.password, "employee")).toBeTruthy();
    const me = await callServer(copy.base, "GET", "/api/auth/me", { token: employeeToken });
    expect(me).toMatchObject({ username: employee.username });
    const copyAdmin = await loginOn(copy.base, admin.username, admin.password, "admin");
    // Every share the copy lists has its file, byte for byte: none a row names is missing.
    const listed = await activeShares(copy.base, copyAdmin);
    expect(listed).toEqual(expect.arrayContaining(before));
    for (const token of listed) {
      const answer = await download(copy.base, token);
      expect(answer.status, token).toBe(200);
      expect(answer.bytes.equals(uploaded.get(token) ?? Buffer.alloc(0)), token).toBe(true);
    }
    expect(listed).not.toContain(goneBefore.token);
    expect((await download(copy.base, goneBefore.token)).status).toBe(410);
    await copy.stop("SIGTERM");
  });

  it("keeps a file deleted while the backup is read until the backup has it, then deletes it", async () => {
    // Enough bytes ahead of the deleted file that the server cannot have read it before the delete.
    for (let n = 0; n < 5; n++) await share(server.base, adminToken, randomBytes(4 * 1024 * 1024));
    const tokens = await activeShares(server.base, adminToken);
    const last = tokens.reduce((max, token) => (token > max ? token : max));
    const lastId = (
      (await callServer(server.base, "GET", "/api/admin/files", { token: adminToken })) as unknown as {
        id: number;
        fileUrl: string;
      }[]
    ).find((row) => row.fileUrl.endsWith(last))?.id as number;
    const onDisk = path.join(source, "files", "shares", last);
    const { token } = JSON.parse(readFileSync(path.join(source, BACKUP_TOKEN_FILE), "utf8")) as { token: string };

    // The answer's headers come once the database snapshot is taken; the files follow as read.
    const response = await fetch(`${server.base}${BACKUP_PATH}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    await unshare(server.base, adminToken, lastId);
    expect((await download(server.base, last)).status).toBe(410);
    expect(existsSync(onDisk)).toBe(true);
    const file = folder("held.tar.gz");
    await pipeline(Readable.fromWeb(response.body as never), createGzip(), createWriteStream(file));
    // Once the backup has it, the held-back removal is carried out.
    await until(() => !existsSync(onDisk), "the held-back removal");

    const restored = folder("restored-held");
    const restore = await runCli("restore", [file], envFor(restored));
    expect(restore, restore.stderr).toMatchObject({ code: 0 });
    // The snapshot was taken before the delete: there the share is live, and its file is there.
    const rows = await queryFolder<{ revoked_at: Date | null }>(
      restored,
      "select revoked_at from shared_files where token = $1",
      [last],
    );
    expect(rows).toEqual([{ revoked_at: null }]);
    expect(readFileSync(path.join(restored, "files", "shares", last)).equals(uploaded.get(last) as Buffer)).toBe(true);
  });

  it("carries out the held-back removals when the reader of a backup goes away", async () => {
    const { token } = JSON.parse(readFileSync(path.join(source, BACKUP_TOKEN_FILE), "utf8")) as { token: string };
    const ask = (signal?: AbortSignal) =>
      fetch(`${server.base}${BACKUP_PATH}`, { headers: { authorization: `Bearer ${token}` }, signal });
    const victim = await share(server.base, adminToken, randomBytes(10_000));
    const onDisk = path.join(source, "files", "shares", victim.token);
    const reader = new AbortController();
    const response = await ask(reader.signal);
    expect(response.status).toBe(200);
    await unshare(server.base, adminToken, victim.id);
    // More than 20 MB of files are still to come: the backup is under way, the removal held back.
    await (response.body as ReadableStream).getReader().read();
    expect(existsSync(onDisk)).toBe(true);
    reader.abort();
    await until(() => !existsSync(onDisk), "the removal held back by the abandoned backup");
    // And the next backup may start.
    const next = new AbortController();
    expect((await ask(next.signal)).status).toBe(200);
    next.abort();
  });

  it("answers the backup endpoint only with the token, and never through a proxy", async () => {
    const { token } = JSON.parse(readFileSync(path.join(source, BACKUP_TOKEN_FILE), "utf8")) as { token: string };
    const ask = async (headers: Record<string, string>) => {
      const response = await fetch(`${server.base}${BACKUP_PATH}`, { headers });
      const body = (await response.json()) as { message: string };
      return { status: response.status, message: body.message };
    };
    expect(await ask({})).toEqual({ status: 403, message: backupRefusals.badToken });
    expect(await ask({ authorization: `Bearer ${token.slice(0, -2)}xx` })).toEqual({
      status: 403,
      message: backupRefusals.badToken,
    });
    expect(await ask({ authorization: `Bearer ${token}`, "x-forwarded-for": "203.0.113.9" })).toEqual({
      status: 403,
      message: backupRefusals.notLocal,
    });
    expect(await ask({ authorization: `Bearer ${token}`, forwarded: "for=127.0.0.1" })).toEqual({
      status: 403,
      message: backupRefusals.notLocal,
    });
    // The CLI tells a refusal in one line, and writes nothing.
    const other = folder("other-data");
    mkdirSync(other, { recursive: true });
    const file = folder("refused.tar.gz");
    const refused = await runCli("backup", [file], { ...envFor(other), PORT: String(server.port) });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(/^The server at 127\.0\.0\.1:\d+ refused the backup: The backup token/);
    expect(refused.stderr.trim().split("\n")).toHaveLength(1);
    expect(existsSync(file)).toBe(false);
  });

  it("refuses a caller on another machine whatever it sends", async () => {
    // The app in this process, on the embedded database like every process here (not the test
    // helper's app, which takes the engines of CI's pass: nothing here differs by engine).
    const dataDir = folder("in-process");
    const template = new Blob([readFileSync(inject("databaseTemplate").pgliteFile)]);
    const database = await openDatabase({ pgliteDir: "memory://", pgliteDataDir: template });
    const app = await buildApp({ config: loadConfig(envFor(dataDir)), database, serveClient: false, logger: false });
    try {
      await app.ready();
      for (const remoteAddress of ["192.0.2.10", "10.1.2.3", "fd00::1"]) {
        const answer = await app.inject({
          url: BACKUP_PATH,
          remoteAddress,
          headers: { authorization: "Bearer anything" },
        });
        expect(answer.statusCode, remoteAddress).toBe(403);
        expect(answer.json(), remoteAddress).toEqual({ message: backupRefusals.notLocal });
      }
    } finally {
      await app.close();
      await database.close();
    }
  });

  it("never opens the folder of a server that lives but does not answer on the configured port", async () => {
    const file = folder("elsewhere.tar.gz");
    const port = await freePort();
    const result = await runCli("backup", [file], { ...envFor(source), PORT: String(port) });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `A server (process ${server.child.pid}) has ${source} open but does not answer on port ${port}: run the backup with its PORT and HOST, or stop it first.`,
    );
    expect(existsSync(file)).toBe(false);
  });

  it("reads the folder itself when no server runs, and that backup restores too", async () => {
    const expected = (await activeShares(server.base, adminToken)).sort();
    // Killed: its backup.token stays behind, naming a process that is gone.
    await server.stop();
    const file = folder("offline.tar.gz");
    const result = await runCli("backup", [file], { ...envFor(source), PORT: String(server.port) });
    expect(result, result.stderr).toMatchObject({ code: 0 });
    expect(result.stdout).toContain("read from DATA_DIR");

    const restored = folder("restored-offline");
    const restore = await runCli("restore", [file], envFor(restored));
    expect(restore, restore.stderr).toMatchObject({ code: 0 });
    const live = await queryFolder<{ token: string }>(
      restored,
      "select token from shared_files where revoked_at is null and file_erased_at is null",
    );
    // (One of those shared first may be gone: the file deleted during a backup above is the last by name.)
    expect(expected.length).toBeGreaterThan(before.length);
    expect(live.map((row) => row.token).sort()).toEqual(expected);
    for (const { token } of live) {
      const bytes = readFileSync(path.join(restored, "files", "shares", token));
      expect(bytes.equals(uploaded.get(token) as Buffer), token).toBe(true);
    }
    // The files are exactly those of the folder it was read from.
    expect(readdirSync(path.join(restored, "files", "shares")).sort()).toEqual(
      readdirSync(path.join(source, "files", "shares")).sort(),
    );
  });

  it("restores only into an empty folder, and leaves nothing behind from a damaged backup", async () => {
    const file = folder("offline.tar.gz");
    const taken = folder("restored-offline");
    const refused = await runCli("restore", [file], envFor(taken));
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe(
      `DATA_DIR (${taken}) is not empty: restore writes only into an empty or new folder (set DATA_DIR to another one, or move this one away).`,
    );

    const damaged = folder("damaged.tar.gz");
    await writeFile(damaged, readFileSync(file));
    await truncate(damaged, Math.floor(readFileSync(file).length / 2));
    const target = folder("restored-damaged");
    const failed = await runCli("restore", [damaged], envFor(target));
    expect(failed.code).toBe(1);
    expect(failed.stderr.trim().split("\n")).toHaveLength(1);
    expect(failed.stderr).toMatch(/^The backup (cannot be read|is incomplete)/);
    expect(existsSync(target)).toBe(false);
  });

  it("refuses when the data is not embedded: pg_dump and bucket versioning are the way", async () => {
    const cases = [
      ["backup", { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/postgres" }, "DATABASE_URL"],
      ["restore", { STORAGE_URL: "s3://some-bucket" }, "STORAGE_URL"],
    ] as const;
    for (const [script, extra, name] of cases) {
      const result = await runCli(script, [folder("never.tar.gz")], { ...envFor(folder("never")), ...extra });
      expect(result.code).toBe(1);
      expect(result.stderr.trim()).toBe(
        `npm run ${script} covers the embedded database and files in DATA_DIR; with ${name} set, use pg_dump and bucket versioning instead (docs/operations.md).`,
      );
    }
    expect(existsSync(folder("never"))).toBe(false);
  });
});
