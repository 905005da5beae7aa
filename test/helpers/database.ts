import { readFileSync } from "node:fs";
import { type Database, openDatabase } from "../../server/db/client.ts";
import { createTemporaryDatabase } from "../../server/db/temporary-database.ts";

/** A migrated database to copy (test/global-setup.ts): a PGlite tarball, a PostgreSQL template's name. */
export interface DatabaseTemplate {
  pgliteFile: string;
  postgresName?: string;
}

let template: DatabaseTemplate | undefined;
let pgliteTemplate: Blob | undefined;

/** Under Vitest, test/setup.ts hands over the run's template; elsewhere (benchmarks) each database migrates. */
export function setDatabaseTemplate(value: DatabaseTemplate | undefined) {
  template = value;
  pgliteTemplate = undefined;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or, when
 * DATABASE_URL is set (CI), a new database on that PostgreSQL server, dropped afterwards.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    if (template) pgliteTemplate ??= new Blob([readFileSync(template.pgliteFile)]);
    return openDatabase({ pgliteDir: "memory://", pgliteDataDir: pgliteTemplate });
  }

  const scratch = await createTemporaryDatabase(serverUrl, "test", { template: template?.postgresName });
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
