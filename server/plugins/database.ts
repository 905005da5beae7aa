import path from "node:path";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type Database, type Db, openDatabase } from "../db/client.ts";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

export interface DatabasePluginOptions {
  /** An already opened database (tests share one per file); otherwise opened from config. */
  database?: Database;
  databaseUrl?: string;
  dataDir: string;
}

/** Opens PGlite under DATA_DIR (or PostgreSQL at DATABASE_URL), migrates, and closes it with the app. */
export const databasePlugin = fp<DatabasePluginOptions>(
  async (app: FastifyInstance, options) => {
    const owned = !options.database;
    const database =
      options.database ??
      (await openDatabase({ databaseUrl: options.databaseUrl, pgliteDir: path.join(options.dataDir, "pglite") }));
    app.decorate("database", database);
    app.decorate("db", database.db);
    app.log.info({ driver: database.driver }, "database ready");
    if (owned) app.addHook("onClose", async () => database.close());
  },
  { name: "database" },
);
