import { randomBytes } from "node:crypto";
import pg from "pg";

/**
 * A new, empty database on a PostgreSQL server, for one test file, browser-test run or benchmark:
 * its URL, and `drop()` to remove it (connections still open are ended). With `template`, a copy of
 * that database instead (one nobody is connected to: the tests' migrated template).
 */
export async function createTemporaryDatabase(serverUrl: string, prefix: string, options: { template?: string } = {}) {
  const name = `${prefix}_${randomBytes(6).toString("hex")}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(options.template ? `create database ${name} template ${options.template}` : `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
