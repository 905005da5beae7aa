/**
 * A database at an earlier migration, for testing what a later one does to existing rows: the
 * committed migrations copied with the journal cut at `upTo`, applied to a fresh database (PGlite
 * in memory, or a temporary database on DATABASE_URL's server when set); then `migrateToLatest`
 * applies the rest, as a deployment would.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { createTemporaryDatabase } from "../../server/db/temporary-database.ts";

const migrations = fileURLToPath(new URL("../../server/db/migrations", import.meta.url));

export interface MigrationHarness {
  query(text: string): Promise<Record<string, unknown>[]>;
  migrateToLatest(): Promise<void>;
  close(): Promise<void>;
}

/** Opens a database migrated up to and including the migration tagged `upTo` (e.g. "0009"). */
export async function databaseAtMigration(upTo: string): Promise<MigrationHarness> {
  const scratch = mkdtempSync(path.join(tmpdir(), "nb-migrations-"));
  const cut = path.join(scratch, "migrations");
  cpSync(migrations, cut, { recursive: true });
  const journalFile = path.join(cut, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((entry) => entry.tag.slice(0, upTo.length) <= upTo);
  writeFileSync(journalFile, JSON.stringify(journal));

  let query: MigrationHarness["query"];
  let migrateTo: (folder: string) => Promise<void>;
  let closeDatabase: () => Promise<void>;
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const database = await createTemporaryDatabase(serverUrl, "migration");
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    // pool.end() resolves before its clients' sockets close, and the drop below ends what is still
    // open (FATAL 57P01): an error on a client being closed, said to the pool, must not be thrown
    // in a worker that goes on with other files (decision 060), as server/db/client.ts does too.
    pool.on("error", () => {});
    const db = drizzleNodePg(pool);
    query = async (text) => (await pool.query(text)).rows;
    migrateTo = async (folder) => migrateNodePg(db, { migrationsFolder: folder });
    closeDatabase = async () => {
      await pool.end();
      await database.drop();
    };
  } else {
    const client = await PGlite.create("memory://");
    const db = drizzlePglite(client);
    query = async (text) => (await db.execute(sql.raw(text))).rows as Record<string, unknown>[];
    migrateTo = async (folder) => migratePglite(db, { migrationsFolder: folder });
    closeDatabase = () => client.close();
  }
  await migrateTo(cut);
  return {
    query,
    migrateToLatest: () => migrateTo(migrations),
    close: async () => {
      await closeDatabase();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
