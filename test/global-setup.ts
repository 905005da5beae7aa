/**
 * Migrates once per Vitest run (decision 032): a migrated PGlite data directory written to a
 * temporary file, and, when DATABASE_URL is set, a migrated template database on that server. Each
 * test file's database (test/helpers/database.ts) starts as a copy of it instead of migrating from
 * empty. The migration tests keep migrating from empty (test/helpers/migration-harness.ts).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../server/db/client.ts";
import { createTemporaryDatabase } from "../server/db/temporary-database.ts";
import type { DatabaseTemplate } from "./helpers/database.ts";

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate;
  }
}

/** One template for the run, however many projects ask (each Vitest project runs the global setup). */
interface Shared {
  template: Promise<{ value: DatabaseTemplate; remove(): Promise<void> }>;
  users: number;
}
const key = Symbol.for("northbeam.test.databaseTemplate");
const registry = globalThis as typeof globalThis & { [key]?: Shared };

async function createTemplate() {
  const dir = mkdtempSync(path.join(tmpdir(), "nb-template-"));
  const pgliteFile = path.join(dir, "pglite.tar.gz");
  const pglite = await openDatabase({ pgliteDir: "memory://" });
  try {
    writeFileSync(pgliteFile, Buffer.from(await (await pglite.snapshot!()).arrayBuffer()));
  } finally {
    await pglite.close();
  }
  const serverUrl = process.env.DATABASE_URL;
  const postgres = serverUrl ? await createTemporaryDatabase(serverUrl, "template") : undefined;
  if (postgres) await (await openDatabase({ databaseUrl: postgres.url, poolSize: 1 })).close();
  return {
    value: { pgliteFile, ...(postgres ? { postgresName: new URL(postgres.url).pathname.slice(1) } : {}) },
    async remove() {
      await postgres?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  registry[key] ??= { template: createTemplate(), users: 0 };
  const shared = registry[key];
  shared.users += 1;
  const template = await shared.template;
  project.provide("databaseTemplate", template.value);
  return async () => {
    shared.users -= 1;
    if (shared.users > 0) return;
    delete registry[key];
    await template.remove();
  };
}
