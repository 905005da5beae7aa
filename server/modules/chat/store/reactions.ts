import { and, asc, eq } from "drizzle-orm";
import type { Reactions } from "../../../../shared/chat.ts";
import type { Db } from "../../../db/client.ts";
import { chatReactions, messages, users } from "../../../db/schema.ts";
import { reactionsFrom } from "../message-view.ts";

/** Reactions to messages (DESIGN §10): one row per person and emoji. */
export function reactionStore(db: Db) {
  return {
    /**
     * Adds a reaction, unless the message is deleted ("deleted") or already has `max` other emojis
     * ("full"); "unchanged" when the person had it already. Serialised per message by a row lock,
     * so two people adding the 20th and 21st emoji at once cannot both succeed.
     */
    async addReaction(
      messageId: number,
      userId: number,
      emoji: string,
      max: number,
    ): Promise<"added" | "unchanged" | "deleted" | "full"> {
      return db.transaction(async (tx) => {
        const [target] = await tx
          .select({ deletedAt: messages.deletedAt })
          .from(messages)
          .where(eq(messages.id, messageId))
          .for("update");
        if (!target || target.deletedAt) return "deleted";
        const emojis = await tx
          .selectDistinct({ emoji: chatReactions.emoji })
          .from(chatReactions)
          .where(eq(chatReactions.messageId, messageId));
        if (!emojis.some((row) => row.emoji === emoji) && emojis.length >= max) return "full";
        const added = await tx
          .insert(chatReactions)
          .values({ messageId, userId, emoji })
          .onConflictDoNothing()
          .returning({ emoji: chatReactions.emoji });
        return added.length > 0 ? "added" : "unchanged";
      });
    },

    /** Takes a person's reaction back; false when they had none with that emoji. */
    async removeReaction(messageId: number, userId: number, emoji: string): Promise<boolean> {
      const removed = await db
        .delete(chatReactions)
        .where(
          and(eq(chatReactions.messageId, messageId), eq(chatReactions.userId, userId), eq(chatReactions.emoji, emoji)),
        )
        .returning({ emoji: chatReactions.emoji });
      return removed.length > 0;
    },

    async reactions(messageId: number): Promise<Reactions> {
      const rows = await db
        .select({ emoji: chatReactions.emoji, username: users.username })
        .from(chatReactions)
        .innerJoin(users, eq(users.id, chatReactions.userId))
        .where(eq(chatReactions.messageId, messageId))
        .orderBy(asc(chatReactions.createdAt), asc(chatReactions.emoji), asc(users.id));
      return reactionsFrom(rows.map((row) => [row.emoji, row.username] as const));
    },
  };
}

export type ReactionStore = ReturnType<typeof reactionStore>;
