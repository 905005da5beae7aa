import { defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

/** The topology tests (test/topology/): run by scripts/topology.ts, after the build the e2e run made. */
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    projects: undefined,
    globalSetup: [],
    include: ["test/topology/**/*.test.ts"],
    exclude: [],
    fileParallelism: false,
  },
});
