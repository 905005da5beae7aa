/**
 * DESIGN §13: instances share their secrets through the database, and instances starting at the
 * same moment on an empty database migrate and create the first admin exactly once. The start-up
 * race always runs against PostgreSQL (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres),
 * on a fresh database of its own; the secrets tests run on the run's driver (PGlite by default).
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, type SQL, sql } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import webpush from "web-push";
import { chatPaths } from "../../shared/chat.ts";
import { createTestDatabase } from "../../test/helpers/database.ts";
import { authHeader } from "../../test/helpers/factories.ts";
import { waitForAsync } from "../../test/helpers/realtime.ts";
import { testStorageEnv } from "../../test/helpers/storage.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { sharedSecret } from "../lib/secrets.ts";
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from "../plugins/auth.ts";
import { captchaKeys } from "../plugins/captcha.ts";
import { type Database, type Db, openDatabase, withAdvisoryLock } from "./client.ts";
import { instanceSecrets, users } from "./schema.ts";
import { createTemporaryDatabase } from "./temporary-database.ts";

const serverUrl = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const temporaryDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "nb-start-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};

/** One instance as server/main.ts builds it: no JWT_SECRET, no VAPID keys, its own DATA_DIR. */
async function startInstance(options: { dataDir?: string; database?: Database; env?: Record<string, string> }) {
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: options.dataDir ?? temporaryDir(),
    LOG_LEVEL: "silent",
    ...testStorageEnv(),
    ...options.env,
  });
  const app = await buildApp({ config, database: options.database, serveClient: false, logger: false });
  cleanups.push(() => app.close());
  await app.ready();
  return { app, config };
}
type Instance = Awaited<ReturnType<typeof startInstance>>;

async function login(instance: Instance, username: string, password: string) {
  const response = await instance.app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { username, password, role: "admin" },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().token as string;
}

const me = (instance: Instance, token: string) =>
  instance.app.inject({ url: "/api/auth/me", headers: authHeader(token) });

async function vapidPublicKey(instance: Instance, token: string) {
  const response = await instance.app.inject({ url: chatPaths.vapidPublicKey, headers: authHeader(token) });
  expect(response.statusCode).toBe(200);
  return response.json().publicKey as string;
}

/** The rows of a raw query, on either driver. */
const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const secretNames = async (db: Db) =>
  (await db.select({ name: instanceSecrets.name }).from(instanceSecrets)).map((row) => row.name).sort();

