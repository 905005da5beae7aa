/**
 * Two rules about the shape of the code (docs/decisions/034): the import graph has no circles, type
 * imports included (Biome's noImportCycles, with ignoreTypes off), and no source file is over 400
 * lines. Migrations, generated files, tests and the benchmarks' own scripts are left out: the
 * benchmarks keep their reusable parts in bench/lib, which the rule covers.
 */
import { execFile } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterEach, describe, expect, it } from "vitest";
import { biome } from "../helpers/biome.ts";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const maxLines = 400;
const probes: string[] = [];

afterEach(() => {
  for (const probe of probes.splice(0)) rmSync(probe, { force: true });
});

/** Lints `files` (written first, relative to the repo) for import cycles; returns the files reported. */
async function cyclesIn(files: Record<string, string>): Promise<string[]> {
  const written = Object.entries(files).map(([file, source]) => {
    const probe = path.join(root, file);
    probes.push(probe);
    writeFileSync(probe, `${source}\n`);
    return probe;
  });
  const stdout = await biome(["lint", "--only=suspicious/noImportCycles", "--reporter=json", ...written]);
  const report = JSON.parse(stdout) as { diagnostics: { location: { path: string } }[] };
  return report.diagnostics.map((diagnostic) => path.basename(diagnostic.location.path));
}

/** Whether `file` is held to the line limit. */
function isLimitedSource(file: string): boolean {
  if (!/\.(ts|tsx)$/.test(file) || /\.d\.ts$/.test(file)) return false;
  if (/\.(test|spec)\.tsx?$/.test(file) || file.startsWith("test/") || file.startsWith("e2e/")) return false;
  if (file.startsWith("server/db/migrations/") || file.includes("/+types/")) return false;
  if (file.startsWith("bench/") && !file.startsWith("bench/lib/")) return false;
  return /^(server|client|shared|scripts|bench|tools)\//.test(file);
}

describe("the import graph", () => {
  it("refuses a circle, even one closed by a type import", async () => {
    const id = process.pid;
    const found = await cyclesIn({
      [`server/lib/cycle-a.probe-${id}.ts`]: `import { b } from "./cycle-b.probe-${id}.ts";\nexport type A = { n: number };\nexport const a = () => b;`,
      [`server/lib/cycle-b.probe-${id}.ts`]: `import type { A } from "./cycle-a.probe-${id}.ts";\nexport const b = (value: A) => value.n;`,
    });
    expect(found).toContain(`cycle-a.probe-${id}.ts`);
    expect(found).toContain(`cycle-b.probe-${id}.ts`);
  }, 90_000);

  it("has none in the code", async () => {
    const stdout = await biome(
      [
        "lint",
        "--only=suspicious/noImportCycles",
        "--reporter=json",
        "server",
        "shared",
        "client",
        "scripts",
        "bench",
        "test",
        "e2e",
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    );
    const report = JSON.parse(stdout) as { diagnostics: { location: { path: string } }[] };
    // Probes the lint tests write beside the code (feature-boundaries.test.ts, the test above) come
    // and go while this scan runs, two files at a time: they are not the code.
    const inCode = report.diagnostics.filter((diagnostic) => !/\.probe-\d+\./.test(diagnostic.location.path));
    expect(inCode.map((diagnostic) => diagnostic.location.path)).toEqual([]);
  }, 90_000);
});

describe("file length", () => {
  it("chooses the files the rule covers", () => {
    expect(isLimitedSource("server/modules/chat/service.ts")).toBe(true);
    expect(isLimitedSource("client/features/chat/components/composer.tsx")).toBe(true);
    expect(isLimitedSource("bench/lib/report.ts")).toBe(true);
    expect(isLimitedSource("bench/scale.ts")).toBe(false);
    expect(isLimitedSource("server/modules/chat/actions.test.ts")).toBe(false);
    expect(isLimitedSource("server/db/migrations/0001_x.ts")).toBe(false);
    expect(isLimitedSource("test/helpers/app.ts")).toBe(false);
    expect(isLimitedSource("client/features/public-forms/components/altcha-widget.d.ts")).toBe(false);
  });

  it(`keeps every source file at ${maxLines} lines or fewer`, async () => {
    const { stdout } = await run("git", ["ls-files", "--cached", "--others", "--exclude-standard"], {
      cwd: root,
      maxBuffer: 16 * 1024 * 1024,
    });
    const tooLong = stdout
      .split("\n")
      .filter(isLimitedSource)
      .flatMap((file) => {
        let text: string;
        try {
          text = readFileSync(path.join(root, file), "utf8");
        } catch {
          return []; // listed by git but deleted in the work tree
        }
        const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
        return lines > maxLines ? [`${file}: ${lines}`] : [];
      });
    expect(tooLong).toEqual([]);
  });
});
