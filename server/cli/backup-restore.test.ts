/**
 * DESIGN §19, "A backup restores": a backup restored into a fresh instance gives the same rows and
 * the same file bytes, and today's server serves them. Each CI pass runs the procedure of the
 * engines it runs on (decision 064):
 *
 * - embedded (no DATABASE_URL): `npm run backup` with the server stopped, `npm run restore` into a
 *   new DATA_DIR; the copy is then served by the app in this process (backup.test.ts starts the
 *   server process on restored folders already);
 * - PostgreSQL (DATABASE_URL) with its files in S3: docs/operations.md's procedure, step by step:
 *   `pg_dump --format=custom`, the bucket copied object by object (what `aws s3 sync` does, with
 *   the SDK the server uses) to a backup bucket and from there to a new one, `createdb`,
 *   `pg_restore --no-owner`; then the server process starts on the copy. The store is a local
 *   S3-compatible server of this file's own.
 *
 * The source is filled through the API (test/helpers/filled-instance.ts): rows in every table, files
 * in every namespace of the store. Its rows and objects are read once it is closed, the restored
 * ones before a server starts on them (a server may write as it starts).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CopyObjectCommand, CreateBucketCommand, paginateListObjectsV2, type S3Client } from "@aws-sdk/client-s3";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, describe, expect, inject, it } from "vitest";
import { createTestApp } from "../../test/helpers/app.ts";
import { callServer, freePort, loginOn, startChildServer } from "../../test/helpers/child-server.ts";
import { fillInstance, fillOptions, startListening } from "../../test/helpers/filled-instance.ts";
import {
  type DatabaseContents,
  databaseContents,
  emptyTables,
  type RowQuery,
  storeContents,
} from "../../test/helpers/instance-contents.ts";
import { type S3Server, startS3Server } from "../../test/helpers/s3-server.ts";
import { type Database, openDatabase } from "../db/client.ts";
import { createTemporaryDatabase } from "../db/temporary-database.ts";
import { openObjectStore } from "../storage/open-object-store.ts";
import { s3Store } from "../storage/s3-store.ts";

/** The machine's PostgreSQL in CI's servers' pass; unset, the embedded database. */
const postgresUrl = process.env.DATABASE_URL;
const root = mkdtempSync(path.join(tmpdir(), "nb-restore-"));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  rmSync(root, { recursive: true, force: true });
});

const admin = { ADMIN_USERNAME: "admin", ADMIN_PASSWORD: "admin-password-1" };
/** What a server process here runs with: nothing of the pass's own engines but what is named. */
const serverEnv = (dataDir: string, engines: Record<string, string>): Record<string, string> => ({
  NODE_ENV: "test",
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  REDIS_URL: "",
  STORAGE_URL: "",
  ...admin,
  ...engines,
});

/** Runs a command to its end; its exit code and what it wrote. */
function run(command: string, args: string[], env: Record<string, string> = {}) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on("close", (code) => resolve({ code, output })),
  );
}

/** One engine's way through: the source's database and store, the backup and the restore. */
interface Procedure {
  /** The source instance's database and environment (its store). */
  source(): Promise<{ database: Database; env: Record<string, string> }>;
  /** Backs up the closed source and restores it. */
  backUpAndRestore(): Promise<void>;
  contents(which: "source" | "restored"): Promise<{ rows: DatabaseContents; files: Record<string, string> }>;
  /** Today's server on the copy, listening at `base`. */
  serve(): Promise<{ base: string }>;
}

