/**
 * Runs the browser tests: builds the product, starts it on a private port with a fresh database,
 * and runs Playwright against Debian's Chromium. Without a Chromium it says so in one line and
 * skips, except under CI=true where a missing browser fails the run; without nginx, the same for the
 * journeys that start a topology of their own.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTemporaryDatabase } from "../server/db/temporary-database.ts";
import { deleteRedisKeys } from "../server/lib/redis-keys.ts";
import { nginxBinary } from "../test/helpers/topology.ts";

const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromium)) {
  if (process.env.CI === "true") {
    console.error(
      `e2e: no Chromium at ${chromium} (set CHROMIUM_PATH or apt-get install chromium): failing because CI=true`,
    );
    process.exit(1);
  }
  console.log(`e2e: skipped, no Chromium at ${chromium} (set CHROMIUM_PATH or apt-get install chromium)`);
  process.exit(0);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (process.env.E2E_SKIP_BUILD !== "1") {
  const built = await run("npm", ["run", "build", "--silent"]);
  if (built !== 0) process.exit(built);
}

// The site editor's whole journey starts two instances behind nginx of its own (@own-server):
// without nginx it is left out, in one line, except under CI=true where it runs and fails.
const noNginx = !existsSync(nginxBinary) && process.env.CI !== "true";
if (noNginx)
  console.log(`e2e: the site editor's whole journey left out, no nginx at ${nginxBinary} (apt-get install nginx)`);

const dataDir = mkdtempSync(path.join(tmpdir(), "nb-e2e-"));
// With all three distributed engines, the journeys run through two instances behind nginx (DESIGN §13).
const topology =
  Boolean(process.env.DATABASE_URL && process.env.REDIS_URL && process.env.STORAGE_URL) &&
  process.env.E2E_TOPOLOGY !== "0";
if (topology) console.log("e2e: through two instances behind nginx (E2E_TOPOLOGY=0 for one instance)");
// The topology (e2e/serve-topology.ts) makes its own database, Redis prefix and store prefix.
const scratch =
  process.env.DATABASE_URL && !topology ? await createTemporaryDatabase(process.env.DATABASE_URL, "e2e") : undefined;

// With Redis, the run's keys (rate-limit counters, presence) live under a prefix of their own.
const redisKeyPrefix = `e2e-${randomBytes(6).toString("hex")}:`;
// Against a database server the journeys run at one width (decision 015): what the phone and
// tablet projects add is layout, which does not depend on the database. E2E_ALL_WIDTHS=1 runs all.
const args = process.argv.slice(2);
const oneWidth = Boolean(process.env.DATABASE_URL) && process.env.E2E_ALL_WIDTHS !== "1" && args.length === 0;
if (oneWidth) {
  console.log(
    "e2e: against DATABASE_URL, at one width each: the desk's, and the phone's for @phone-only journeys (E2E_ALL_WIDTHS=1 for all widths)",
  );
}
// With an S3-compatible store (STORAGE_URL), the run's files go under a prefix of their own.
const storageUrl = process.env.STORAGE_URL
  ? `${process.env.STORAGE_URL.replace(/\/+$/, "")}/e2e-${randomBytes(6).toString("hex")}`
  : undefined;
const code = await run("npx", ["playwright", "test", ...(oneWidth ? ["--project=desktop", "--project=phone"] : args)], {
  ...(topology ? { E2E_TOPOLOGY: "1" } : {}),
  // The phone project then runs only what runs at no other width (playwright.config.ts).
  ...(oneWidth ? { E2E_ONE_WIDTH: "1" } : {}),
  ...(noNginx ? { E2E_NO_NGINX: "1" } : {}),
  ...process.env,
  ...(storageUrl ? { STORAGE_URL: storageUrl } : {}),
  CHROMIUM_PATH: chromium,
  E2E_DATA_DIR: dataDir,
  E2E_REDIS_KEY_PREFIX: redisKeyPrefix,
  ...(scratch ? { E2E_DATABASE_URL: scratch.url } : {}),
});
await scratch?.drop();
if (process.env.REDIS_URL) await deleteRedisKeys(process.env.REDIS_URL, redisKeyPrefix);
rmSync(dataDir, { recursive: true, force: true });
process.exit(code);
