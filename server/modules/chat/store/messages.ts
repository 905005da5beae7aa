import { and, asc, count, desc, eq, getTableColumns, gt, inArray, isNull, sql } from "drizzle-orm";
import { type CatchUpPage, type ChatMessage, chatPaths, type MessagePage } from "../../../../shared/chat.ts";
import type { Db } from "../../../db/client.ts";
import { chatAttachments, chatMentions, chatReactions, messages, unreadMessages } from "../../../db/schema.ts";
import { type MessageRow, viewToMessage } from "../message-view.ts";
import { selectMessages } from "./message-select.ts";

const emptyPage = (page: number, size: number): MessagePage => ({
  content: [],
  page,
  size,
  totalElements: 0,
  last: true,
});

/** Messages: a conversation's history, one message, and the changes to a sent one (DESIGN §10). */
export function messageStore(db: Db) {
  /** A page of a conversation, newest page first, ascending within the page (DESIGN §4). */
  async function pageOf(conversationId: number | undefined, page: number, size: number): Promise<MessagePage> {
    if (conversationId === undefined) return emptyPage(page, size);
    const where = eq(messages.conversationId, conversationId);
    const [rows, [total]] = await Promise.all([
      selectMessages(db)
        .where(where)
        .orderBy(desc(messages.seq))
        .limit(size)
        .offset(page * size),
      db.select({ n: count() }).from(messages).where(where),
    ]);
    const totalElements = total?.n ?? 0;
    return {
      content: rows.reverse().map(viewToMessage),
      page,
      size,
      totalElements,
      last: (page + 1) * size >= totalElements,
    };
  }

  return {
    /** Page `page` of a conversation (none yet: an empty page). */
    history: pageOf,

    /** DESIGN §10 catch-up: the messages after `seq`, ascending, at most `size`. */
    async after(conversationId: number | undefined, seq: number, size: number): Promise<CatchUpPage> {
      if (conversationId === undefined) return { content: [], last: true };
      const rows = await selectMessages(db)
        .where(and(eq(messages.conversationId, conversationId), gt(messages.seq, seq)))
        .orderBy(asc(messages.seq))
        .limit(size + 1);
      return { content: rows.slice(0, size).map(viewToMessage), last: rows.length <= size };
    },

    /** The page (numbered as `page=` numbers them) that holds message `messageId`; undefined when it is not in the conversation. */
    async around(
      conversationId: number | undefined,
      messageId: number,
      size: number,
    ): Promise<MessagePage | undefined> {
      if (conversationId === undefined) return undefined;
      const [target] = await db
        .select({ seq: messages.seq })
        .from(messages)
        .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)))
        .limit(1);
      if (!target) return undefined;
      const newer = await db.$count(
        messages,
        and(eq(messages.conversationId, conversationId), gt(messages.seq, target.seq)),
      );
      return pageOf(conversationId, Math.floor(newer / size), size);
    },

    /** One message as the API shows it. */
    async message(messageId: number): Promise<ChatMessage | undefined> {
      const [row] = await selectMessages(db).where(eq(messages.id, messageId)).limit(1);
      return row && viewToMessage(row);
    },

    /** One message by id, as stored. */
    async messageFor(messageId: number): Promise<MessageRow | undefined> {
      const { search: _search, ...columns } = getTableColumns(messages);
      const [row] = await db.select(columns).from(messages).where(eq(messages.id, messageId)).limit(1);
      return row;
    },

    /** Edits a message that is not deleted (its @mentions replaced); false when it is gone or deleted. */
    async editMessage(id: number, content: string, mentionIds: readonly number[] | undefined): Promise<boolean> {
      return db.transaction(async (tx) => {
        const edited = await tx
          .update(messages)
          .set({ content, editedAt: sql`now()` })
          .where(and(eq(messages.id, id), isNull(messages.deletedAt)))
          .returning({ id: messages.id });
        if (edited.length === 0) return false;
        if (mentionIds !== undefined) {
          await tx.delete(chatMentions).where(eq(chatMentions.messageId, id));
          if (mentionIds.length > 0) {
            await tx
              .insert(chatMentions)
              .values(mentionIds.map((userId) => ({ messageId: id, userId })))
              .onConflictDoNothing();
          }
          // The mention badge follows the text: an unread copy mentions its reader when the text now does.
          await tx
            .update(unreadMessages)
            .set({ mentioned: mentionIds.length > 0 ? inArray(unreadMessages.userId, [...mentionIds]) : sql`false` })
            .where(eq(unreadMessages.messageId, id));
        }
        return true;
      });
    },

    /**
     * Deletes a message (DESIGN §10): its text, attachment, reactions, mentions and unread rows are
     * erased; the row stays as a tombstone, in its place in the conversation. Returns the attachment
     * keys no other message carries, whose rows are removed here: the caller removes their files
     * after the commit (a crash in between leaves files without rows, which start-up removes).
     * Undefined when the message was already deleted (or never existed).
     */
    async deleteMessage(id: number): Promise<{ attachmentKeys: string[] } | undefined> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({ fileUrl: messages.fileUrl })
          .from(messages)
          .where(and(eq(messages.id, id), isNull(messages.deletedAt)))
          .for("update");
        if (!before) return undefined;
        await tx
          .update(messages)
          .set({ deletedAt: sql`now()`, content: "", fileUrl: null, fileType: null, fileName: null })
          .where(eq(messages.id, id));
        await tx.delete(chatReactions).where(eq(chatReactions.messageId, id));
        await tx.delete(chatMentions).where(eq(chatMentions.messageId, id));
        await tx.delete(unreadMessages).where(eq(unreadMessages.messageId, id));
        if (!before.fileUrl) return { attachmentKeys: [] };
        const urlOf = sql`${chatPaths.chatFilesPrefix} || ${chatAttachments.key}`;
        const removed = await tx
          .delete(chatAttachments)
          .where(
            and(
              eq(urlOf, before.fileUrl),
              sql`not exists (select 1 from ${messages} where ${messages.fileUrl} = ${before.fileUrl})`,
            ),
          )
          .returning({ key: chatAttachments.key });
        return { attachmentKeys: removed.map((row) => row.key) };
      });
    },
  };
}

export type MessageStore = ReturnType<typeof messageStore>;
