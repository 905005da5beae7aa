// Where the tests' stored files go. Unset, each test app keeps them under its temporary DATA_DIR;
// with STORAGE_URL in the environment (`.ci/run` starts s3rver for the PostgreSQL + Redis + S3 pass),
// each test app gets a prefix of its own in that bucket, so that every test which stores a file
// runs against disk and against S3.
import { randomBytes } from "node:crypto";
import type { Config } from "../../server/config.ts";
import { openObjectStore } from "../../server/storage/open-object-store.ts";

const passed = ["STORAGE_URL", "S3_ENDPOINT", "S3_REGION", "S3_FORCE_PATH_STYLE"] as const;

/** The storage variables a test app is started with: none, or the run's bucket under a fresh prefix. */
export function testStorageEnv(): Record<string, string> {
  const base = process.env.STORAGE_URL;
  if (!base) return {};
  const env: Record<string, string> = {};
  for (const name of passed) {
    const value = process.env[name];
    if (value) env[name] = value;
  }
  env.STORAGE_URL = `${base.replace(/\/+$/, "")}/${randomBytes(6).toString("hex")}`;
  return env;
}

/** Whether this run keeps files in S3 (for the few assertions that differ, such as the orphan grace period). */
export const storesInS3 = () => Boolean(process.env.STORAGE_URL);

/** The object store a test app with `config` uses, to look at (or plant) what it stored. */
export const objectStoreOf = (config: Pick<Config, "storageUrl" | "dataDir" | "s3">) =>
  openObjectStore({ storageUrl: config.storageUrl, dataDir: config.dataDir, s3: config.s3 });
