import { sql } from "drizzle-orm";
import { chatLimits } from "../../../shared/chat.ts";
import type { Db } from "../../db/client.ts";
import { GroupCommit } from "../../lib/group-commit.ts";
import type { AccountRef } from "../../plugins/account-events.ts";
import type { MessageRow } from "./message-view.ts";

/** A message to store: who sends it (id and name now), to whom or which group, and what. */
export interface NewMessage {
  type: MessageRow["type"];
  sender: AccountRef;
  /** Private messages: the other account. */
  recipient?: AccountRef | null;
  /** Group messages: the group. */
  groupId?: number | null;
  /** The sender's own id for the message (DESIGN §10). */
  clientId?: string | null;
  content: string;
  fileUrl?: string | null;
  fileType?: string | null;
  fileName?: string | null;
  /** DESIGN §10: the message it answers (checked to be in the same conversation). */
  replyToId?: number | null;
  /** DESIGN §10: the readers it @mentions (a subset of the readers). */
  mentionIds?: readonly number[];
}

/** What became of a write. Only `stored` spent a `seq`. */
export type WriteResult =
  | { status: "stored"; row: MessageRow }
  /** The sender had already used this clientId: nothing new was stored. */
  | { status: "duplicate"; messageId: number }
  /** More than the rate limit allows in its window: nothing stored. */
  | { status: "rate-limited" }
  /** The group (so its conversation) no longer exists. */
  | { status: "no-conversation" };

/** DESIGN §10: at most `messages` stored messages per account in any `windowMs`. */
export interface RateLimit {
  messages: number;
  windowMs: number;
}

export const defaultRateLimit: RateLimit = {
  messages: chatLimits.rateLimitMessages,
  windowMs: chatLimits.rateLimitWindowMs,
};

export interface WriterOptions {
  /**
   * This is the database's only connection (PGlite): no other writer can interleave, so the batch
   * skips taking row locks on its conversations and senders.
   */
  exclusive?: boolean;
  /** Told how many messages each committed batch stored (the metrics' chat_messages_stored_total). */
  onStored?: (count: number) => void;
}

/** One message with the account ids that get it as unread (never the sender). */
interface Pending {
  message: NewMessage;
  readers: readonly number[];
}

/**
 * Stores messages with their `seq` and unread rows, group-committing concurrent sends (GroupCommit):
 * a SEND's promise resolves only once its batch is committed: that is what its RECEIPT means.
 *
 * A batch is one call of the database function chat_store_messages (migrations 0006 and 0007), one round
 * trip and one transaction: it creates missing private conversations, locks the conversations and
 * then the senders by id (so the rate limit and clientIds hold across instances; not needed, so not
 * done, when this is the database's only connection), and stores what
 * is neither a repeat nor over the limit. Several statements with the decisions here would take
 * five round trips or more, each waiting for a busy event loop: measured, that tripled delivery
 * latency at 2 000 messages/s.
 */
export class MessageWriter {
  private readonly commits = new GroupCommit<Pending, WriteResult>((batch) => this.writeBatch(batch));

  constructor(
    private readonly db: Db,
    private readonly rateLimit: RateLimit = defaultRateLimit,
    private readonly options: WriterOptions = {},
  ) {}

  write(message: NewMessage, readers: readonly number[]): Promise<WriteResult> {
    return this.commits.submit({ message, readers });
  }

  /** Resolves once everything queued so far is written (or failed). */
  flush(): Promise<void> {
    return this.commits.flush();
  }

  private async writeBatch(batch: Pending[]): Promise<WriteResult[]> {
    const { input, statement } = storeMessagesCall(batch, this.rateLimit, this.options.exclusive ?? false);
    // Both drivers (node-postgres and PGlite) answer raw SQL with `{ rows }`.
    const { rows } = (await this.db.execute(statement)) as unknown as { rows: RawOutcome[] };
    const stored = rows.filter((row) => row.outcome === "stored").length;
    if (stored > 0) this.options.onStored?.(stored);
    return rows.map((row): WriteResult => {
      const n = Number(row.n);
      switch (row.outcome) {
        case "stored": {
          const fields = input[n]!;
          return {
            status: "stored",
            row: {
              id: Number(row.message_id),
              conversationId: Number(row.conversation_id),
              seq: Number(row.seq),
              type: fields.type,
              senderId: fields.sender_id,
              senderName: fields.sender_name,
              recipientId: fields.recipient_id,
              recipientName: fields.recipient_name,
              groupId: fields.group_id,
              clientId: fields.client_id,
              content: fields.content,
              fileUrl: fields.file_url,
              fileType: fields.file_type,
              fileName: fields.file_name,
              createdAt: new Date(row.created_at!),
              editedAt: null,
              deletedAt: null,
              replyToId: fields.reply_to_id,
            },
          };
        }
        case "duplicate":
          return { status: "duplicate", messageId: Number(row.message_id) };
        case "rate-limited":
          return { status: "rate-limited" };
        default:
          return { status: "no-conversation" };
      }
    });
  }
}

/**
 * The one call of chat_store_messages for a batch: its rows as the function reads them (`n` is the
 * position in the batch) and the statement. Exported for the tests that drive the function itself.
 */
export function storeMessagesCall(
  batch: readonly { message: NewMessage; readers: readonly number[] }[],
  rateLimit: RateLimit,
  exclusive: boolean,
) {
  const input = batch.map(({ message }, n) => {
    const [low, high] =
      message.groupId != null ? [null, null] : [message.sender.id, recipientOf(message).id].sort((a, b) => a - b);
    return {
      n,
      group_id: message.groupId ?? null,
      low,
      high,
      type: message.type,
      sender_id: message.sender.id,
      sender_name: message.sender.username,
      recipient_id: message.recipient?.id ?? null,
      recipient_name: message.recipient?.username ?? null,
      client_id: message.clientId ?? null,
      content: message.content,
      file_url: message.fileUrl ?? null,
      file_type: message.fileType ?? null,
      file_name: message.fileName ?? null,
      reply_to_id: message.replyToId ?? null,
    };
  });
  const readers = batch.flatMap(({ message, readers }, n) =>
    readers.map((userId) => ({ n, user_id: userId, mentioned: message.mentionIds?.includes(userId) ?? false })),
  );
  const statement = sql`
    SELECT * FROM chat_store_messages(
      ${JSON.stringify(input)}::jsonb,
      ${JSON.stringify(readers)}::jsonb,
      ${rateLimit.messages}::integer,
      ${rateLimit.windowMs} * interval '1 millisecond',
      ${exclusive}::boolean)`;
  return { input, statement };
}

const recipientOf = (message: NewMessage) => {
  if (!message.recipient) throw new Error("a private message needs a recipient");
  return message.recipient;
};

/** One row of chat_store_messages (bigint as string or number, by driver). */
interface RawOutcome extends Record<string, unknown> {
  n: number;
  outcome: "stored" | "duplicate" | "rate-limited" | "no-conversation";
  message_id: string | number | null;
  seq: string | number | null;
  conversation_id: string | number | null;
  created_at: Date | string | null;
}
