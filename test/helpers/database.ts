import { type Database, openDatabase } from "../../server/db/client.ts";
import { createTemporaryDatabase } from "../../server/db/temporary-database.ts";

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or, when
 * DATABASE_URL is set (CI), a new database on that PostgreSQL server, dropped afterwards.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openDatabase({ pgliteDir: "memory://" });

  const scratch = await createTemporaryDatabase(serverUrl, "test");
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 5 });
  return {
    ...database,
    url: scratch.url,
    async close() {
      await database.close();
      await scratch.drop();
    },
  };
}
