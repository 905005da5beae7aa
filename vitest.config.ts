import path from "node:path";
import { defineConfig } from "vitest/config";
import { classifyTestFiles, findTestFiles, type TestFileFacts } from "./scripts/lib/test-selection.ts";

const folders = ["shared", "server", "client", "scripts", "tools", "test", "deploy", "bench"];
// Run by scripts/topology.ts (npm run test:topology) once the client is built.
const topology = /^test\/topology\//;
const facts = classifyTestFiles(
  process.cwd(),
  findTestFiles(process.cwd(), folders).filter((file) => !topology.test(file)),
);
// TEST_SCOPE (decision 032), unset: every file. `engines`: only the files whose code differs by
// driver, broker or store (CI's second pass, against PostgreSQL + Redis + S3). `quick`: the files
// that open no database and start no process (npm run test:quick).
const scopes = {
  all: () => true,
  engines: (file: TestFileFacts) => file.engineDependent,
  quick: (file: TestFileFacts) => !file.opensDatabase && !file.startsProcesses,
};
const scope = (process.env.TEST_SCOPE ?? "all") as keyof typeof scopes;
if (!(scope in scopes)) throw new Error(`TEST_SCOPE=${scope}: expected one of ${Object.keys(scopes).join(", ")}`);
const selected = [...facts].filter(([, file]) => scopes[scope](file));
const inParallel = selected.filter(([, file]) => !file.startsProcesses).map(([name]) => name);
const afterTheRest = selected.filter(([, file]) => file.startsProcesses).map(([name]) => name);

export default defineConfig({
  resolve: { alias: { "~": path.resolve("client") } },
  test: {
    setupFiles: ["./test/setup.ts"],
    // Migrates once per run: each file's database starts as a copy of the migrated one.
    globalSetup: ["./test/global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: "forks",
    // TEST_REPORT_DIR: every file's and test's time as JSON too, for CI's closing table.
    reporters: process.env.TEST_REPORT_DIR ? ["default", "./test/reporters/timings.ts"] : ["default"],
    projects: [
      // Two workers: Vitest's default on 2 cores is one (availableParallelism - 1), and the API tests
      // wait on I/O and timers as much as they compute. Not isolated (decision 060): a worker runs
      // file after file in one process and imports Fastify, Drizzle and the rest once, not once a
      // file (Node 24 reads a large package.json, drizzle-orm's, far slower than Node 20 did).
      // Each file still builds its own app on its own database; what a file changes outside them
      // (globals, the environment, process listeners, spies) it puts back in its own hooks.
      {
        extends: true,
        test: { name: "parallel", include: inParallel, maxWorkers: 2, isolate: false, sequence: { groupOrder: 0 } },
      },
      // Files that start servers, the CLI or Biome: after the rest, two at a time (decision 039: a
      // file spends much of its time waiting on a child's start-up; measured 174 s one at a time,
      // 121-125 s two at a time, five clean runs).
      {
        extends: true,
        test: { name: "processes", include: afterTheRest, maxWorkers: 2, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
