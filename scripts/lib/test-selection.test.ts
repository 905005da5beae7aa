import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { classifyTestFiles, findTestFiles, readsEngineVariable, runtimeImports } from "./test-selection.ts";

describe("runtimeImports", () => {
  it("finds static, re-exported, side-effect and dynamic imports, not type-only ones or comments", () => {
    const source = `
      import { a } from "./a.ts";
      import type { B } from "./b.ts";
      export * from "./c.ts";
      export type { D } from "./d.ts";
      import "./e.ts";
      import {
        f,
      } from "../f.ts";
      const g = await import("./g.ts");
      import { spawn } from "node:child_process";
      import { z } from "zod";
      // import { h } from "./h.ts";
      /* import { i } from "./i.ts"; */
      import { j } from "~/lib/j.ts";
    `;
    expect(runtimeImports(source).sort()).toEqual(
      ["./a.ts", "./c.ts", "./e.ts", "../f.ts", "./g.ts", "node:child_process", "~/lib/j.ts"].sort(),
    );
  });
});

describe("readsEngineVariable", () => {
  it("counts a read without a default, in either spelling", () => {
    expect(readsEngineVariable("const url = process.env.DATABASE_URL;")).toBe(true);
    expect(readsEngineVariable('if (process.env["STORAGE_URL"]) start();')).toBe(true);
    expect(readsEngineVariable("broker: process.env.REDIS_URL ? 'redis' : 'memory'")).toBe(true);
  });
  it("leaves out a read that falls back to a fixed server, other variables, and comments", () => {
    expect(readsEngineVariable('const url = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";')).toBe(false);
    expect(readsEngineVariable("const url = process.env.DATABASE_URL || DEFAULT_URL;")).toBe(false);
    expect(readsEngineVariable("const seed = process.env.DELIVERY_SEED;")).toBe(false);
    expect(readsEngineVariable("// process.env.DATABASE_URL selects the server")).toBe(false);
  });
});

describe("classifyTestFiles", () => {
  const root = mkdtempSync(path.join(tmpdir(), "nb-selection-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };

  it("follows the import graph to the engine variables, child processes and the database client", () => {
    write("server/db/client.ts", "export const openDatabase = () => {};");
    write(
      "test/helpers/database.ts",
      'import { openDatabase } from "../../server/db/client.ts";\nprocess.env.DATABASE_URL;',
    );
    write("test/helpers/app.ts", 'export * from "./database.ts";');
    write("test/helpers/spawn.ts", 'import { spawn } from "node:child_process";');
    write("server/a.test.ts", 'import { createTestApp } from "../test/helpers/app.ts";');
    write("server/b.test.ts", 'import type { X } from "../test/helpers/app.ts";\nimport "../test/helpers/spawn.ts";');
    write("server/c.test.ts", 'import { openDatabase } from "./db/client.ts";');
    write("client/d.test.tsx", 'import { x } from "~/lib/x.ts";');
    write("client/lib/x.ts", 'import "node:child_process";');

    const files = findTestFiles(root, ["server", "client"]);
    expect(files).toEqual(["client/d.test.tsx", "server/a.test.ts", "server/b.test.ts", "server/c.test.ts"]);
    const facts = Object.fromEntries(classifyTestFiles(root, files));
    expect(facts).toEqual({
      "server/a.test.ts": { engineDependent: true, startsProcesses: false, opensDatabase: true },
      "server/b.test.ts": { engineDependent: false, startsProcesses: true, opensDatabase: false },
      "server/c.test.ts": { engineDependent: false, startsProcesses: false, opensDatabase: true },
      "client/d.test.tsx": { engineDependent: false, startsProcesses: true, opensDatabase: false },
    });
  });
});
