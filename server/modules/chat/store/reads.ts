import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { Reader, ReadMark, UnreadItem } from "../../../../shared/chat.ts";
import type { Db } from "../../../db/client.ts";
import { chatReadMarks, messages, unreadMessages, users } from "../../../db/schema.ts";
import { messageColumns, recipientAccount, senderAccount } from "./message-select.ts";

/**
 * Reads: what each account has not read yet, and the read marks behind the receipts (written by
 * read-recorder.ts, which moves the marks in batches).
 */
export function readStore(db: Db) {
  return {
    /** What the account has not read yet, oldest first. */
    async unreadFor(userId: number, limit = 10_000): Promise<UnreadItem[]> {
      const rows = await db
        .select({
          id: messages.id,
          type: messages.type,
          sender: messageColumns.sender,
          recipient: messageColumns.recipient,
          groupId: messages.groupId,
          mentioned: unreadMessages.mentioned,
        })
        .from(unreadMessages)
        .innerJoin(messages, eq(messages.id, unreadMessages.messageId))
        .leftJoin(senderAccount, eq(senderAccount.id, messages.senderId))
        .leftJoin(recipientAccount, eq(recipientAccount.id, messages.recipientId))
        .where(eq(unreadMessages.userId, userId))
        .orderBy(asc(messages.id))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        sender: row.sender,
        recipient: row.recipient,
        group: row.groupId === null ? null : { id: row.groupId },
        mentioned: row.mentioned,
      }));
    },

    /** Marks everything of a conversation read for the account; the number marked. */
    async markConversationRead(conversationId: number | undefined, userId: number): Promise<number> {
      if (conversationId === undefined) return 0;
      const rows = await db
        .delete(unreadMessages)
        .where(
          and(
            eq(unreadMessages.userId, userId),
            inArray(
              unreadMessages.messageId,
              db.select({ id: messages.id }).from(messages).where(eq(messages.conversationId, conversationId)),
            ),
          ),
        )
        .returning({ id: unreadMessages.messageId });
      return rows.length;
    },

    /** Who has read the message with `seq` in a conversation, and when first, but its sender. */
    async readers(conversationId: number, seq: number, senderId: number | null): Promise<Reader[]> {
      const at = sql<Date>`min(${chatReadMarks.at})`;
      const rows = await db
        .select({ username: users.username, at })
        .from(chatReadMarks)
        .innerJoin(users, eq(users.id, chatReadMarks.userId))
        .where(
          and(
            eq(chatReadMarks.conversationId, conversationId),
            sql`${chatReadMarks.upToSeq} >= ${seq}`,
            senderId === null ? undefined : ne(chatReadMarks.userId, senderId),
          ),
        )
        .groupBy(users.id, users.username)
        .orderBy(at, asc(users.username));
      return rows.map((row) => ({ username: row.username, at: new Date(row.at).toISOString() }));
    },

    /** How far each person but `exceptId` has read a conversation: their highest mark. */
    async readMarks(conversationId: number, exceptId: number): Promise<ReadMark[]> {
      const rows = await db
        .selectDistinctOn([chatReadMarks.userId], {
          username: users.username,
          upToSeq: chatReadMarks.upToSeq,
          at: chatReadMarks.at,
        })
        .from(chatReadMarks)
        .innerJoin(users, eq(users.id, chatReadMarks.userId))
        .where(and(eq(chatReadMarks.conversationId, conversationId), ne(chatReadMarks.userId, exceptId)))
        .orderBy(chatReadMarks.userId, desc(chatReadMarks.upToSeq));
      return rows.map((row) => ({ username: row.username, upToSeq: row.upToSeq, at: row.at.toISOString() }));
    },
  };
}

export type ReadStore = ReturnType<typeof readStore>;
