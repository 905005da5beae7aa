import { and, asc, desc, eq, isNotNull, or, sql } from "drizzle-orm";
import { openJobsAt } from "../../../shared/open-positions.ts";
import {
  type AdminSiteContent,
  type AdminSiteItem,
  isSingleCollection,
  type PublicSiteContent,
  pagesChangedBy,
  type SiteChange,
  type SiteCollection,
  type SiteFields,
  type SiteVersion,
  type SiteVersionContent,
  siteCollections,
  siteLimits,
} from "../../../shared/site-content.ts";
import { seedContent } from "../../../shared/site-seed.ts";
import type { Db } from "../../db/client.ts";
import { siteItems, siteVersions, users } from "../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";
import { checkedFields, same } from "./fields.ts";
import { checkDescribed, itemsOf, mediaFor } from "./media.ts";
import { applyOrder, draftOrder, takePublishLock } from "./order.ts";

/** An item with something to publish: a draft, its removal, or a new place in its list. */
const waiting = or(isNotNull(siteItems.draft), eq(siteItems.removing, true), isNotNull(siteItems.draftPosition));

type Row = typeof siteItems.$inferSelect;

const byCollection = <T>(make: () => T): Record<SiteCollection, T> =>
  Object.fromEntries(siteCollections.map((name) => [name, make()])) as Record<SiteCollection, T>;

function statusOf(row: Pick<Row, "published" | "draft" | "removing" | "draftPosition">): AdminSiteItem["status"] {
  if (row.published === null) return "draft";
  return row.draft !== null || row.removing || row.draftPosition !== null ? "changed" : "published";
}

const adminItem = (row: Row): AdminSiteItem => ({
  id: row.id,
  version: row.version,
  status: statusOf(row),
  published: row.published as SiteFields | null,
  draft: row.draft as SiteFields | null,
  publishAt: row.publishAt?.toISOString() ?? null,
  moved: row.draftPosition !== null,
});

const ordered = (from: Db) =>
  from.select().from(siteItems).orderBy(asc(siteItems.collection), asc(siteItems.position), asc(siteItems.id));
/** The items as the editor and the preview show them: a list's new order before it is published. */
const inDraftOrder = (from: Db) =>
  from
    .select()
    .from(siteItems)
    .orderBy(...draftOrder);

/** The published content as a version keeps it: every published item, closed jobs included. */
async function publishedContent(from: Db): Promise<PublicSiteContent> {
  const content: PublicSiteContent = byCollection<PublicSiteContent[SiteCollection]>(() => []);
  for (const row of await ordered(from).where(isNotNull(siteItems.published))) {
    content[row.collection as SiteCollection]?.push({ id: row.id, ...(row.published as SiteFields) });
  }
  content.media = await mediaFor(from, content);
  return content;
}

/**
 * Publishes the waiting drafts and removals that `wanted` picks as one version (the publish lock
 * held for the transaction): drafts become the published fields, removals go. Null when none.
 */
async function publishWaiting(tx: Db, wanted: (row: Row) => boolean, by: number | null): Promise<SiteVersion | null> {
  await takePublishLock(tx);
  const rows = await ordered(tx).where(waiting).for("update");
  const changes: SiteChange[] = [];
  const published: { collection: string; id: string; fields: unknown }[] = [];
  for (const row of rows.filter(wanted)) {
    const key = and(eq(siteItems.collection, row.collection), eq(siteItems.id, row.id));
    const collection = row.collection as SiteCollection;
    if (row.removing) {
      await tx.delete(siteItems).where(key);
      changes.push({ collection, id: row.id, change: "removed" });
      continue;
    }
    const fields = row.draft ?? row.published;
    await tx
      .update(siteItems)
      .set({
        published: fields,
        draft: null,
        position: row.draftPosition ?? row.position,
        draftPosition: null,
        publishAt: null,
        version: row.version + 1,
        updatedBy: by,
        updatedAt: sql`now()`,
      })
      .where(key);
    const change = row.published === null ? "added" : row.draft !== null ? "changed" : "moved";
    changes.push({ collection, id: row.id, change });
    published.push({ collection, id: row.id, fields });
  }
  if (changes.length === 0) return null;
  const content = await publishedContent(tx);
  // The items published now first, so the answer names what the admin chose when it is one of them.
  checkDescribed(content.media ?? {}, [...published, ...itemsOf(content)]);
  const [version] = await tx.insert(siteVersions).values({ content, changes, publishedBy: by }).returning();
  const [who] = by === null ? [] : await tx.select({ username: users.username }).from(users).where(eq(users.id, by));
  return versionView({ ...version!, publishedBy: who?.username ?? null });
}

