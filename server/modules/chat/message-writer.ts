import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { messages, unreadMessages } from "../../db/schema.ts";
import type { MessageRow } from "./repository.ts";

export type NewMessage = Omit<typeof messages.$inferInsert, "id" | "createdAt">;

interface Pending {
  message: NewMessage;
  /** Who gets it as unread (never the sender). */
  readers: readonly string[];
  resolve: (row: MessageRow) => void;
  reject: (error: unknown) => void;
}

/** Most messages one INSERT carries; bigger bursts take several round trips. */
const MAX_BATCH = 500;

/**
 * Stores messages with their unread rows, group-committing concurrent sends: a batch is what was
 * sent during one turn of the event loop, and while it is being written, the next sends queue up
 * and go together in the next statement. An idle writer writes at the end of the current turn, so
 * batching adds well under a millisecond; under load it turns thousands of sends a second into a
 * few hundred statements. A promise resolves only once its message is committed: that is what a
 * SEND's RECEIPT means.
 */
export class MessageWriter {
  private queue: Pending[] = [];
  /** The drain in progress, if any. */
  private draining: Promise<void> | undefined;

  constructor(private readonly db: Db) {}

  write(message: NewMessage, readers: readonly string[]): Promise<MessageRow> {
    return new Promise((resolve, reject) => {
      this.queue.push({ message, readers, resolve, reject });
      this.draining ??= this.drain();
    });
  }

  /** Resolves once everything queued so far is written (or failed). */
  async flush(): Promise<void> {
    await this.draining;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        // Let this turn's other sends (the rest of the sockets that were readable) join the batch.
        // Needed with PGlite above all: its queries resolve without returning to the event loop,
        // so without this yield every message would be a batch of one.
        await new Promise((resolve) => setImmediate(resolve));
        const batch = this.queue.splice(0, MAX_BATCH);
        try {
          const rows = await this.writeBatch(batch);
          for (const [i, pending] of batch.entries()) pending.resolve(rows[i]!);
        } catch (error) {
          if (batch.length === 1) batch[0]!.reject(error);
          // One bad message must not sink the others: write them one by one.
          else
            for (const pending of batch)
              await this.writeBatch([pending]).then(([row]) => pending.resolve(row!), pending.reject);
        }
      }
    } finally {
      // No await between the loop's last check and here: a write() cannot slip in unseen.
      this.draining = undefined;
    }
  }

  /**
   * One batch in one statement (one round trip, atomic without BEGIN/COMMIT): the messages go in
   * in batch order, so their ids ascend in that order, and each reader's unread row joins its
   * message by that position.
   */
  private async writeBatch(batch: Pending[]): Promise<MessageRow[]> {
    const input = batch.map(({ message }, n) => ({ n, ...message }));
    const readers = batch.flatMap(({ readers }, n) => readers.map((username) => ({ n, username })));
    // Both drivers (node-postgres and PGlite) answer raw SQL with `{ rows }`.
    const { rows } = (await this.db.execute(sql`
      WITH input AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS x(
          n int, type text, sender text, recipient text, "groupId" bigint, content text,
          "fileUrl" text, "fileType" text, "fileName" text)
      ), inserted AS (
        INSERT INTO ${messages} (type, sender, recipient, group_id, content, file_url, file_type, file_name)
        SELECT type, sender, recipient, "groupId", content, "fileUrl", "fileType", "fileName"
        FROM input ORDER BY n
        RETURNING *
      ), numbered AS (
        SELECT inserted.*, (row_number() OVER (ORDER BY id) - 1)::int AS n FROM inserted
      ), unread AS (
        INSERT INTO ${unreadMessages} (message_id, username)
        SELECT numbered.id, reader.username
        FROM numbered JOIN jsonb_to_recordset(${JSON.stringify(readers)}::jsonb) AS reader(n int, username text) USING (n)
      )
      SELECT * FROM numbered ORDER BY n`)) as unknown as { rows: RawMessageRow[] };
    if (rows.length !== batch.length) throw new Error("message insert returned a different number of rows");
    return rows.map(toMessageRow);
  }
}

/** A messages row as the drivers return it from raw SQL (bigint as string or number). */
interface RawMessageRow extends Record<string, unknown> {
  id: string | number;
  type: MessageRow["type"];
  sender: string;
  recipient: string | null;
  group_id: string | number | null;
  content: string;
  file_url: string | null;
  file_type: string | null;
  file_name: string | null;
  created_at: Date | string;
}

const toMessageRow = (row: RawMessageRow): MessageRow => ({
  id: Number(row.id),
  type: row.type,
  sender: row.sender,
  recipient: row.recipient,
  groupId: row.group_id === null ? null : Number(row.group_id),
  content: row.content,
  fileUrl: row.file_url,
  fileType: row.file_type,
  fileName: row.file_name,
  createdAt: new Date(row.created_at),
});
