import { and, desc, eq, gt, inArray, lte } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sharedFiles } from "../../db/schema.ts";

export type SharedFileRow = typeof sharedFiles.$inferSelect;

/** Rows of admin file shares. The token is the storage key and the link's secret. */
export function sharedFileRepository(db: Db) {
  return {
    async insert(values: typeof sharedFiles.$inferInsert): Promise<SharedFileRow> {
      const [row] = await db.insert(sharedFiles).values(values).returning();
      return row as SharedFileRow;
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
    async remove(id: number): Promise<SharedFileRow | undefined> {
      const [row] = await db.delete(sharedFiles).where(eq(sharedFiles.id, id)).returning();
      return row;
    },

    /** Deletes up to `limit` expired shares and returns them; safe to run on several instances at once. */
    async removeExpired(now = new Date(), limit = 500): Promise<SharedFileRow[]> {
      const expired = await db
        .select({ id: sharedFiles.id })
        .from(sharedFiles)
        .where(lte(sharedFiles.expiresAt, now))
        .limit(limit);
      if (expired.length === 0) return [];
      return db
        .delete(sharedFiles)
        .where(
          and(
            inArray(
              sharedFiles.id,
              expired.map((row) => row.id),
            ),
            lte(sharedFiles.expiresAt, now),
          ),
        )
        .returning();
    },
  };
}

export type SharedFileRepository = ReturnType<typeof sharedFileRepository>;
