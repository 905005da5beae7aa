import type { ChatMessage, UnreadItem } from "../../../../shared/chat.ts";
import { type ChatRef, chatKey, chatOfMessage, sameChat } from "./chat-ref.ts";

interface UnreadEntry {
  id: number;
  /** When this page learned of it (ms); a server list fetched earlier cannot know it yet. */
  at: number;
  /** DESIGN §10: it @mentions me (the mention badge). */
  mentioned: boolean;
}

/** Unread messages per conversation, by message id (so a message is never counted twice). */
export interface UnreadState {
  byChat: Readonly<Record<string, readonly UnreadEntry[]>>;
  /** Ids already counted or shown, newest last: a duplicate delivery changes nothing. */
  seen: readonly number[];
}

export const initialUnread: UnreadState = { byChat: {}, seen: [] };

const SEEN_LIMIT = 2000;

export type UnreadAction =
  /** GET /unread/{me} answered; `requestedAt` is when it was asked. */
  | { type: "loaded"; items: readonly UnreadItem[]; me: string; open: ChatRef | null; requestedAt: number }
  /** A live message arrived (any chat). */
  | { type: "received"; message: ChatMessage; me: string; open: ChatRef | null; at: number }
  /** The chat was opened and marked read. */
  | { type: "cleared"; chat: ChatRef };

/** A group message that @mentions me (usernames are one person whatever their case). */
export function mentionsMe(message: ChatMessage, me: string): boolean {
  if (message.type !== "GROUP_MESSAGE") return false;
  const mine = me.toLowerCase();
  return message.mentions.some((name) => name.toLowerCase() === mine);
}

function remember(seen: readonly number[], id: number): readonly number[] {
  const next = [...seen, id];
  return next.length > SEEN_LIMIT ? next.slice(next.length - SEEN_LIMIT) : next;
}

/** The conversation an unread item counts for: a private sender, or a group. */
export function chatOfUnread(item: UnreadItem): ChatRef | null {
  if (item.group) return { kind: "group", groupId: item.group.id };
  return item.sender ? { kind: "user", username: item.sender } : null;
}

export function unreadReducer(state: UnreadState, action: UnreadAction): UnreadState {
  switch (action.type) {
    case "received": {
      const { message } = action;
      if (state.seen.includes(message.id)) return state;
      const seen = remember(state.seen, message.id);
      const chat = chatOfMessage(message, action.me);
      const own = message.sender.toLowerCase() === action.me.toLowerCase();
      // My own messages (echoes, other tabs) never count, nor those of the chat on screen.
      if (!chat || own || sameChat(chat, action.open)) return { ...state, seen };
      const key = chatKey(chat);
      const entries = state.byChat[key] ?? [];
      return {
        byChat: {
          ...state.byChat,
          [key]: [...entries, { id: message.id, at: action.at, mentioned: mentionsMe(message, action.me) }],
        },
        seen,
      };
    }
    case "loaded": {
      const byChat: Record<string, UnreadEntry[]> = {};
      let seen = state.seen;
      for (const item of action.items) {
        const chat = chatOfUnread(item);
        if (!chat || sameChat(chat, action.open) || item.sender.toLowerCase() === action.me.toLowerCase()) continue;
        const key = chatKey(chat);
        const list = byChat[key] ?? [];
        if (list.some((entry) => entry.id === item.id)) continue;
        list.push({ id: item.id, at: action.requestedAt, mentioned: item.mentioned });
        byChat[key] = list;
        if (!seen.includes(item.id)) seen = remember(seen, item.id);
      }
      // What arrived live after the list was asked for is not in it yet: keep it.
      for (const [key, entries] of Object.entries(state.byChat)) {
        for (const entry of entries) {
          if (entry.at <= action.requestedAt) continue;
          const list = byChat[key] ?? [];
          if (!list.some((other) => other.id === entry.id)) list.push(entry);
          byChat[key] = list;
        }
      }
      return { byChat, seen };
    }
    case "cleared": {
      const key = chatKey(action.chat);
      if (!state.byChat[key]?.length) return state;
      const { [key]: _cleared, ...rest } = state.byChat;
      return { ...state, byChat: rest };
    }
  }
}

export const unreadCount = (state: UnreadState, chat: ChatRef) => state.byChat[chatKey(chat)]?.length ?? 0;

/** Whether a chat has an unread message that @mentions me. */
export const hasUnreadMention = (state: UnreadState, chat: ChatRef) =>
  state.byChat[chatKey(chat)]?.some((entry) => entry.mentioned) ?? false;

export function totalUnread(state: UnreadState): number {
  let total = 0;
  for (const entries of Object.values(state.byChat)) total += entries.length;
  return total;
}
