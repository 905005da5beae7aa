/**
 * Which Vitest files run where (decision 032), decided from the code rather than from a list kept by
 * hand:
 *
 * - A file is **engine-dependent** when it, or a module it imports (relative imports, followed
 *   through the whole graph), reads DATABASE_URL, REDIS_URL or STORAGE_URL from the environment
 *   without a default. Only such a file can pass on the embedded default (PGlite, the in-process
 *   broker, files on disk) and fail on PostgreSQL + Redis + S3, so only such files run again in CI's
 *   second pass. A read with a default (`process.env.REDIS_URL ?? "redis://127.0.0.1:6379"`) picks
 *   the machine's own server either way: the file runs the same in both passes, so it runs once.
 * - A file **starts processes** when its graph imports `node:child_process`: servers, the CLI,
 *   Biome. Those run after the rest, two at a time (decision 039), so that they never compete with
 *   the API tests for the two cores against their own start-up timeouts.
 * - A file **opens a database** when its graph reaches server/db/client.ts. `npm run test:quick`
 *   runs the files that do neither.
 *
 * The scan reads text: an import written inside a string counts too, which errs towards running a
 * file in more places, never fewer.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const engineVariables = ["DATABASE_URL", "REDIS_URL", "STORAGE_URL"] as const;

/** The source without comments (block and line), keeping strings: enough for the scans below. */
export function stripComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\/|(^|[^:"'`\\])\/\/.*$/gm, "$1");
}

/** Relative and `~/` module specifiers a file loads at run time (type-only imports load nothing). */
export function runtimeImports(source: string): string[] {
  const code = stripComments(source);
  const found = new Set<string>();
  const statement = /(?:^|[;\s])(import|export)\s+(type\s+)?(?:[^'"`;]*?\sfrom\s*)?["']([^"']+)["']/g;
  for (const match of code.matchAll(statement)) {
    if (!match[2]) found.add(match[3]!);
  }
  for (const match of code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) found.add(match[1]!);
  return [...found].filter((spec) => spec.startsWith(".") || spec.startsWith("~/") || spec.startsWith("node:"));
}

/** Whether a module reads an engine variable with no default after it. */
export function readsEngineVariable(source: string): boolean {
  const code = stripComments(source);
  const read = new RegExp(
    `process\\.env(?:\\.|\\[["'])(${engineVariables.join("|")})\\b(?:["']\\])?(\\s*(?:\\?\\?|\\|\\|))?`,
    "g",
  );
  for (const match of code.matchAll(read)) if (!match[2]) return true;
  return false;
}

export interface TestFileFacts {
  engineDependent: boolean;
  startsProcesses: boolean;
  opensDatabase: boolean;
}

/** Walks each test file's import graph under `root` and reports what it found. */
export function classifyTestFiles(root: string, testFiles: string[]): Map<string, TestFileFacts> {
  const sources = new Map<string, string | undefined>();
  const read = (file: string) => {
    if (!sources.has(file)) {
      try {
        sources.set(file, readFileSync(file, "utf8"));
      } catch {
        sources.set(file, undefined);
      }
    }
    return sources.get(file);
  };
  const resolve = (from: string, spec: string) =>
    spec.startsWith("~/") ? path.join(root, "client", spec.slice(2)) : path.resolve(path.dirname(from), spec);

  const databaseClient = path.join(root, "server/db/client.ts");
  const result = new Map<string, TestFileFacts>();
  for (const testFile of testFiles) {
    const facts: TestFileFacts = { engineDependent: false, startsProcesses: false, opensDatabase: false };
    const seen = new Set<string>();
    const queue = [path.resolve(root, testFile)];
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      const source = read(file);
      if (source === undefined) continue;
      if (readsEngineVariable(source)) facts.engineDependent = true;
      if (file === databaseClient) facts.opensDatabase = true;
      for (const spec of runtimeImports(source)) {
        if (spec === "node:child_process") facts.startsProcesses = true;
        else if (!spec.startsWith("node:")) queue.push(resolve(file, spec));
      }
    }
    result.set(testFile, facts);
  }
  return result;
}

/** Every `*.test.ts(x)` under the given top-level folders, relative to root, sorted. */
export function findTestFiles(root: string, folders: string[]): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(path.join(root, dir), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const relative = path.posix.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "node_modules" && !entry.name.startsWith(".")) walk(relative);
      } else if (/\.test\.tsx?$/.test(entry.name)) found.push(relative);
    }
  };
  for (const folder of folders) walk(folder);
  return found.sort();
}
