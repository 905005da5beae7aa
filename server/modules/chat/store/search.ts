import { and, count, desc, inArray, isNull, sql } from "drizzle-orm";
import type { ChatMessage } from "../../../../shared/chat.ts";
import type { Db } from "../../../db/client.ts";
import { chatGroups, messages } from "../../../db/schema.ts";
import { viewToMessage } from "../message-view.ts";
import { readableConversations } from "./conversations.ts";
import { selectMessages } from "./message-select.ts";

/** The messages, not deleted, of these conversations that match a text-search query. */
const matching = (tsquery: string, conversationIds: number[]) =>
  and(
    sql`${messages.search} @@ to_tsquery('simple'::regconfig, ${tsquery})`,
    isNull(messages.deletedAt),
    inArray(messages.conversationId, conversationIds),
  );

/** Text search over messages (the query itself is built by ../search.ts). */
export function searchStore(db: Db) {
  return {
    /**
     * DESIGN §10 search: the messages matching a text-search query (PostgreSQL `to_tsquery` syntax,
     * built by search.ts) that the viewer may read now: their private conversations and the groups
     * they are a member of (or the one conversation asked for, checked by the caller). Newest first.
     */
    async search(
      viewerId: number,
      tsquery: string,
      conversationId: number | undefined,
      page: number,
      size: number,
    ): Promise<{ messages: ChatMessage[]; total: number }> {
      // The conversations first, as a list: joined in the same statement, the planner ran the
      // text-search index once per conversation (205 ms for a rare word over a million messages).
      const conversationIds =
        conversationId !== undefined ? [conversationId] : await readableConversations(db, viewerId);
      if (conversationIds.length === 0) return { messages: [], total: 0 };
      const where = matching(tsquery, conversationIds);
      const [rows, [total]] = await Promise.all([
        selectMessages(db)
          .where(where)
          .orderBy(desc(messages.id))
          .limit(size)
          .offset(page * size),
        db.select({ n: count() }).from(messages).where(where),
      ]);
      return { messages: rows.map(viewToMessage), total: total?.n ?? 0 };
    },

    /** The newest `limit` of those messages, without counting them all (search everything, DESIGN §15). */
    async searchNewest(viewerId: number, tsquery: string, limit: number): Promise<ChatMessage[]> {
      const conversationIds = await readableConversations(db, viewerId);
      if (conversationIds.length === 0) return [];
      const rows = await selectMessages(db)
        .where(matching(tsquery, conversationIds))
        .orderBy(desc(messages.id))
        .limit(limit);
      return rows.map(viewToMessage);
    },

    /** Group names by id (the ones that still exist). */
    async groupNames(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: chatGroups.id, name: chatGroups.name })
        .from(chatGroups)
        .where(inArray(chatGroups.id, [...ids]));
      return new Map(rows.map((row) => [row.id, row.name]));
    },
  };
}

export type SearchStore = ReturnType<typeof searchStore>;
