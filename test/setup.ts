import { afterEach, beforeEach, inject, vi } from "vitest";
import { setDatabaseTemplate } from "./helpers/database.ts";

// Each file's database is a copy of the run's migrated one (test/global-setup.ts).
setDatabaseTemplate(inject("databaseTemplate"));

// A test fails on an unexpected console.error: errors must be asserted, not scrolled past.
let errorSpy: ReturnType<typeof vi.spyOn> | undefined;
beforeEach(() => {
  errorSpy = vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error called: ${args.map(String).join(" ")}`);
  });
});
afterEach(() => {
  errorSpy?.mockRestore();
});
