import { and, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { fileRequests, receivedFiles, users } from "../../db/schema.ts";

export type FileRequestRow = typeof fileRequests.$inferSelect;
export type ReceivedFileRow = typeof receivedFiles.$inferSelect;
/** Writes a change's audit entry in the change's transaction (DESIGN §11). */
export type FileRequestAuditWriter = (tx: Db, row: FileRequestRow) => Promise<void>;

/** Rows of file requests and the files received through them. */
export function fileRequestRepository(db: Db) {
  return {
    async insert(values: typeof fileRequests.$inferInsert, audit: FileRequestAuditWriter): Promise<FileRequestRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.insert(fileRequests).values(values).returning();
        await audit(tx as unknown as Db, row as FileRequestRow);
        return row as FileRequestRow;
      });
    },

    /** Every request, newest first, with the files received through each (oldest first). */
    async listWithFiles(): Promise<{ request: FileRequestRow; files: ReceivedFileRow[] }[]> {
      const requests = await db
        .select()
        .from(fileRequests)
        .orderBy(desc(fileRequests.createdAt), desc(fileRequests.id));
      if (requests.length === 0) return [];
      const files = await db
        .select()
        .from(receivedFiles)
        .where(
          inArray(
            receivedFiles.requestId,
            requests.map((request) => request.id),
          ),
        )
        .orderBy(receivedFiles.receivedAt, receivedFiles.id);
      return requests.map((request) => ({ request, files: files.filter((file) => file.requestId === request.id) }));
    },

    async byToken(token: string): Promise<FileRequestRow | undefined> {
      const [row] = await db.select().from(fileRequests).where(eq(fileRequests.token, token)).limit(1);
      return row;
    },

    async byId(id: number, tx: Db = db): Promise<FileRequestRow | undefined> {
      const [row] = await tx.select().from(fileRequests).where(eq(fileRequests.id, id)).limit(1);
      return row;
    },

    /**
     * The request, locked until `tx` ends: uploads beginning at the same time count what it has
     * received and reserved one after the other, so together they cannot pass its limit.
     */
    async lockById(tx: Db, id: number): Promise<FileRequestRow | undefined> {
      const [row] = await tx.select().from(fileRequests).where(eq(fileRequests.id, id)).for("update");
      return row;
    },

    async receivedBytes(requestId: number, tx: Db = db): Promise<number> {
      const [row] = await tx
        .select({ total: sql<string | null>`sum(${receivedFiles.sizeBytes})` })
        .from(receivedFiles)
        .where(eq(receivedFiles.requestId, requestId));
      return Number(row?.total ?? 0);
    },

    async insertFile(tx: Db, values: typeof receivedFiles.$inferInsert): Promise<ReceivedFileRow> {
      const [row] = await tx.insert(receivedFiles).values(values).returning();
      return row as ReceivedFileRow;
    },

    async file(requestId: number, fileId: number): Promise<ReceivedFileRow | undefined> {
      const [row] = await db
        .select()
        .from(receivedFiles)
        .where(and(eq(receivedFiles.id, fileId), eq(receivedFiles.requestId, requestId)))
        .limit(1);
      return row;
    },

    /**
     * Deletes a request and its files' rows with its audit entry; the request and its files' keys
     * (for the caller to erase), or undefined when there was no such request.
     */
    async remove(
      id: number,
      audit: FileRequestAuditWriter,
    ): Promise<{ request: FileRequestRow; keys: string[] } | undefined> {
      return db.transaction(async (tx) => {
        // Locked first: a file whose upload is ending now (it locks the request too) is either
        // committed before and listed here, or finds the request gone and is not kept.
        await tx.select({ id: fileRequests.id }).from(fileRequests).where(eq(fileRequests.id, id)).for("update");
        const files = await tx
          .select({ key: receivedFiles.key })
          .from(receivedFiles)
          .where(eq(receivedFiles.requestId, id));
        const [row] = await tx.delete(fileRequests).where(eq(fileRequests.id, id)).returning();
        if (!row) return undefined;
        await audit(tx as unknown as Db, row);
        return { request: row, keys: files.map((file) => file.key) };
      });
    },

    /**
     * Claims the right to e-mail the admin about arriving files: true at most once per `quietMs`
     * for a request (one e-mail for a batch of files, not one per file), whichever instance asks.
     */
    async claimNotification(id: number, quietMs: number, now = new Date()): Promise<boolean> {
      const rows = await db
        .update(fileRequests)
        .set({ notifiedAt: now })
        .where(
          and(
            eq(fileRequests.id, id),
            or(isNull(fileRequests.notifiedAt), lt(fileRequests.notifiedAt, new Date(now.getTime() - quietMs))),
          ),
        )
        .returning({ id: fileRequests.id });
      return rows.length === 1;
    },

    /** The admin who asked for the files (undefined when the account is gone). */
    async requester(row: FileRequestRow): Promise<{ email: string; username: string } | undefined> {
      if (row.createdBy === null) return undefined;
      const [user] = await db
        .select({ email: users.email, username: users.username })
        .from(users)
        .where(eq(users.id, row.createdBy))
        .limit(1);
      return user;
    },
  };
}

export type FileRequestRepository = ReturnType<typeof fileRequestRepository>;
