import { type ChatMessage, chatLimits, type Reactions } from "../../../../shared/chat.ts";
import type { AccountKind } from "../../../../shared/roles.ts";
import { type ChatRef, chatOfMessage, sameChat } from "./chat-ref.ts";

// One conversation's order is its `seq` (DESIGN §10), not the clock: two instances may stamp times
// a little apart, and a message may arrive after a later one.
const bySeq = (a: ChatMessage, b: ChatMessage) => a.seq - b.seq || a.id - b.id;

/**
 * `existing` with `incoming` merged in: one entry per id (the newer copy wins), in `seq` order.
 * Pages, live messages and catch-ups all go through here, so overlaps and late arrivals are harmless.
 */
export function mergeMessages(existing: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return existing as ChatMessage[];
  const last = existing[existing.length - 1];
  // The common case, a live message after the newest: append without re-sorting.
  if (incoming.length === 1 && (!last || bySeq(last, incoming[0]!) < 0)) return [...existing, incoming[0]!];
  const byId = new Map<number, ChatMessage>();
  for (const message of existing) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort(bySeq);
}

export interface Incoming {
  /** The conversation it belongs to, from my side. */
  chat: ChatRef | null;
  /** Sent by me (an echo of my own send, or from my other tab). */
  own: boolean;
  /** It belongs to the conversation on screen. */
  inOpenChat: boolean;
}

/** Where a received message goes: appended to the open chat, or counted as unread elsewhere. */
export function classifyIncoming(message: ChatMessage, me: string, open: ChatRef | null): Incoming {
  const chat = chatOfMessage(message, me);
  return {
    chat,
    own: message.sender.toLowerCase() === me.toLowerCase(),
    inOpenChat: sameChat(chat, open),
  };
}

/** A short line for the live region and notifications: "alice: Hello", "alice sent a file: plan.pdf". */
export function messageSummary(message: Pick<ChatMessage, "content" | "fileName" | "fileUrl">, max = 140): string {
  const text = message.content.trim();
  const summary =
    message.fileUrl && (!text || text === message.fileName) ? `sent a file: ${message.fileName ?? "attachment"}` : text;
  return summary.length > max ? `${summary.slice(0, max - 1)}…` : summary;
}

/** Images are previewed inline; everything else is a download link. SVG is served only as a download. */
export function isPreviewableImage(fileType: string | null | undefined): boolean {
  return typeof fileType === "string" && /^image\/(png|jpe?g|gif|webp|avif|bmp)$/i.test(fileType);
}

/** What kind of file an attachment is, as its card says: the name's extension, else the type's subtype. */
export function fileKind(type: string | null, name: string): string {
  const extension = /\.([a-z0-9]{1,8})$/i.exec(name)?.[1];
  if (extension) return extension.toUpperCase();
  return type?.split("/")[1]?.toUpperCase() ?? "File";
}

const sameName = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The list with the stored copy of one of its messages (an edit, a tombstone) in place; replies quoting a deleted one say so. */
export function replaceMessage(list: readonly ChatMessage[], message: ChatMessage): ChatMessage[] {
  let changed = false;
  const next = list.map((item) => {
    if (item.id === message.id) {
      changed = true;
      return message;
    }
    // DESIGN §10: an empty excerpt means the original was deleted.
    if (message.deleted && item.replyTo?.id === message.id && item.replyTo.excerpt !== "") {
      changed = true;
      return { ...item, replyTo: { ...item.replyTo, excerpt: "" } };
    }
    return item;
  });
  return changed ? next : (list as ChatMessage[]);
}

/** The list with one message's reactions as the server now has them. */
export function withReactions(list: readonly ChatMessage[], messageId: number, reactions: Reactions): ChatMessage[] {
  const index = list.findIndex((item) => item.id === messageId);
  if (index < 0) return list as ChatMessage[];
  const next = [...list];
  next[index] = { ...list[index]!, reactions };
  return next;
}

/** What a deleted message looks like (DESIGN §10), shown at once while the server's copy is on its way. */
export const tombstone = (message: ChatMessage): ChatMessage => ({
  ...message,
  deleted: true,
  content: "",
  fileUrl: null,
  fileType: null,
  fileName: null,
  reactions: {},
});

/** A file sent alone carries its name as the text (SPEC §5): there is no text of its own to edit or quote. */
export const hasOwnText = (message: Pick<ChatMessage, "content" | "fileUrl" | "fileName">) => {
  const text = message.content.trim();
  return text !== "" && !(message.fileUrl && text === message.fileName);
};