/** The embedded database and files on disk: npm run backup, npm run restore. */
function embedded(): Procedure {
  const source = path.join(root, "source");
  const restored = path.join(root, "restored");
  const rowsOf = async (dataDir: string) => {
    const db = await PGlite.create(path.join(dataDir, "pglite"));
    try {
      return await databaseContents(async (sql) => (await db.query<Record<string, unknown>>(sql)).rows);
    } finally {
      await db.close();
    }
  };
  return {
    async source() {
      const template = new Blob([readFileSync(inject("databaseTemplate").pgliteFile)]);
      const database = await openDatabase({ pgliteDir: path.join(source, "pglite"), pgliteDataDir: template });
      return { database, env: { DATA_DIR: source, STORAGE_URL: "" } };
    },
    async backUpAndRestore() {
      const file = path.join(root, "backup.tar.gz");
      // Nothing listens on PORT: the CLI reads DATA_DIR itself.
      const cli = (script: string, env: Record<string, string>) =>
        run(process.execPath, ["--import", "tsx", `server/cli/${script}.ts`, file], env);
      const backup = await cli("backup", { ...serverEnv(source, {}), PORT: String(await freePort()) });
      expect(backup, backup.output).toMatchObject({ code: 0 });
      expect(backup.output).toContain("read from DATA_DIR");
      const restore = await cli("restore", serverEnv(restored, {}));
      expect(restore, restore.output).toMatchObject({ code: 0 });
    },
    async contents(which) {
      const dataDir = which === "source" ? source : restored;
      const store = openObjectStore({ dataDir });
      try {
        return { rows: await rowsOf(dataDir), files: await storeContents(store) };
      } finally {
        await store.close();
      }
    },
    async serve() {
      // In this process: backup.test.ts already starts the server process on restored folders.
      const database = await openDatabase({ pgliteDir: path.join(restored, "pglite") });
      const t = await createTestApp({
        database,
        env: { DATA_DIR: restored, STORAGE_URL: "", REDIS_URL: "", JWT_SECRET: "" },
      });
      cleanups.push(async () => {
        await t.close();
        await database.close();
      });
      return startListening(t);
    },
  };
}

/**
 * What `aws s3 sync s3://FROM s3://TO` does to an empty TO: every object under the prefix, listed
 * page by page, copied server-side (CopyObject keeps its content type). How many.
 */
async function syncBucket(
  client: S3Client,
  from: { bucket: string; prefix: string },
  to: { bucket: string; prefix: string },
) {
  let copied = 0;
  for await (const page of paginateListObjectsV2({ client }, { Bucket: from.bucket, Prefix: from.prefix })) {
    for (const { Key } of page.Contents ?? []) {
      if (!Key) continue;
      await client.send(
        new CopyObjectCommand({
          Bucket: to.bucket,
          Key: `${to.prefix}${Key.slice(from.prefix.length)}`,
          CopySource: encodeURI(`${from.bucket}/${Key}`),
        }),
      );
      copied += 1;
    }
  }
  return copied;
}

const s3Options = ({ endpoint, region, credentials }: S3Server) => ({
  endpoint,
  region,
  credentials,
  forcePathStyle: true,
});

