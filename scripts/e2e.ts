/**
 * Runs the browser tests: builds the product, starts it on a private port with a fresh database,
 * and runs Playwright against Debian's Chromium. Without a Chromium it says so in one line and
 * skips, except under CI=true where a missing browser fails the run.
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Redis } from "ioredis";
import pg from "pg";

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

const dataDir = mkdtempSync(path.join(tmpdir(), "nb-e2e-"));
let databaseUrl: string | undefined;
let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const name = `e2e_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}

// With Redis, the run's keys (rate-limit counters, presence) live under a prefix of their own.
const redisKeyPrefix = `e2e-${randomBytes(6).toString("hex")}:`;
const forgetRedisKeys = async () => {
  if (!process.env.REDIS_URL) return;
  const redis = new Redis(process.env.REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${redisKeyPrefix}*`, "COUNT", 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== "0");
  } finally {
    await redis.quit();
  }
};

const code = await run("npx", ["playwright", "test", ...process.argv.slice(2)], {
  ...process.env,
  CHROMIUM_PATH: chromium,
  E2E_DATA_DIR: dataDir,
  E2E_REDIS_KEY_PREFIX: redisKeyPrefix,
  ...(databaseUrl ? { E2E_DATABASE_URL: databaseUrl } : {}),
});
await dropDatabase();
await forgetRedisKeys();
rmSync(dataDir, { recursive: true, force: true });
process.exit(code);
