import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { advisoryLocks, withPoolLock } from "./advisory-lock.ts";
import { acquireDatabaseLock } from "./pglite-lock.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** The one database type the rest of the server sees, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  driver: "pglite" | "postgres";
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * PGlite only: its data directory as a gzipped tarball (what `PGlite.create({ loadDataDir })`
   * takes back), taken while no transaction is open, so it holds exactly the committed ones.
   */
  snapshot?(): Promise<Blob>;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export interface OpenDatabaseOptions {
  /** postgres://… selects a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  pgliteDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** PGlite: start from this data directory (a `dumpDataDir` tarball, e.g. a migrated template). */
  pgliteDataDir?: Blob;
}

/**
 * Runs `fn` while this instance holds the advisory lock `key` (advisory-lock.ts), so instances
 * starting at the same moment take turns. `fn` gets the database on the very connection holding
 * the lock (the admin CLI's pool has only that one). PGlite is one connection in one process: `fn`
 * just runs.
 */
export async function withAdvisoryLock<T>(database: Database, key: bigint, fn: (db: Db) => Promise<T>): Promise<T> {
  if (database.driver === "pglite") return fn(database.db);
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  return withPoolLock(pool, key, (client) => fn(drizzleNodePg(client, { schema }) as unknown as Db));
}

/** The lock file of an embedded database (pglite-lock.ts): beside its directory, DATA_DIR/pglite.lock. */
export const pgliteLockFile = (pgliteDir: string) => `${pgliteDir}.lock`;

/**
 * Opens the database and applies the committed migrations: on PostgreSQL under an advisory lock,
 * so that instances starting together migrate once; PGlite is one process and needs none.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client losing its connection must not crash the process.
    pool.on("error", () => {});
    const db = drizzleNodePg(pool, { schema });
    // Instances starting at the same moment on an empty database would each create drizzle's
    // migrations table and apply every migration: one at a time, the later ones find nothing to do.
    try {
      await withPoolLock(pool, advisoryLocks.migrations, (client) =>
        migrateNodePg(drizzleNodePg(client), { migrationsFolder }),
      );
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db: db as unknown as Db,
      driver: "postgres",
      ping: async () => {
        await pool.query("select 1");
      },
      close: () => pool.end(),
    };
  }

  const dir = options.pgliteDir ?? "memory://";
  let release = async () => {};
  if (!dir.startsWith("memory://")) {
    mkdirSync(path.dirname(dir), { recursive: true });
    release = await acquireDatabaseLock(pgliteLockFile(dir));
  }
  let client: PGlite | undefined;
  let db: ReturnType<typeof drizzlePglite<Schema>>;
  try {
    client = await PGlite.create(dir, options.pgliteDataDir ? { loadDataDir: options.pgliteDataDir } : {});
    db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client?.close().catch(() => {});
    await release();
    throw error;
  }
  const open = client;
  return {
    db: db as unknown as Db,
    driver: "pglite",
    ping: async () => {
      await open.query("select 1");
    },
    close: async () => {
      try {
        await open.close();
      } finally {
        await release();
      }
    },
    snapshot: () => snapshotPglite(open),
  };
}

/** See Database.snapshot. A checkpoint first, so the copy needs no WAL replay to be read back. */
export async function snapshotPglite(client: PGlite): Promise<Blob> {
  await client.query("CHECKPOINT");
  // Every query and transaction takes the transaction lock (a transaction for its whole length):
  // holding it, the dump sees no transaction half done.
  return client._runExclusiveTransaction(() => client.dumpDataDir("gzip"));
}
