// Everything an instance holds, in a form two instances can be compared by: every row of every
// table (each row as PostgreSQL's text of it, sorted), every sequence's position, and every stored
// object's size, content type and SHA-256. The same on PGlite and PostgreSQL, on disk and in S3.
import { createHash } from "node:crypto";
import type { ObjectStore } from "../../server/storage/object-store.ts";

/** Runs one statement and returns its rows (a PGlite's or a pg client's query, adapted). */
export type RowQuery = (sql: string) => Promise<Record<string, unknown>[]>;

export interface DatabaseContents {
  /** `schema.table` → its rows, each as text, sorted. */
  tables: Record<string, string[]>;
  /** `schema.sequence` → its last value (null before its first use). */
  sequences: Record<string, string | null>;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function databaseContents(query: RowQuery): Promise<DatabaseContents> {
  const tables: Record<string, string[]> = {};
  const names = await query(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1, 2`,
  );
  for (const { schema, name } of names as { schema: string; name: string }[]) {
    const rows = await query(`select t::text as row from ${quote(schema)}.${quote(name)} t order by 1`);
    tables[`${schema}.${name}`] = rows.map((row) => String(row.row));
  }
  const sequences: Record<string, string | null> = {};
  for (const row of await query(
    "select schemaname as schema, sequencename as name, last_value::text as value from pg_sequences order by 1, 2",
  )) {
    sequences[`${row.schema}.${row.name}`] = (row.value as string | null) ?? null;
  }
  return { tables, sequences };
}

/** Every object of a store: key → `size type sha256`. */
export async function storeContents(store: ObjectStore): Promise<Record<string, string>> {
  const keys: string[] = [];
  for await (const object of store.list("")) keys.push(object.key);
  const contents: Record<string, string> = {};
  for (const key of keys.sort()) {
    const object = await store.get(key);
    if (!object) throw new Error(`${key} is listed but cannot be read`);
    const hash = createHash("sha256");
    for await (const chunk of object.body) hash.update(chunk as Buffer);
    contents[key] = `${object.size} ${object.contentType} ${hash.digest("hex")}`;
  }
  return contents;
}

/** The tables with no row. */
export const emptyTables = (contents: DatabaseContents) =>
  Object.entries(contents.tables)
    .filter(([, rows]) => rows.length === 0)
    .map(([name]) => name);
