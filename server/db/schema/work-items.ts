/**
 * What every kind of work item (DESIGN §11: quote requests, applications) keeps in the same shape:
 * its id, status and version, and its notes and timeline tables.
 */
import { sql } from "drizzle-orm";
import { type AnyPgColumn, bigint, bigserial, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { activityKinds } from "../../../shared/activity.ts";
import { users } from "./accounts.ts";
import { createdAt, sqlList, timestamptz } from "./columns.ts";

type Statuses = readonly [string, ...string[]];

/**
 * A work item's id, status (the first of `statuses` at first) and version, which grows by one with
 * every change, so a write made from a stale copy is refused.
 */
export const workItemColumns = <const S extends Statuses>(statuses: S) => ({
  id: bigserial("id", { mode: "number" }).primaryKey(),
  status: text("status", { enum: statuses }).notNull().default(statuses[0]),
  version: integer("version").notNull().default(0),
});

/** `<table>_status_check`: the database refuses a status the code does not know. */
export const statusCheck = (table: string, status: AnyPgColumn, statuses: Statuses) =>
  check(`${table}_status_check`, sql`${status} in (${sqlList(statuses)})`);

/** The column of a note or timeline line naming its item; they go with it. */
const itemColumn = (name: string, item: () => AnyPgColumn) =>
  bigint(name, { mode: "number" }).notNull().references(item, { onDelete: "cascade" });
type ItemColumn = ReturnType<typeof itemColumn>;

/** `{ [key]: column }`, typed: the TypeScript name of the item column is each kind's own. */
const keyed = <K extends string>(key: K, column: ItemColumn) => ({ [key]: column }) as { [P in K]: ItemColumn };

/**
 * A work item's `<prefix>_notes` and `<prefix>_activity` tables, each row naming its item in
 * `<prefix>_id` (TypeScript: `key`). A note's `authorName` and a line's `actorName` are the
 * username then; `actorName` is null for the requester or the system. Kinds: DESIGN §11.
 */
export function workItemActivityTables<const P extends string, const K extends string>(
  prefix: P,
  key: K,
  item: () => AnyPgColumn,
) {
  const itemId = `${prefix}_id`;
  const notes = pgTable(
    `${prefix}_notes`,
    {
      id: bigserial("id", { mode: "number" }).primaryKey(),
      authorId: bigint("author_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
      authorName: text("author_name").notNull(),
      text: text("text").notNull(),
      createdAt: createdAt(),
      ...keyed(key, itemColumn(itemId, item)),
    },
    (t) => [index(`${prefix}_notes_${itemId}_idx`).on(t[key], t.id)],
  );
  const activity = pgTable(
    `${prefix}_activity`,
    {
      id: bigserial("id", { mode: "number" }).primaryKey(),
      at: timestamptz("at").notNull().defaultNow(),
      actorId: bigint("actor_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
      actorName: text("actor_name"),
      kind: text("kind", { enum: activityKinds }).notNull(),
      summary: text("summary").notNull(),
      ...keyed(key, itemColumn(itemId, item)),
    },
    (t) => [
      index(`${prefix}_activity_${itemId}_idx`).on(t[key], t.id),
      check(`${prefix}_activity_kind_check`, sql`${t.kind} in (${sqlList(activityKinds)})`),
    ],
  );
  return { notes, activity };
}

export type WorkItemActivityTables<K extends string> = ReturnType<typeof workItemActivityTables<string, K>>;