/** A version's row (its publisher by name) as the API answers it, with the pages its changes touch. */
function versionView(row: {
  id: number;
  publishedAt: Date;
  publishedBy: string | null;
  changes: unknown;
}): SiteVersion {
  const changes = row.changes as SiteChange[];
  return {
    id: row.id,
    publishedAt: row.publishedAt.toISOString(),
    publishedBy: row.publishedBy,
    changes,
    pages: pagesChangedBy(changes),
  };
}

/** A version's columns, its publisher by name (null for the seed, the sweep, or a person since deleted). */
const versionFields = {
  id: siteVersions.id,
  publishedAt: siteVersions.publishedAt,
  publishedBy: users.username,
  changes: siteVersions.changes,
};
const publisher = eq(users.id, siteVersions.publishedBy);

/** DESIGN §17's content store: items with drafts, publishing as versions, restoring a version as drafts. */
export function siteRepository(db: Db) {
  return {
    /** The first start: the content folder becomes the published items and version 1, once across instances. */
    async seed(): Promise<boolean> {
      return db.transaction(async (tx) => {
        await takePublishLock(tx);
        const [seeded] = await tx.select({ id: siteVersions.id }).from(siteVersions).limit(1);
        if (seeded) return false;
        const seed = seedContent();
        const changes: SiteChange[] = [];
        const rows = siteCollections.flatMap((collection) =>
          seed[collection].map((item, position) => {
            changes.push({ collection, id: item.id, change: "added" });
            return { collection, id: item.id, position, published: checkedFields(collection, item.fields) };
          }),
        );
        await tx.insert(siteItems).values(rows).onConflictDoNothing();
        await tx.insert(siteVersions).values({ content: await publishedContent(tx), changes });
        return true;
      });
    },

    /** GET /api/site/content: what the site shows now (a job past its closesAt is not there). */
    async publicContent(now = new Date()): Promise<PublicSiteContent> {
      // The newest version: its items are the published ones, its pictures as they were published.
      const [newest] = await db
        .select({ content: siteVersions.content })
        .from(siteVersions)
        .orderBy(desc(siteVersions.id))
        .limit(1);
      const content = (newest?.content as PublicSiteContent | undefined) ?? (await publishedContent(db));
      // A job is off the site from its `closesAt` (DESIGN §17).
      return {
        ...content,
        jobs: openJobsAt(content.jobs as { closesAt?: string | null }[], now.getTime()) as typeof content.jobs,
      };
    },

    /** The content as it would be with every draft and removal published (the preview's). */
    async draftContent(): Promise<PublicSiteContent> {
      const content: PublicSiteContent = byCollection<PublicSiteContent[SiteCollection]>(() => []);
      for (const row of await inDraftOrder(db)) {
        const fields = row.removing ? null : (row.draft ?? row.published);
        if (fields) content[row.collection as SiteCollection]?.push({ id: row.id, ...(fields as SiteFields) });
      }
      content.media = await mediaFor(db, content);
      return content;
    },

    async adminContent(from: Db = db): Promise<AdminSiteContent> {
      const content = byCollection<AdminSiteItem[]>(() => []);
      for (const row of await inDraftOrder(from)) content[row.collection as SiteCollection]?.push(adminItem(row));
      return content;
    },

    /**
     * Saves a draft at the `version` read: 409 when the item changed since (or, for a new id, when
     * someone added it meanwhile). Fields alike to the published ones leave no draft.
     */
    async save(
      tx: Db,
      collection: SiteCollection,
      id: string,
      fields: SiteFields,
      version: number,
      by: number,
      publishAt: Date | null = null,
    ): Promise<{ item: AdminSiteItem; added: boolean }> {
      const [row] = await tx
        .select()
        .from(siteItems)
        .where(and(eq(siteItems.collection, collection), eq(siteItems.id, id)))
        .for("update");
      if (!row) {
        if (version > 0) throw conflict("This item was removed since you opened it. Save it again as a new item.");
        if (isSingleCollection(collection)) throw notFound(`The ${collection} page has one item, "main".`);
        const [{ count, last }] = (await tx
          .select({
            count: sql<number>`count(*)::int`,
            last: sql<number>`coalesce(max(${siteItems.position}), -1)::int`,
          })
          .from(siteItems)
          .where(eq(siteItems.collection, collection))) as [{ count: number; last: number }];
        if (count >= siteLimits.itemsMax) throw badRequest(`A list holds at most ${siteLimits.itemsMax} items.`);
        const [added] = await tx
          .insert(siteItems)
          .values({ collection, id, position: last + 1, draft: fields, publishAt, updatedBy: by })
          .onConflictDoNothing()
          .returning();
        if (!added) throw conflict("Someone added an item with this id meanwhile. Reload, and choose another id.");
        return { item: adminItem(added), added: true };
      }
      if (row.version !== version) throw conflict("Someone changed this item since you opened it.");
      const draft = row.published !== null && same(row.published, fields) ? null : fields;
      const [saved] = await tx
        .update(siteItems)
        .set({
          draft,
          removing: false,
          publishAt: draft === null ? null : publishAt,
          version: row.version + 1,
          updatedBy: by,
          updatedAt: sql`now()`,
        })
        .where(and(eq(siteItems.collection, collection), eq(siteItems.id, id)))
        .returning();
      return { item: adminItem(saved!), added: false };
    },

    /** Marks a published item for removal at the next publish; an item never published goes at once. */
    async remove(tx: Db, collection: SiteCollection, id: string, by: number): Promise<AdminSiteItem | null> {
      if (isSingleCollection(collection)) throw badRequest(`The ${collection} page cannot be removed, only changed.`);
      const where = and(eq(siteItems.collection, collection), eq(siteItems.id, id));
      const [row] = await tx.select().from(siteItems).where(where).for("update");
      if (!row) throw notFound("There is no such item.");
      if (row.published === null) {
        await tx.delete(siteItems).where(where);
        return null;
      }
      const [marked] = await tx
        .update(siteItems)
        .set({
          draft: null,
          removing: true,
          draftPosition: null,
          publishAt: null,
          version: row.version + 1,
          updatedBy: by,
          updatedAt: sql`now()`,
        })
        .where(where)
        .returning();
      return adminItem(marked!);
    },

    /**
     * Publishes the chosen items' drafts and removals (or all of them) as one version. Items with
     * nothing waiting are passed over; nothing waiting at all is a 400.
     */
    async publish(
      tx: Db,
      chosen: "all" | { collection: SiteCollection; id: string }[],
      by: number,
    ): Promise<SiteVersion> {
      const keys = chosen === "all" ? null : new Set(chosen.map((item) => `${item.collection}/${item.id}`));
      const wanted = (row: Row) => keys === null || keys.has(`${row.collection}/${row.id}`);
      const version = await publishWaiting(tx, wanted, by);
      if (!version) throw badRequest("Nothing to publish: the chosen items have no changes waiting.");
      return version;
    },

    /**
     * DESIGN §17 `publishAt`: publishes, as one version by nobody, what waits with a publishAt come
     * by `now`; null when nothing is due. Under the publish lock, so sweeps on two instances (or a
     * sweep and an admin) publish each change once.
     */
    publishDue: (tx: Db, now: Date): Promise<SiteVersion | null> =>
      publishWaiting(tx, (row) => row.publishAt !== null && row.publishAt <= now, null),

    /** The earliest publishAt still waiting, if any (what the sweep waits for). */
    async nextDue(): Promise<Date | null> {
      const [row] = await db
        .select({ at: sql<Date | string>`min(${siteItems.publishAt})` })
        .from(siteItems)
        .where(and(isNotNull(siteItems.publishAt), waiting));
      return row?.at ? new Date(row.at) : null;
    },

    /** One version with its whole content, or undefined. */
    async version(id: number): Promise<SiteVersionContent | undefined> {
      const [row] = await db
        .select({ ...versionFields, content: siteVersions.content })
        .from(siteVersions)
        .leftJoin(users, publisher)
        .where(eq(siteVersions.id, id));
      return row && { ...versionView(row), content: row.content as PublicSiteContent };
    },

    /** The last versions, newest first (their content left out). */
    async versions(): Promise<SiteVersion[]> {
      const rows = await db
        .select(versionFields)
        .from(siteVersions)
        .leftJoin(users, publisher)
        .orderBy(desc(siteVersions.id))
        .limit(siteLimits.versionsShown);
      return rows.map(versionView);
    },

    /**
     * Makes drafts of a version: publishing all of them brings that version back. Items it had are
     * drafted as they were there (re-added if removed since); published items it did not have are
     * marked for removal. Drafts of items never published are left as they are.
     */
    async restore(tx: Db, versionId: number, by: number): Promise<number> {
      // Under the publish lock: a publish at the same moment goes wholly before or after it.
      await takePublishLock(tx);
      const [version] = await tx.select().from(siteVersions).where(eq(siteVersions.id, versionId));
      if (!version) throw notFound("There is no such version.");
      const content = version.content as PublicSiteContent;
      const rows = new Map(
        (await tx.select().from(siteItems).for("update")).map((row) => [`${row.collection}/${row.id}`, row]),
      );
      let drafted = 0;
      const change = { publishAt: null, updatedBy: by, updatedAt: sql`now()` };
      for (const collection of siteCollections) {
        const kept = new Set<string>();
        for (const [position, { id, ...fields }] of (content[collection] ?? []).entries()) {
          kept.add(id);
          const row = rows.get(`${collection}/${id}`);
          const key = and(eq(siteItems.collection, collection), eq(siteItems.id, id));
          if (!row) {
            await tx.insert(siteItems).values({ collection, id, position: 1_000 + position, draft: fields, ...change });
            drafted++;
          } else if (!(row.published !== null && same(row.published, fields) && row.draft === null && !row.removing)) {
            const draft = row.published !== null && same(row.published, fields) ? null : fields;
            await tx
              .update(siteItems)
              .set({ draft, removing: false, version: row.version + 1, ...change })
              .where(key);
            drafted++;
          }
        }
        for (const row of rows.values()) {
          if (row.collection !== collection || kept.has(row.id) || row.published === null || row.removing) continue;
          await tx
            .update(siteItems)
            .set({ draft: null, removing: true, version: row.version + 1, ...change })
            .where(and(eq(siteItems.collection, collection), eq(siteItems.id, row.id)));
          drafted++;
        }
        // The version's order too: items out of its place wait with it as their new place.
        const listed = await tx.select().from(siteItems).where(eq(siteItems.collection, collection)).for("update");
        drafted += await applyOrder(tx, listed, [...kept], by);
      }
      return drafted;
    },
  };
}

/** A version's changes in the audit log's words: `changed contact "main", removed projects "x"`. */
export const describeChanges = (changes: readonly SiteChange[]) =>
  changes.map((change) => `${change.change} ${change.collection} "${change.id}"`).join(", ");
