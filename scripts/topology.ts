/**
 * Runs the topology tests (test/topology/, DESIGN §13): two instances behind Debian's nginx on the
 * machine's PostgreSQL and Redis, and the image's runtime stage assembled from deploy/Dockerfile
 * (DESIGN §19). `npm test` runs them after the browser tests, which built the client they serve. Without nginx it says so in one line and skips, except under CI=true where a
 * missing nginx fails the run (.ci/run installs it).
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { nginxBinary } from "../test/helpers/topology.ts";

if (process.env.TEST_SCOPE === "engines") {
  // They always use the machine's PostgreSQL and Redis: a second run could not fail differently.
  console.log("topology: run once, in the unscoped npm test (TEST_SCOPE=engines)");
  process.exit(0);
}
if (!existsSync(nginxBinary)) {
  if (process.env.CI === "true") {
    console.error(
      `topology: no nginx at ${nginxBinary} (apt-get install nginx, or set NGINX_PATH): failing because CI=true`,
    );
    process.exit(1);
  }
  console.log(`topology: skipped, no nginx at ${nginxBinary} (apt-get install nginx, or set NGINX_PATH)`);
  process.exit(0);
}
if (!existsSync("build/client/index.html")) {
  console.error("topology: no build at build/client (run npm run build first; npm test builds it in the e2e step)");
  process.exit(1);
}
const child = spawn("npx", ["vitest", "run", "--config", "vitest.topology.config.ts", ...process.argv.slice(2)], {
  stdio: "inherit",
  // Its own timings file beside the Vitest run's (test/reporters/timings.ts).
  env: { ...process.env, TEST_REPORT_LABEL: `${process.env.TEST_REPORT_LABEL ?? "run"}-topology` },
});
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
