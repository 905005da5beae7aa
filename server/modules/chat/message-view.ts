import { type ChatMessage, chatLimits, type Reactions, type ReplyQuote } from "../../../shared/chat.ts";
import type { messages } from "../../db/schema.ts";

/** A message as stored (without its search document, which only the database reads). */
export type MessageRow = Omit<typeof messages.$inferSelect, "search">;

/** A message with its people named as they are now (or as they were, once their account is gone). */
interface MessageView {
  id: number;
  seq: number;
  clientId: string | null;
  type: MessageRow["type"];
  senderId: number | null;
  sender: string;
  recipient: string | null;
  groupId: number | null;
  content: string;
  fileUrl: string | null;
  fileType: string | null;
  fileName: string | null;
  createdAt: Date;
  editedAt: Date | null;
  deletedAt: Date | null;
  reply: ReplyQuote | null;
  /** [emoji, username] in the order the reactions were made. */
  reactions: readonly (readonly [string, string])[] | null;
  mentions: readonly string[] | null;
}

/** A row of the message query (store/message-select.ts): the view with its reply's columns, not yet a quote. */
export type MessageViewRow = Omit<MessageView, "reply"> & {
  replyId: number | null;
  replySender: string | null;
  replyText: string | null;
  replyDeleted: boolean | null;
};

/** A reply's quote of its original: the start of its text on one line (empty once it is deleted). */
export function excerptOf(content: string, deleted: boolean): string {
  if (deleted) return "";
  const line = content.replace(/\s+/g, " ").trim();
  const max = chatLimits.replyExcerptChars;
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}

/** Reactions as DESIGN §10 shows them: each emoji (first used first) with who reacted, in order. */
export function reactionsFrom(pairs: readonly (readonly [string, string])[] | null): Reactions {
  const reactions: Reactions = {};
  for (const [emoji, username] of pairs ?? []) {
    const who = reactions[emoji] ?? [];
    who.push(username);
    reactions[emoji] = who;
  }
  return reactions;
}

export const toChatMessage = (row: MessageView): ChatMessage => ({
  id: row.id,
  seq: row.seq,
  clientId: row.clientId,
  type: row.type,
  sender: row.sender,
  senderRemoved: row.senderId === null,
  recipient: row.recipient,
  groupId: row.groupId,
  content: row.content,
  timestamp: row.createdAt.toISOString(),
  fileUrl: row.fileUrl,
  fileType: row.fileType,
  fileName: row.fileName,
  editedAt: row.editedAt?.toISOString() ?? null,
  deleted: row.deletedAt !== null,
  replyTo: row.reply,
  reactions: reactionsFrom(row.reactions),
  mentions: [...(row.mentions ?? [])],
});

/** A row just written: its names are the current ones; its quote and mentions as the sender resolved them. */
export const storedMessage = (
  row: MessageRow,
  extra: { reply?: ReplyQuote | null; mentions?: readonly string[] } = {},
): ChatMessage =>
  toChatMessage({
    ...row,
    sender: row.senderName,
    recipient: row.recipientName,
    reply: extra.reply ?? null,
    reactions: null,
    mentions: extra.mentions ?? null,
  });

/** A selected row of the message query as the API shows it. */
export function viewToMessage(row: MessageViewRow): ChatMessage {
  return toChatMessage({
    ...row,
    reply:
      row.replyId === null
        ? null
        : {
            id: row.replyId,
            sender: row.replySender ?? "",
            excerpt: excerptOf(row.replyText ?? "", row.replyDeleted === true),
          },
  });
}
