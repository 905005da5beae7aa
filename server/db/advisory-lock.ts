import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import type pg from "pg";
import type { Database, Db } from "./client.ts";
import * as schema from "./schema.ts";

/**
 * The PostgreSQL advisory locks instances take while starting (DESIGN §13): fixed bigints, one per
 * job. Advisory locks belong to one database, so other databases on the same server never collide.
 */
export const advisoryLocks = {
  migrations: 7_361_024_518_000_001n,
  firstAdmin: 7_361_024_518_000_002n,
} as const;

/**
 * Runs `fn` while this instance holds the advisory lock `key`, so instances starting at the same
 * moment take turns. `fn` gets the database on the very connection holding the lock (the admin
 * CLI's pool has only that one). PGlite is one connection in one process: `fn` just runs.
 */
export async function withAdvisoryLock<T>(database: Database, key: bigint, fn: (db: Db) => Promise<T>): Promise<T> {
  if (database.driver === "pglite") return fn(database.db);
  const pool = (database.db as unknown as { $client: pg.Pool }).$client;
  return withPoolLock(pool, key, (client) => fn(drizzleNodePg(client, { schema }) as unknown as Db));
}

/** The node-postgres side of withAdvisoryLock: a session lock on one dedicated client of `pool`. */
export async function withPoolLock<T>(
  pool: pg.Pool,
  key: bigint,
  fn: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  const id = key.toString();
  let unusable: Error | undefined;
  try {
    await client.query("select pg_advisory_lock($1)", [id]);
    try {
      return await fn(client);
    } finally {
      // Should the unlock fail, the connection is closed below rather than pooled: that ends the lock too.
      await client.query("select pg_advisory_unlock($1)", [id]).catch((error: Error) => {
        unusable = error;
      });
    }
  } catch (error) {
    unusable = error as Error;
    throw error;
  } finally {
    client.release(unusable);
  }
}
