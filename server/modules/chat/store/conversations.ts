import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client.ts";
import { chatConversations, groupMembers, messages, users } from "../../../db/schema.ts";

/** A conversation's people, as the access rules need them. */
export interface ConversationRow {
  id: number;
  groupId: number | null;
  userLow: number | null;
  userHigh: number | null;
  lastSeq: number;
}

const sameName = (column: AnyPgColumn, name: string) => sql`lower(${column}) = lower(${name})`;

/** The conversations an account may read now: its private ones and its groups'. */
export async function readableConversations(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(
      or(
        and(
          isNull(chatConversations.groupId),
          or(eq(chatConversations.userLow, userId), eq(chatConversations.userHigh, userId)),
        ),
        inArray(
          chatConversations.groupId,
          db.select({ id: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.userId, userId)),
        ),
      ),
    );
  return rows.map((row) => row.id);
}

/** Conversations: a private one per pair of accounts, one per group. */
export function conversationStore(db: Db) {
  return {
    /**
     * My private conversation with `name`: with the account (active or disabled) that has the
     * name; when none has, the one whose other side was deleted and last had that name (the newest
     * such), so its partner can still read it until someone takes the name.
     */
    async privateConversation(meId: number, name: string): Promise<number | undefined> {
      const [account] = await db.select({ id: users.id }).from(users).where(sameName(users.username, name)).limit(1);
      if (account) {
        const [low, high] = meId < account.id ? [meId, account.id] : [account.id, meId];
        const [row] = await db
          .select({ id: chatConversations.id })
          .from(chatConversations)
          .where(
            and(
              isNull(chatConversations.groupId),
              eq(chatConversations.userLow, low),
              eq(chatConversations.userHigh, high),
            ),
          )
          .limit(1);
        return row?.id;
      }
      const [row] = await db
        .select({ id: chatConversations.id })
        .from(chatConversations)
        .where(
          and(
            isNull(chatConversations.groupId),
            or(
              and(eq(chatConversations.userLow, meId), isNull(chatConversations.userHigh)),
              and(eq(chatConversations.userHigh, meId), isNull(chatConversations.userLow)),
            ),
            sql`exists (select 1 from ${messages} where ${messages.conversationId} = ${chatConversations.id} and (
              (${messages.senderId} is null and ${sameName(messages.senderName, name)}) or
              (${messages.type} = 'PRIVATE_MESSAGE' and ${messages.recipientId} is null and ${sameName(messages.recipientName, name)})))`,
          ),
        )
        .orderBy(desc(chatConversations.id))
        .limit(1);
      return row?.id;
    },

    async groupConversation(groupId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ id: chatConversations.id })
        .from(chatConversations)
        .where(eq(chatConversations.groupId, groupId))
        .limit(1);
      return row?.id;
    },

    async conversation(id: number): Promise<ConversationRow | undefined> {
      const [row] = await db
        .select({
          id: chatConversations.id,
          groupId: chatConversations.groupId,
          userLow: chatConversations.userLow,
          userHigh: chatConversations.userHigh,
          lastSeq: chatConversations.lastSeq,
        })
        .from(chatConversations)
        .where(eq(chatConversations.id, id))
        .limit(1);
      return row;
    },
  };
}

export type ConversationStore = ReturnType<typeof conversationStore>;
