/**
 * Runs a command with a local S3-compatible store: starts s3rver (the test helper's) on a free
 * port over a temporary directory, runs the command with STORAGE_URL, S3_ENDPOINT and the rest in
 * its environment, then stops the store and deletes what it kept. `.ci/run` runs the PostgreSQL +
 * Redis pass of `npm test` under it; by hand: `node --import tsx scripts/with-s3.ts npx vitest run x`.
 */
import { spawn } from "node:child_process";
import { startS3Server } from "../test/helpers/s3-server.ts";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: node --import tsx scripts/with-s3.ts <command> [args…]");
  process.exit(2);
}
const s3 = await startS3Server({ bucket: "ci-files", prefix: "run" });
console.log(`with-s3: ${s3.url} at ${s3.endpoint}`);
const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, ...s3.env } });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
const code = await new Promise<number>((resolve) => {
  child.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
});
await s3.close();
process.exit(code);
