/**
 * Decision 058: a list's order is content like any field. An admin's new order is a draft: each
 * item whose place changes keeps it in `draftPosition` until it is published (the item is then
 * "moved"); the pages and the public content keep the published order until then.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { SiteCollection } from "../../../shared/site-content.ts";
import { advisoryLocks } from "../../db/advisory-lock.ts";
import type { Db } from "../../db/client.ts";
import { siteItems } from "../../db/schema.ts";
import { badRequest, conflict } from "../../lib/errors.ts";

type Row = typeof siteItems.$inferSelect;

/**
 * Serialises, for the rest of the transaction, everything that changes what is published or
 * locks a whole list (seed, publish, restore, reorder): their row locks never cross.
 */
export const takePublishLock = (tx: Db) =>
  tx.execute(sql`select pg_advisory_xact_lock(${advisoryLocks.sitePublish.toString()}::bigint)`);

/** The order an editor shows: a waiting new place first, else the published one. */
export const draftOrder = [
  asc(siteItems.collection),
  asc(sql`coalesce(${siteItems.draftPosition}, ${siteItems.position})`),
  asc(siteItems.id),
] as const;

const byPosition = (a: Row, b: Row) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Gives a collection's items the order `ids` (items it leaves out follow, in their order now):
 * first the published positions are numbered 0, 1, 2… (the published order unchanged), then an
 * item whose place differs from that gets it as its draftPosition; one back in place has none.
 * The rows must be locked by the caller.
 */
export async function applyOrder(tx: Db, rows: Row[], ids: readonly string[], by: number | null): Promise<number> {
  const inPlace = [...rows].sort(byPosition);
  const named = new Set(ids);
  const wanted = [
    ...ids,
    ...rows
      .filter((row) => !named.has(row.id))
      .sort(byPosition)
      .map((row) => row.id),
  ];
  let moved = 0;
  for (const [rank, row] of inPlace.entries()) {
    const place = wanted.indexOf(row.id);
    // An item to be removed at the next publish has no new place to wait for.
    const draftPosition = place === rank || row.removing ? null : place;
    if (row.position === rank && row.draftPosition === draftPosition) continue;
    if (draftPosition !== row.draftPosition) moved++;
    await tx
      .update(siteItems)
      .set({
        position: rank,
        draftPosition,
        // Not a new version: a move is not an edit of the fields, and an open form saves over it.
        ...(draftPosition !== row.draftPosition ? { updatedBy: by, updatedAt: sql`now()` } : {}),
      })
      .where(and(eq(siteItems.collection, row.collection), eq(siteItems.id, row.id)));
  }
  return moved;
}

/**
 * PUT /api/admin/site/order/{collection}: the new order, from the order the admin read (409 when
 * the list changed since: an item added, removed or moved by someone else). Answers how many
 * items changed place.
 */
export async function reorder(
  tx: Db,
  collection: SiteCollection,
  order: { ids: readonly string[]; expected: readonly string[] },
  by: number,
): Promise<number> {
  await takePublishLock(tx);
  const rows = await tx
    .select()
    .from(siteItems)
    .where(eq(siteItems.collection, collection))
    .orderBy(...draftOrder)
    .for("update");
  const now = rows.map((row) => row.id);
  if (now.join("/") !== order.expected.join("/")) {
    throw conflict("Someone changed this list since you opened it. Its order now is shown: move the items again.");
  }
  const given = [...order.ids].sort().join("/");
  // The list's ids are unique: the same sorted ids are every item once.
  if (given !== [...now].sort().join("/")) {
    throw badRequest("The new order must name every item of the list once.", { ids: "Every item, once" });
  }
  return applyOrder(tx, rows, order.ids, by);
}
