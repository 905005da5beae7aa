import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/helpers/database.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { loginFailures, users } from "../db/schema.ts";
import { verifyPassword } from "../lib/password-hashing.ts";
import { run } from "./admin.ts";

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

// Each command opens and closes the database: PGlite on disk takes seconds to start.
describe("npm run admin", { timeout: 60_000 }, () => {
  let dataDir: string;
  let env: Record<string, string>;
  let serverDatabase: (Database & { url?: string }) | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "nb-cli-"));
    // On PostgreSQL (CI) the CLI works on a database of its own; otherwise on PGlite in DATA_DIR.
    serverDatabase = process.env.DATABASE_URL ? await createTestDatabase() : undefined;
    env = {
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      LOG_LEVEL: "silent",
      ...(serverDatabase?.url ? { DATABASE_URL: serverDatabase.url } : {}),
    };
    // Create and migrate the embedded database once, outside the timed tests.
    if (!serverDatabase) await (await openDatabase({ pgliteDir: path.join(dataDir, "pglite") })).close();
  });
  afterAll(async () => {
    await serverDatabase?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Reads the accounts the CLI wrote, through a connection of the test's own. */
  async function withDatabase<T>(action: (database: Database) => Promise<T>): Promise<T> {
    if (serverDatabase) return action(serverDatabase);
    const database = await openDatabase({ pgliteDir: path.join(dataDir, "pglite") });
    try {
      return await action(database);
    } finally {
      await database.close();
    }
  }
  const account = (username: string) =>
    withDatabase(async ({ db }) => (await db.select().from(users).where(eq(users.username, username)))[0]);

  it("creates an admin with the given password", async () => {
    const output = await run(["create", "boss", "--password", "boss-password-1"], env);
    expect(output).toBe('Admin account "boss" created.');
    const row = await account("boss");
    expect(row).toMatchObject({ kind: "admin", status: "active", tokenVersion: 0 });
    expect(await verifyPassword(row?.passwordHash ?? "", "boss-password-1")).toBe(true);
  });

  it("generates and prints a password when none is given", async () => {
    const output = await run(["create", "second-admin"], env);
    const password = /password: (\S+)/.exec(output)?.[1] ?? "";
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(await verifyPassword((await account("second-admin"))?.passwordHash ?? "", password)).toBe(true);
  });

  it("refuses a username that is taken, whatever its case", async () => {
    await expect(run(["create", "BOSS", "--password", "another-password"], env)).rejects.toMatchObject({
      message: 'Username "BOSS" is already taken.',
      exitCode: 1,
    });
  });

  it("resets a password: the new one works, sessions end and a login lock-out is lifted", async () => {
    const now = new Date();
    await withDatabase(({ db }) =>
      db.insert(loginFailures).values([
        { account: "boss", address: "203.0.113.9", failures: 5, windowStartedAt: now, lastFailedAt: now },
        { account: "boss", address: "", failures: 40, windowStartedAt: now, lastFailedAt: now },
      ]),
    );
    const output = await run(["reset", "Boss", "--password", "new-boss-password"], env);
    expect(output).toBe('Password of admin "boss" reset; its sessions have ended.');
    const row = await account("boss");
    expect(row?.tokenVersion).toBe(1);
    expect(await verifyPassword(row?.passwordHash ?? "", "new-boss-password")).toBe(true);
    expect(await verifyPassword(row?.passwordHash ?? "", "boss-password-1")).toBe(false);
    expect(await withDatabase(({ db }) => db.select().from(loginFailures))).toEqual([]);

    const generated = await run(["reset", "boss"], env);
    expect(generated).toMatch(/password: \S{16,}/);
  });

  it("fails with one clear line for an unknown account, a bad name, a short or guessable password or bad usage", async () => {
    await expect(run(["reset", "nobody"], env)).rejects.toMatchObject({ message: 'No account named "nobody".' });
    await expect(run(["create", "bad name!"], env)).rejects.toMatchObject({
      message: expect.stringMatching(/^Invalid username/),
    });
    await expect(run(["create", "shorty", "--password", "short"], env)).rejects.toMatchObject({
      message: "Invalid password: Password must be at least 8 characters.",
    });
    // Long enough, but common, or made of the account's own name (DESIGN §14).
    for (const [name, password] of [
      ["shorty", "password1"],
      ["marguerite", "marguerite2024"],
    ]) {
      await expect(run(["create", name as string, "--password", password as string], env)).rejects.toMatchObject({
        message: expect.stringMatching(/^Invalid password: This password is too common or too easy to guess/),
      });
    }
    await expect(run([], env)).rejects.toMatchObject({ exitCode: 2 });
    await expect(run(["delete", "boss"], env)).rejects.toMatchObject({ exitCode: 2 });
    await expect(run(["create", "x1", "--pasword", "typo-in-flag"], env)).rejects.toMatchObject({ exitCode: 2 });
  });

  it("refuses to open the embedded database while a server answers on PORT", async () => {
    if (serverDatabase) return; // PostgreSQL takes many connections: nothing to guard.
    const server = createHttpServer((_request, response) => {
      response.setHeader("content-type", "application/json");
      response.end('{"status":"ok"}');
    });
    await new Promise<void>((resolve) => server.listen(Number(env.PORT), "127.0.0.1", resolve));
    try {
      await expect(run(["reset", "boss"], env)).rejects.toMatchObject({
        message: expect.stringMatching(/^A server is answering on port \d+: stop it first/),
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("exits with code 2 and the usage as a process", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "server/cli/admin.ts", "frobnicate"], {
      env: { ...process.env, ...env },
      encoding: "utf8",
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^Usage:/);
    expect(result.stdout).toBe("");
  });
});
