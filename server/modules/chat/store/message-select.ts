import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { chatLimits } from "../../../../shared/chat.ts";
import type { Db } from "../../../db/client.ts";
import { chatMentions, chatReactions, messages, users } from "../../../db/schema.ts";

// The query behind message-view.ts: a message with its people, reply, reactions and mentions.

export const senderAccount = alias(users, "sender_account");
export const recipientAccount = alias(users, "recipient_account");
const replyMessage = alias(messages, "reply_message");
const replyAccount = alias(users, "reply_account");

export const messageColumns = {
  id: messages.id,
  seq: messages.seq,
  clientId: messages.clientId,
  type: messages.type,
  senderId: messages.senderId,
  sender: sql<string>`coalesce(${senderAccount.username}, ${messages.senderName})`,
  recipient: sql<string | null>`coalesce(${recipientAccount.username}, ${messages.recipientName})`,
  groupId: messages.groupId,
  content: messages.content,
  fileUrl: messages.fileUrl,
  fileType: messages.fileType,
  fileName: messages.fileName,
  createdAt: messages.createdAt,
  editedAt: messages.editedAt,
  deletedAt: messages.deletedAt,
  replyId: replyMessage.id,
  replySender: sql<string | null>`coalesce(${replyAccount.username}, ${replyMessage.senderName})`,
  // Enough of the original for its excerpt, not all of a long one.
  replyText: sql<string | null>`left(${replyMessage.content}, ${chatLimits.replyExcerptChars * 4})`,
  replyDeleted: sql<boolean | null>`(${replyMessage.deletedAt} is not null)`,
  reactions: sql<[string, string][] | null>`(select json_agg(json_build_array(${chatReactions.emoji}, ${users.username})
    order by ${chatReactions.createdAt}, ${chatReactions.emoji}, ${users.id})
    from ${chatReactions} join ${users} on ${users.id} = ${chatReactions.userId}
    where ${chatReactions.messageId} = ${messages.id})`,
  mentions: sql<string[] | null>`(select json_agg(${users.username} order by ${users.username})
    from ${chatMentions} join ${users} on ${users.id} = ${chatMentions.userId}
    where ${chatMentions.messageId} = ${messages.id})`,
};

/** Messages as the API shows them (map each row with viewToMessage); the caller adds where, order and limit. */
export const selectMessages = (db: Db) =>
  db
    .select(messageColumns)
    .from(messages)
    .leftJoin(senderAccount, eq(senderAccount.id, messages.senderId))
    .leftJoin(recipientAccount, eq(recipientAccount.id, messages.recipientId))
    .leftJoin(replyMessage, eq(replyMessage.id, messages.replyToId))
    .leftJoin(replyAccount, eq(replyAccount.id, replyMessage.senderId));
