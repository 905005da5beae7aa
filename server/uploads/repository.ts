import { and, eq, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { resumableUploads, type UploadPart } from "../db/schema.ts";

export type ResumableUploadRow = typeof resumableUploads.$inferSelect;
export type NewResumableUpload = typeof resumableUploads.$inferInsert;

/** Rows of resumable uploads in progress (and, for a day, finished ones with their answer). */
export function resumableUploadRepository(db: Db) {
  return {
    async byId(id: string, tx: Db = db): Promise<ResumableUploadRow | undefined> {
      const [row] = await tx.select().from(resumableUploads).where(eq(resumableUploads.id, id));
      return row;
    },

    insert: async (values: NewResumableUpload, tx: Db = db) => {
      await tx.insert(resumableUploads).values(values);
    },

    /**
     * Adds a stored part if the upload is still at `from` and unfinished, in one statement: of two
     * writers that started at the same offset, only one moves it. False for the other.
     */
    async addPart(id: string, from: number, part: UploadPart, now = new Date()): Promise<boolean> {
      const rows = await db
        .update(resumableUploads)
        .set({
          offset: sql`${resumableUploads.offset} + ${part.size}`,
          parts: sql`${resumableUploads.parts} || ${JSON.stringify([part])}::jsonb`,
          updatedAt: now,
        })
        .where(
          and(eq(resumableUploads.id, id), eq(resumableUploads.offset, from), isNull(resumableUploads.completedAt)),
        )
        .returning({ id: resumableUploads.id });
      return rows.length === 1;
    },

    /**
     * Marks the upload complete with the final answer's body, if it is still at `from` (in the
     * transaction that also commits the module's row for the file). Its parts are then no longer
     * named, so a crash before they are deleted leaves orphans the sweep removes.
     */
    async complete(tx: Db, id: string, from: number, result: unknown, now = new Date()): Promise<boolean> {
      const rows = await tx
        .update(resumableUploads)
        .set({
          offset: resumableUploads.size,
          parts: [],
          result,
          completedAt: now,
          updatedAt: now,
        })
        .where(
          and(eq(resumableUploads.id, id), eq(resumableUploads.offset, from), isNull(resumableUploads.completedAt)),
        )
        .returning({ id: resumableUploads.id });
      return rows.length === 1;
    },

    /** Deletes an unfinished upload; its row (for its parts), or undefined when there was none. */
    async removeUnfinished(id: string): Promise<ResumableUploadRow | undefined> {
      const [row] = await db
        .delete(resumableUploads)
        .where(and(eq(resumableUploads.id, id), isNull(resumableUploads.completedAt)))
        .returning();
      return row;
    },

    /** Deletes every upload of a scope (a file request that was deleted); their rows. */
    removeScope: (scope: string, tx: Db = db) =>
      tx.delete(resumableUploads).where(eq(resumableUploads.scope, scope)).returning(),

    /** Bytes that unfinished uploads of a scope have reserved (their declared sizes). */
    async reservedBytes(scope: string, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ total: sql<string | null>`sum(${resumableUploads.size})` })
        .from(resumableUploads)
        .where(and(eq(resumableUploads.scope, scope), isNull(resumableUploads.completedAt)));
      return Number(row?.total ?? 0);
    },

    /**
     * Deletes up to `limit` uploads that are over: unfinished with no byte since `before`, or
     * finished before it (their answer is no longer needed). Their rows, for the parts to delete.
     */
    async removeStale(before: Date, limit = 500): Promise<ResumableUploadRow[]> {
      const stale = db
        .select({ id: resumableUploads.id })
        .from(resumableUploads)
        .where(
          or(
            and(isNull(resumableUploads.completedAt), lt(resumableUploads.updatedAt, before)),
            and(isNotNull(resumableUploads.completedAt), lt(resumableUploads.completedAt, before)),
          ),
        )
        .limit(limit);
      return db.delete(resumableUploads).where(inArray(resumableUploads.id, stale)).returning();
    },

    /** Of these part names (`<upload id>.<random>`), the ones an unfinished upload still names. */
    async claimedParts(names: string[]): Promise<string[]> {
      const ids = [...new Set(names.map((name) => name.slice(0, name.indexOf("."))))];
      if (ids.length === 0) return [];
      const rows = await db
        .select({ parts: resumableUploads.parts })
        .from(resumableUploads)
        .where(inArray(resumableUploads.id, ids));
      const named = new Set(rows.flatMap((row) => row.parts.map((part) => part.name)));
      return names.filter((name) => named.has(name));
    },
  };
}

export type ResumableUploadRepository = ReturnType<typeof resumableUploadRepository>;
