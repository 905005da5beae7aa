import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BuildAppOptions, buildApp } from "../../server/app.ts";
import { loadConfig } from "../../server/config.ts";
import type { Database } from "../../server/db/client.ts";
import { createTestDatabase } from "./database.ts";
import { testStorageEnv } from "./storage.ts";

export interface TestAppOptions {
  env?: Record<string, string>;
  /** Serve the built client too (site tests); needs `npm run build` first. */
  serveClient?: boolean;
  database?: Database;
  /** A client build directory other than build/client (site tests use a miniature one). */
  clientDir?: string;
  /** Logger options (default: none). */
  logger?: BuildAppOptions["logger"];
  /** Runs after buildApp, before ready: e.g. to add a route a test needs. */
  beforeReady?: (app: Awaited<ReturnType<typeof buildApp>>) => void | Promise<void>;
  /** Realtime tuning (Redis key prefix, short heart-beats and presence intervals). */
  realtime?: BuildAppOptions["realtime"];
  /** Chat tuning (the web push agent and a local push endpoint). */
  chat?: BuildAppOptions["chat"];
  /** Shorter waits for stalled clients (the slow-request tests). */
  timeouts?: BuildAppOptions["timeouts"];
  /** The clocks of quote requests and applications, and the retention sweep's interval. */
  quoteRequests?: BuildAppOptions["quoteRequests"];
  applications?: BuildAppOptions["applications"];
  /** The audit retention sweep's clock and interval. */
  audit?: BuildAppOptions["audit"];
  /** Projects' clock and transmittal reminder sweep interval. */
  projects?: BuildAppOptions["projects"];
  /** The grace period of unclaimed objects in a shared store. */
  storage?: BuildAppOptions["storage"];
  /** The site content's clock and scheduled-publishing sweep interval. */
  site?: BuildAppOptions["site"];
  /** How published pages are rendered (a renderer of the test's own, without a client build). */
  livePages?: BuildAppOptions["livePages"];
  /** How the public pages swapped in are compressed at their best (a test holds it). */
  publicPages?: BuildAppOptions["publicPages"];
}

/** The real app on a fresh database and a temporary DATA_DIR; `close()` removes both. */
export async function createTestApp(options: TestAppOptions = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "nb-test-"));
  const ownsDatabase = !options.database;
  const database = options.database ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: "silent",
    ADMIN_USERNAME: "admin",
    ADMIN_PASSWORD: "admin-password-1",
    JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...testStorageEnv(),
    ...options.env,
  });
  if (options.clientDir) config.clientDir = options.clientDir;
  const app = await buildApp({
    config,
    database,
    serveClient: options.serveClient ?? false,
    logger: options.logger ?? false,
    realtime: options.realtime,
    chat: options.chat,
    timeouts: options.timeouts,
    quoteRequests: options.quoteRequests,
    applications: options.applications,
    audit: options.audit,
    projects: options.projects,
    storage: options.storage,
    site: options.site,
    livePages: options.livePages,
    publicPages: options.publicPages,
  });
  await options.beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    database,
    dataDir,
    async close() {
      await app.close();
      if (ownsDatabase) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
