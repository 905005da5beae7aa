import { and, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sharedFiles, users } from "../../db/schema.ts";

export type SharedFileRow = typeof sharedFiles.$inferSelect;

/** Writes a change's audit entry in the change's transaction (DESIGN §11). */
export type ShareAuditWriter = (tx: Db, row: SharedFileRow) => Promise<void>;

/** Why a link answers 410 for good, or undefined while it serves (DESIGN §12). */
export type ShareEnd = "revoked" | "expired" | "used-up";

export function shareEnd(row: SharedFileRow, now = new Date()): ShareEnd | undefined {
  if (row.revokedAt) return "revoked";
  if (row.expiresAt.getTime() <= now.getTime()) return "expired";
  if (row.maxDownloads !== null && row.downloads >= row.maxDownloads) return "used-up";
  if (row.fileErasedAt) return "expired";
  return undefined;
}

/** The SQL of "this link still serves": the same rule as shareEnd, for atomic updates. */
const serving = (now: Date) =>
  and(
    isNull(sharedFiles.revokedAt),
    isNull(sharedFiles.fileErasedAt),
    gt(sharedFiles.expiresAt, now),
    or(isNull(sharedFiles.maxDownloads), sql`${sharedFiles.downloads} < ${sharedFiles.maxDownloads}`),
  );

/** Rows of admin file shares. The token is the storage key and the link's secret. */
export function sharedFileRepository(db: Db) {
  return {
    /** Records a share and its audit entry, in `tx` when given (a resumable upload's end), else in a transaction of its own. */
    async insert(values: typeof sharedFiles.$inferInsert, audit?: ShareAuditWriter, tx?: Db): Promise<SharedFileRow> {
      const write = async (t: Db) => {
        const [row] = await t.insert(sharedFiles).values(values).returning();
        await audit?.(t, row as SharedFileRow);
        return row as SharedFileRow;
      };
      return tx ? write(tx) : db.transaction((t) => write(t as unknown as Db));
    },

    /** Shares that have not expired and were not revoked, newest first (used-up ones too, until they expire). */
    listActive: (now = new Date()) =>
      db
        .select()
        .from(sharedFiles)
        .where(and(gt(sharedFiles.expiresAt, now), isNull(sharedFiles.revokedAt)))
        .orderBy(desc(sharedFiles.createdAt), desc(sharedFiles.id)),

    /**
     * Counts a download if the link still serves, in one statement (two visitors at the last
     * allowed download cannot both get it); the updated row, or undefined when the link has ended.
     */
    async countDownload(id: number, now = new Date()): Promise<SharedFileRow | undefined> {
      const [row] = await db
        .update(sharedFiles)
        .set({ downloads: sql`${sharedFiles.downloads} + 1`, lastDownloadAt: now })
        .where(and(eq(sharedFiles.id, id), serving(now)))
        .returning();
      return row;
    },

    /** The admin who shared it, to tell of the first download (undefined when the account is gone). */
    async sharer(row: SharedFileRow): Promise<{ email: string; username: string } | undefined> {
      if (row.uploadedBy === null) return undefined;
      const [user] = await db
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(eq(users.id, row.uploadedBy))
        .limit(1);
      return user;
    },

    /** Moves the end of a link that still serves (extend, or shorten); undefined when it has ended. */
    async setExpiry(id: number, expiresAt: Date, audit?: ShareAuditWriter, now = new Date()) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(sharedFiles)
          .set({ expiresAt })
          .where(and(eq(sharedFiles.id, id), serving(now)))
          .returning();
        if (row) await audit?.(tx as unknown as Db, row);
        return row;
      });
    },

    /**
     * Stops sharing: the row stays (its link answers 410 for good, the audit log keeps naming it)
     * and the caller erases the file. Undefined when there is no such share or it was revoked already.
     */
    async revoke(id: number, audit?: ShareAuditWriter, now = new Date()): Promise<SharedFileRow | undefined> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(sharedFiles)
          .set({ revokedAt: now })
          .where(and(eq(sharedFiles.id, id), isNull(sharedFiles.revokedAt)))
          .returning();
        if (row) await audit?.(tx as unknown as Db, row);
        return row;
      });
    },

    async byId(id: number): Promise<SharedFileRow | undefined> {
      const [row] = await db.select().from(sharedFiles).where(eq(sharedFiles.id, id)).limit(1);
      return row;
    },

    async byToken(token: string): Promise<SharedFileRow | undefined> {
      const [row] = await db.select().from(sharedFiles).where(eq(sharedFiles.token, token)).limit(1);
      return row;
    },

    /** Up to `limit` ended shares (expired, revoked or used up) whose file has not been erased yet. */
    expiredWithFiles: (now = new Date(), limit = 500) =>
      db
        .select()
        .from(sharedFiles)
        .where(
          and(
            isNull(sharedFiles.fileErasedAt),
            or(
              lte(sharedFiles.expiresAt, now),
              isNotNull(sharedFiles.revokedAt),
              sql`${sharedFiles.downloads} >= ${sharedFiles.maxDownloads}`,
            ),
          ),
        )
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