/** DESIGN §10: its sender may edit a message (with text) for `windowMin` minutes, until it is deleted. */
export function canEditMessage(
  message: ChatMessage,
  me: string,
  now: number = Date.now(),
  windowMin: number = chatLimits.editWindowMin,
): boolean {
  if (message.deleted || !sameName(message.sender, me) || !hasOwnText(message)) return false;
  const age = now - Date.parse(message.timestamp);
  return age < windowMin * 60_000;
}

/** DESIGN §10: its sender deletes a message; an admin deletes any group message. */
export function canDeleteMessage(message: ChatMessage, user: { username: string; role: AccountKind }): boolean {
  if (message.deleted) return false;
  return sameName(message.sender, user.username) || (user.role === "admin" && message.type === "GROUP_MESSAGE");
}

/** The message ArrowUp in an empty composer edits: my newest one that can still be edited. */
export function lastEditable(messages: readonly ChatMessage[], me: string, now: number = Date.now()) {
  return messages.findLast((message) => canEditMessage(message, me, now));
}

/** A reply's quote of its original: one line, at most `max` characters. */
export function excerptOf(text: string, max: number = chatLimits.replyExcerptChars): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export interface ReactionChip {
  emoji: string;
  count: number;
  /** I reacted with it (the chip takes mine back). */
  mine: boolean;
  users: readonly string[];
}

/** A message's reactions as chips, in the order they were first used; emojis nobody uses are left out. */
export function reactionChips(reactions: Reactions, me: string): ReactionChip[] {
  return Object.entries(reactions)
    .filter(([, users]) => users.length > 0)
    .map(([emoji, users]) => ({ emoji, count: users.length, mine: users.some((user) => sameName(user, me)), users }));
}

/** Whether choosing `emoji` adds my reaction or takes it back. */
export const reactionToggle = (reactions: Reactions, emoji: string, me: string): "add" | "remove" =>
  (reactions[emoji] ?? []).some((user) => sameName(user, me)) ? "remove" : "add";

/** DESIGN §10: a message holds at most 20 distinct emojis; one already there can always be added to. */
export function canAddReaction(reactions: Reactions, emoji: string): boolean {
  if ((reactions[emoji]?.length ?? 0) > 0) return true;
  const distinct = Object.values(reactions).filter((users) => users.length > 0).length;
  return distinct < chatLimits.maxReactionsPerMessage;
}

export type TextSegment =
  | { kind: "text"; text: string }
  | { kind: "mention"; text: string; username: string; me: boolean };

// The same rule as shared mentionedNames: `@name` not inside a word, trailing dots and dashes left out.
const mentionPattern = /(?<![\p{L}\p{N}_.@-])@([\p{L}\p{N}_.-]{1,64})/gu;

/**
 * A message's text cut into plain runs and the @mentions of `mentioned` (the message's own list, or
 * the group's members), each marked when it names me. Rendered as spans, never as HTML.
 */
export function textSegments(text: string, mentioned: readonly string[], me: string): TextSegment[] {
  const names = new Set(mentioned.map((name) => name.toLowerCase()));
  const segments: TextSegment[] = [];
  let plain = "";
  let index = 0;
  if (names.size > 0) {
    for (const match of text.matchAll(mentionPattern)) {
      const name = match[1]!.replace(/[.-]+$/, "");
      if (!name || !names.has(name.toLowerCase())) continue;
      plain += text.slice(index, match.index);
      if (plain) segments.push({ kind: "text", text: plain });
      plain = "";
      segments.push({ kind: "mention", text: `@${name}`, username: name, me: sameName(name, me) });
      index = match.index + 1 + name.length;
    }
  }
  plain += text.slice(index);
  if (plain) segments.push({ kind: "text", text: plain });
  return segments;
}

/** What can be done to the messages of the open chat, the same for every item. */
export interface MessageActions {
  me: string;
  role: AccountKind;
  /** I may write in this chat (replying is writing). */
  canReply: boolean;
  displayName: (username: string) => string;
  /** Usernames whose @mentions are marked in the text (the group's members). */
  mentionable: readonly string[];
  onReply: (message: ChatMessage) => void;
  onEdit: (message: ChatMessage) => void;
  onDelete: (message: ChatMessage) => void;
  onReact: (message: ChatMessage, emoji: string) => void;
  onJumpTo: (messageId: number) => void;
}