/** PostgreSQL and S3: pg_dump, the bucket copied to a backup bucket and back to a new one, pg_restore. */
function postgresAndS3(serverUrl: string): Procedure {
  let s3: S3Server;
  let sourceUrl: string;
  let restoredUrl: string;
  const dump = path.join(root, "steelcraft.dump");
  const storage = (bucket: string) => `s3://${bucket}/files`;
  const rowsOf = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const query: RowQuery = async (sql) => (await client.query(sql)).rows;
      return await databaseContents(query);
    } finally {
      await client.end();
    }
  };
  return {
    async source() {
      const [store, scratch] = await Promise.all([
        startS3Server({ bucket: "steelcraft", prefix: "files" }),
        createTemporaryDatabase(serverUrl, "backup_source", { template: inject("databaseTemplate").postgresName }),
      ]);
      s3 = store;
      cleanups.push(() => s3.close(), scratch.drop);
      sourceUrl = scratch.url;
      const database = await openDatabase({ databaseUrl: sourceUrl, poolSize: 5 });
      return { database, env: { ...s3.env, STORAGE_URL: storage("steelcraft") } };
    },
    async backUpAndRestore() {
      // The night's backup: the dump, then the bucket right after it.
      const dumped = await run("pg_dump", ["--format=custom", `--file=${dump}`, sourceUrl]);
      expect(dumped, dumped.output).toEqual({ code: 0, output: "" });
      const store = s3Store(storage("steelcraft"), s3Options(s3));
      cleanups.push(() => store.close());
      const { client } = store;
      const day = new Date().toISOString().slice(0, 10);
      for (const Bucket of ["backups", "restored"]) await client.send(new CreateBucketCommand({ Bucket }));
      const kept = await syncBucket(
        client,
        { bucket: "steelcraft", prefix: "" },
        { bucket: "backups", prefix: `${day}/` },
      );
      // The restore: the copy into a new bucket, and at the same time the dump into a new database.
      const name = `backup_restored_${randomBytes(6).toString("hex")}`;
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      restoredUrl = url.toString();
      cleanups.push(async () => {
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`).finally(() => client.end());
      });
      const database = async () => {
        const created = await run("createdb", [`--maintenance-db=${serverUrl}`, name]);
        return created.code === 0 ? run("pg_restore", ["--no-owner", `--dbname=${restoredUrl}`, dump]) : created;
      };
      const [restored, copied] = await Promise.all([
        database(),
        syncBucket(client, { bucket: "backups", prefix: `${day}/` }, { bucket: "restored", prefix: "" }),
      ]);
      expect(restored, restored.output).toEqual({ code: 0, output: "" });
      expect(copied).toBe(kept);
    },
    async contents(which) {
      const store = s3Store(storage(which === "source" ? "steelcraft" : "restored"), s3Options(s3));
      try {
        return {
          rows: await rowsOf(which === "source" ? sourceUrl : restoredUrl),
          files: await storeContents(store),
        };
      } finally {
        await store.close();
      }
    },
    async serve() {
      const env = { ...s3.env, DATABASE_URL: restoredUrl, STORAGE_URL: storage("restored") };
      const server = await startChildServer(serverEnv(path.join(root, "restored"), env));
      cleanups.push(async () => void (await server.stop()));
      return server;
    },
  };
}

/** The store's namespaces the source has files in. */
const namespaces = [
  ...["chat", "drawings", "markups", "project-files", "quotes", "requests", "resumes", "rfis", "shares"],
  ...["site-images", "site-media", "transmittals"],
];

const procedureName = postgresUrl
  ? "PostgreSQL and S3 (pg_dump, a bucket copy, pg_restore)"
  : "the embedded database and files (npm run backup, npm run restore)";

describe(`a backup restores: ${procedureName}`, { timeout: 120_000 }, () => {
  it("gives a fresh instance the same rows and the same file bytes, and it serves them", async () => {
    const procedure = postgresUrl ? postgresAndS3(postgresUrl) : embedded();
    const { database, env } = await procedure.source();
    const t = await createTestApp({
      ...fillOptions,
      database,
      // A secret kept in the database, as an instance without JWT_SECRET does: a copy honours its sessions.
      env: { ...env, REDIS_URL: "", JWT_SECRET: "" },
    });
    let filled: Awaited<ReturnType<typeof fillInstance>>;
    try {
      filled = await fillInstance(await startListening(t));
    } finally {
      await t.close();
      await database.close();
    }
    const source = await procedure.contents("source");
    // A table with no row proves nothing: test/helpers/filled-instance.ts writes one to each.
    expect(emptyTables(source.rows), "tables the fill leaves empty (add them to filled-instance.ts)").toEqual([]);
    // Every namespace of the store but `uploads`, where a tus upload is until it completes.
    expect(new Set(Object.keys(source.files).map((key) => key.split("/")[0]))).toEqual(new Set(namespaces));

    await procedure.backUpAndRestore();
    const copy = await procedure.contents("restored");
    expect(copy.rows.tables).toEqual(source.rows.tables);
    expect(copy.rows.sequences).toEqual(source.rows.sequences);
    expect(copy.files).toEqual(source.files);

    const server = await procedure.serve();
    expect((await fetch(`${server.base}/api/health/ready`)).status).toBe(200);
    for (const account of filled.accounts) {
      expect(
        await loginOn(server.base, account.username, account.password, account.role),
        account.username,
      ).toBeTruthy();
    }
    expect(await callServer(server.base, "GET", "/api/auth/me", { token: filled.session.token })).toMatchObject({
      username: filled.session.username,
    });
    const shared = await fetch(`${server.base}/share/${filled.share.token}`);
    expect(shared.status).toBe(200);
    expect(Buffer.from(await shared.arrayBuffer()).equals(filled.share.bytes)).toBe(true);
  });
});
