import {
  type ConversationKey,
  groupConversation,
  parseConversationKey,
  privateConversation,
} from "../../../../shared/chat.ts";
import type { ChatRef } from "./chat-ref.ts";

/** The chat a DESIGN §10 conversation key names (`private:<the other person>` from my side, `group:<id>`), or null. */
export function chatOfConversation(key: string): ChatRef | null {
  const parsed = parseConversationKey(key);
  if (!parsed) return null;
  return parsed.kind === "group"
    ? { kind: "group", groupId: parsed.groupId }
    : { kind: "user", username: parsed.username };
}

/** The conversation key of a chat, as the API names it. */
export const conversationOf = (chat: ChatRef): ConversationKey =>
  chat.kind === "user" ? privateConversation(chat.username) : groupConversation(chat.groupId);
