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
 * Stores messages with their unread rows, group-committing concurrent sends: while one batch is
 * being written, the next sends queue up and go together in the next transaction. An idle writer
 * writes a lone message at once, so batching adds no latency; under load it turns thousands of
 * sends a second into a few hundred transactions. A promise resolves only once its message is
 * committed: that is what a SEND's RECEIPT means.
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

  private writeBatch(batch: Pending[]): Promise<MessageRow[]> {
    return this.db.transaction(async (tx) => {
      const rows = await tx
        .insert(messages)
        .values(batch.map((pending) => pending.message))
        .returning();
      // RETURNING keeps the VALUES order for a plain multi-row insert in PostgreSQL; check anyway.
      if (rows.length !== batch.length) throw new Error("message insert returned a different number of rows");
      const unread = batch.flatMap((pending, i) =>
        pending.readers.map((username) => ({ messageId: rows[i]!.id, username })),
      );
      for (let i = 0; i < unread.length; i += 5_000) {
        await tx.insert(unreadMessages).values(unread.slice(i, i + 5_000));
      }
      return rows;
    });
  }
}
