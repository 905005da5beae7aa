import type pg from "pg";

/*
 * A leaf: it knows node-postgres and nothing of the server. client.ts builds on it (the migrations'
 * lock, and withAdvisoryLock over either driver).
 */

/**
 * The PostgreSQL advisory locks instances take while starting (DESIGN §13): fixed bigints, one per
 * job. Advisory locks belong to one database, so other databases on the same server never collide.
 */
export const advisoryLocks = {
  migrations: 7_361_024_518_000_001n,
  firstAdmin: 7_361_024_518_000_002n,
  /** Held for a transaction by whatever changes what the site publishes: seed, publish, restore (DESIGN §17). */
  sitePublish: 7_361_024_518_000_017n,
} as const;

/** A session lock on one dedicated client of `pool` (withAdvisoryLock in client.ts is the Db side). */
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