describe("instances starting together on an empty PostgreSQL database", () => {
  it("all start; they migrate once, create one admin, and share the JWT secret and the VAPID keys", async () => {
    const scratch = await createTemporaryDatabase(serverUrl, "start");
    cleanups.push(() => scratch.drop());
    const printed = vi.spyOn(console, "log").mockImplementation(() => {});
    cleanups.push(() => printed.mockRestore());

    // Each instance names a different first admin, so the users' unique index cannot stand in for
    // the lock: without it, every instance would see no admin yet and create its own.
    const started = await Promise.allSettled(
      [0, 1, 2].map((index) => startInstance({ env: { DATABASE_URL: scratch.url, ADMIN_USERNAME: `admin-${index}` } })),
    );
    expect(started.flatMap((result) => (result.status === "rejected" ? [String(result.reason)] : []))).toEqual([]);
    const instances = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));

    const check = await openDatabase({ databaseUrl: scratch.url, poolSize: 1 });
    cleanups.push(() => check.close());
    const journal = JSON.parse(readFileSync(new URL("./migrations/meta/_journal.json", import.meta.url), "utf8")) as {
      entries: unknown[];
    };
    const applied = await rowsOf<{ rows: number; hashes: number }>(
      check.db,
      sql`select count(*)::int as rows, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations`,
    );
    expect(applied[0]).toEqual({ rows: journal.entries.length, hashes: journal.entries.length });

    const admins = await check.db.select({ username: users.username }).from(users).where(eq(users.kind, "admin"));
    expect(admins).toHaveLength(1);
    // The content folder seeded the site's content once (DESIGN §17): one version, no item twice.
    const seeded = await rowsOf<{ versions: number; items: number; distinct: number }>(
      check.db,
      sql`select (select count(*)::int from site_versions) as versions, count(*)::int as items,
                 count(distinct (collection, id))::int as distinct from site_items`,
    );
    expect(seeded[0]?.versions).toBe(1);
    expect(seeded[0]?.items).toBe(seeded[0]?.distinct);
    expect(seeded[0]?.items).toBeGreaterThan(20);
    const passwords = printed.mock.calls.map((call) => String(call[0])).filter((line) => /password:/.test(line));
    expect(passwords).toHaveLength(1);
    const [, username, password] = /username: (\S+)\n\s+password: (\S+)/.exec(passwords[0] ?? "") ?? [];
    expect(username).toBe(admins[0]?.username);

    // A token one instance issued is accepted by every other, either way round.
    const [first, , last] = instances as [Instance, Instance, Instance];
    const token = await login(first, username ?? "", password ?? "");
    for (const instance of instances) expect((await me(instance, token)).statusCode).toBe(200);
    expect((await me(first, await login(last, username ?? "", password ?? ""))).statusCode).toBe(200);
    const keys = await Promise.all(instances.map((instance) => vapidPublicKey(instance, token)));
    expect(new Set(keys).size).toBe(1);

    expect(await secretNames(check.db)).toEqual(["altchaHmacKey", "jwtSecret", "sitePreviewSecret", "vapid"]);
    for (const instance of instances)
      expect(existsSync(path.join(instance.config.dataDir, "secrets.json"))).toBe(false);
  }, 90_000);

  it("withAdvisoryLock lets one caller in at a time; the others wait on PostgreSQL", async () => {
    const scratch = await createTemporaryDatabase(serverUrl, "lock");
    cleanups.push(() => scratch.drop());
    const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 5 });
    cleanups.push(() => database.close());
    // pg_locks shows the whole server: only this database's advisory locks count.
    const thisDatabase = sql`locktype = 'advisory' and database = (select oid from pg_database where datname = current_database())`;
    const waiting = async (db: Db) => {
      const [row] = await rowsOf<{ n: number }>(
        db,
        sql`select count(*)::int as n from pg_locks where ${thisDatabase} and not granted`,
      );
      return row?.n ?? 0;
    };

    let entered = 0;
    let inside = 0;
    let most = 0;
    await Promise.all(
      [0, 1, 2].map(() =>
        withAdvisoryLock(database, 42n, async (db) => {
          inside += 1;
          most = Math.max(most, inside);
          // The first one in holds the lock until both others are seen queued behind it.
          if (entered++ === 0) await waitForAsync(async () => (await waiting(db)) === 2, 10_000, "two waiters");
          inside -= 1;
        }),
      ),
    );
    expect(most).toBe(1);
    expect(entered).toBe(3);
    // Released: nothing is held or waited for any more.
    const held = await rowsOf<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from pg_locks where ${thisDatabase}`,
    );
    expect(held[0]?.n).toBe(0);
  }, 30_000);
});

describe("shared secrets", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });
  // Each test starts as a fresh install would: no secret kept yet.
  beforeEach(async () => {
    await database.db.delete(instanceSecrets);
  });

  it("ten callers racing for a new secret all get the one value the database kept", async () => {
    const dataDir = temporaryDir();
    let made = 0;
    const values = await Promise.all(
      Array.from({ length: 10 }, () => sharedSecret(database.db, "race", { dataDir, create: () => `value-${made++}` })),
    );
    expect(new Set(values).size).toBe(1);
    const rows = await database.db.select().from(instanceSecrets).where(eq(instanceSecrets.name, "race"));
    expect(rows.map((row) => row.value)).toEqual([values[0]]);
    // Once kept, the database's value wins over a secrets.json and nothing new is created.
    writeFileSync(path.join(dataDir, "secrets.json"), JSON.stringify({ race: "from-the-file" }));
    const before = made;
    expect(await sharedSecret(database.db, "race", { dataDir, create: () => "new" })).toBe(values[0]);
    expect(made).toBe(before);
  });

  it("a fresh start writes no secrets.json; a second instance on the database shares the secrets", async () => {
    const env = { ADMIN_USERNAME: "admin", ADMIN_PASSWORD: "admin-password-1" };
    const first = await startInstance({ database, env });
    expect(existsSync(path.join(first.config.dataDir, "secrets.json"))).toBe(false);
    expect(first.config.jwtSecret).toBeUndefined();
    expect(await secretNames(database.db)).toEqual(["altchaHmacKey", "jwtSecret", "sitePreviewSecret", "vapid"]);

    const second = await startInstance({ database, env });
    const token = await login(first, "admin", "admin-password-1");
    expect((await me(second, token)).statusCode).toBe(200);
    expect(await vapidPublicKey(second, token)).toBe(await vapidPublicKey(first, token));
    expect(existsSync(path.join(second.config.dataDir, "secrets.json"))).toBe(false);
  });

  it("an install upgraded from DATA_DIR/secrets.json keeps its secrets: old sessions, captcha key and VAPID keys", async () => {
    const dataDir = temporaryDir();
    const legacy = {
      jwtSecret: "the-old-jwt-secret-the-old-jwt-secret-0123456789",
      altchaHmacKey: "the-old-captcha-key",
      vapid: JSON.stringify(webpush.generateVAPIDKeys()),
    };
    const file = path.join(dataDir, "secrets.json");
    const written = `${JSON.stringify(legacy, null, 2)}\n`;
    writeFileSync(file, written, { mode: 0o600 });

    const instance = await startInstance({
      dataDir,
      database,
      env: { ADMIN_USERNAME: "admin", ADMIN_PASSWORD: "admin-password-1" },
    });
    const [admin] = await database.db.select().from(users).where(eq(users.username, "admin"));
    // A session signed before the upgrade, with the old secret.
    const oldToken = await new SignJWT({ username: "admin", role: "admin", ver: admin?.tokenVersion ?? 0 })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject(String(admin?.id))
      .setJti(randomUUID())
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode(legacy.jwtSecret));
    expect((await me(instance, oldToken)).statusCode).toBe(200);
    expect(await vapidPublicKey(instance, oldToken)).toBe(JSON.parse(legacy.vapid).publicKey);
    expect((await captchaKeys(database.db, instance.config)).hmacSignatureSecret).toBe(legacy.altchaHmacKey);

    const kept = await database.db.select().from(instanceSecrets);
    // The old secrets as they were; the site preview's (younger than secrets.json) made anew.
    expect(Object.fromEntries(kept.map((row) => [row.name, row.value]))).toEqual({
      ...legacy,
      sitePreviewSecret: expect.any(String),
    });
    expect(readFileSync(file, "utf8")).toBe(written);
  });
});
