import { and, desc, eq, gt, inArray, isNull, lte } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sharedFiles } from "../../db/schema.ts";

export type SharedFileRow = typeof sharedFiles.$inferSelect;

/** Rows of admin file shares. The token is the storage key and the link's secret. */
/** Writes a change's audit entry in the change's transaction (DESIGN §11). */
export type ShareAuditWriter = (tx: Db, row: SharedFileRow) => Promise<void>;

export function sharedFileRepository(db: Db) {
  return {
    async insert(values: typeof sharedFiles.$inferInsert, audit?: ShareAuditWriter): Promise<SharedFileRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(sharedFiles).values(values).returning();
        await audit?.(tx as unknown as Db, row as SharedFileRow);
        return row as SharedFileRow;
      });
    },

    /** Shares that have not expired, newest first. */
    listActive: (now = new Date()) =>
      db
        .select()
        .from(sharedFiles)
        .where(gt(sharedFiles.expiresAt, now))
        .orderBy(desc(sharedFiles.createdAt), desc(sharedFiles.id)),

    async byToken(token: string): Promise<SharedFileRow | undefined> {
      const [row] = await db.select().from(sharedFiles).where(eq(sharedFiles.token, token)).limit(1);
      return row;
    },

    /** Deletes one share and returns it (to remove its file), or undefined when there is none. */
    async remove(id: number, audit?: ShareAuditWriter): Promise<SharedFileRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx.delete(sharedFiles).where(eq(sharedFiles.id, id)).returning();
        if (row) await audit?.(tx as unknown as Db, row);
        return row;
      });
    },

    /** Up to `limit` expired shares whose file has not been erased yet. */
    expiredWithFiles: (now = new Date(), limit = 500) =>
      db
        .select()
        .from(sharedFiles)
        .where(and(lte(sharedFiles.expiresAt, now), isNull(sharedFiles.fileErasedAt)))
        .limit(limit),

    /**
     * Records that these shares' files are gone. The rows stay: an expired link answers 410 for
     * good, not 404 once swept. Call it after the files are removed, so a crash in between leaves
     * a row whose file the next sweep removes again (harmlessly), never a file no sweep finds.
     */
    async markFilesErased(ids: number[], now = new Date()): Promise<void> {
      if (ids.length === 0) return;
      await db.update(sharedFiles).set({ fileErasedAt: now }).where(inArray(sharedFiles.id, ids));
    },
  };
}

export type SharedFileRepository = ReturnType<typeof sharedFileRepository>;
