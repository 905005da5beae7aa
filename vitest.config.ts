import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve("client") } },
  test: {
    include: ["{shared,server,client,scripts,tools,test,deploy}/**/*.test.{ts,tsx}"],
    // Run by scripts/topology.ts (npm run test:topology) once the client is built.
    exclude: ["test/topology/**", "**/node_modules/**"],
    setupFiles: ["./test/setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
