import type { ChatMessage } from "../../../../shared/chat.ts";

/** A conversation: a private chat with one user, or a group. */
export type ChatRef = { kind: "user"; username: string } | { kind: "group"; groupId: number };

/** A stable string for maps and React keys: "user:alice", "group:12" (usernames are unique regardless of case). */
export function chatKey(chat: ChatRef): string {
  return chat.kind === "user" ? `user:${chat.username.toLowerCase()}` : `group:${chat.groupId}`;
}

export function sameChat(a: ChatRef | null, b: ChatRef | null): boolean {
  if (!a || !b) return false;
  if (a.kind === "user" && b.kind === "user") return a.username.toLowerCase() === b.username.toLowerCase();
  if (a.kind === "group" && b.kind === "group") return a.groupId === b.groupId;
  return false;
}

/**
 * The conversation a message belongs to, seen from `me`: a private message is filed under the other
 * participant (my own echoed messages under their recipient), a group message under its group.
 */
export function chatOfMessage(message: ChatMessage, me: string): ChatRef | null {
  if (message.type === "GROUP_MESSAGE") {
    return message.groupId === null ? null : { kind: "group", groupId: message.groupId };
  }
  const mine = message.sender.toLowerCase() === me.toLowerCase();
  const other = mine ? message.recipient : message.sender;
  return other ? { kind: "user", username: other } : null;
}

/** The `?chat=` value a push notification or link opens: "user:alice" or "group:12". */
export function chatParam(chat: ChatRef): string {
  return chat.kind === "user" ? `user:${chat.username}` : `group:${chat.groupId}`;
}

/** Reads a `?chat=` value; anything malformed is null. */
export function parseChatParam(value: string | null | undefined): ChatRef | null {
  if (!value) return null;
  const match = /^(user|group):(.+)$/.exec(value);
  if (!match) return null;
  const [, kind, rest] = match;
  if (kind === "user") {
    const username = rest!.trim();
    return username && username.length <= 64 ? { kind: "user", username } : null;
  }
  if (!/^[1-9][0-9]{0,15}$/.test(rest!)) return null;
  const groupId = Number(rest);
  return Number.isSafeInteger(groupId) ? { kind: "group", groupId } : null;
}

/** The workspace's name of a conversation (DESIGN §15): `private:<username>` or `group:<id>`. */
export function conversationKeyOf(chat: ChatRef): string {
  return chat.kind === "user" ? `private:${chat.username}` : `group:${chat.groupId}`;
}

/** Reads a workspace conversation key (`private:alice`, `group:12`); anything malformed is null. */
export function parseConversationKey(value: string | null | undefined): ChatRef | null {
  if (!value) return null;
  const match = /^(private|group):(.+)$/.exec(value);
  if (!match) return null;
  return parseChatParam(`${match[1] === "private" ? "user" : "group"}:${match[2]}`);
}
