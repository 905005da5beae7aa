/**
 * The real app in this process for an API benchmark: a fresh database (PGlite, or DATABASE_URL's
 * server), a temporary DATA_DIR, production settings and a first admin with a random password.
 * `close()` stops it and removes what it made.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import { createTestDatabase } from "../../test/helpers/database.ts";

export async function benchApp(name: string, env: Record<string, string> = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `nb-bench-${name}-`));
  const database = await createTestDatabase();
  const adminPassword = randomBytes(12).toString("base64url");
  const config = loadConfig({
    NODE_ENV: "production",
    PUBLIC_ORIGIN: "http://127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    ADMIN_USERNAME: "admin",
    ADMIN_PASSWORD: adminPassword,
    ...env,
  });
  const app = await buildApp({ config, database, serveClient: false, logger: false });
  return {
    app,
    database,
    adminPassword,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
