import { type ChatMessage, chatLimits } from "../../../../shared/chat.ts";
import { type ChatGroup, canSendInGroup } from "../../../../shared/chat-groups.ts";
import type { AccountKind } from "../../../../shared/roles.ts";
import type { ChatRef } from "./chat-ref.ts";

/** DESIGN §5: chat attachments above 50 MB are refused on the client as on the server. */
export const isTooLarge = (file: { size: number }) => file.size > chatLimits.maxAttachmentBytes;

/** What the composer is doing besides writing a new message: answering one, or editing one of mine. */
export type ComposerMode = { kind: "reply"; message: ChatMessage } | { kind: "edit"; message: ChatMessage } | null;

export type Draft =
  | { ok: true; content: string; file: File | null }
  | { ok: false; reason: "empty" | "too-large" | "too-long" };

/**
 * SPEC §5 chat message: needs text or a file; the text is trimmed; a file alone sends its name as
 * the content. A file over the limit cannot be sent.
 */
export function composeDraft(text: string, file: File | null): Draft {
  const content = text.trim();
  if (file && isTooLarge(file)) return { ok: false, reason: "too-large" };
  if (content.length > chatLimits.maxContentChars) return { ok: false, reason: "too-long" };
  if (!content && !file) return { ok: false, reason: "empty" };
  return { ok: true, content: content || file!.name, file };
}

/**
 * Why Send does nothing with this new message (null: it goes), in the order they are told: not
 * allowed here, a file over the limit (said even offline), nothing to send, no connection.
 */
export function sendBlocker(state: {
  allowed: boolean;
  connected: boolean;
  text: string;
  file: { size: number } | null;
}): "not-allowed" | "too-large" | "empty" | "offline" | null {
  if (!state.allowed) return "not-allowed";
  if (state.file && isTooLarge(state.file)) return "too-large";
  if (state.text.trim() === "" && state.file === null) return "empty";
  if (!state.connected) return "offline";
  return null;
}

/**
 * Whether the composer is open for this chat: private chats always; groups by the SPEC §5 rule
 * (shared/chat.ts canSendInGroup). A group not known yet is closed until it loads.
 */
export function canSendInChat(
  user: { username: string; role: AccountKind },
  chat: ChatRef,
  group: Pick<ChatGroup, "createdBy" | "adminOnlyMessage" | "allowedSenders"> | undefined,
): boolean {
  if (chat.kind === "user") return true;
  return group !== undefined && canSendInGroup(user, group);
}

/** What to tell the reader about who may send in a group, under its name. */
export function groupRuleSummary(group: Pick<ChatGroup, "adminOnlyMessage" | "allowedSenders">): string | null {
  if (group.adminOnlyMessage) return "Only admins can send messages";
  if (group.allowedSenders.length > 0) {
    const count = group.allowedSenders.length;
    return `${count} ${count === 1 ? "member" : "members"} can send messages`;
  }
  return null;
}

/** Enter sends, Shift+Enter (or an input method composing a word) writes a new line. */
export function isSendKey(event: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return event.key === "Enter" && !event.shiftKey && !event.isComposing;
}

/** The `@name` being written just before the caret: where its `@` is and what follows it so far. */
export function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  // The same characters shared mentionedNames accepts, and an `@` that does not sit inside a word.
  const match = /(?<![\p{L}\p{N}_.@-])@([\p{L}\p{N}_.-]{0,64})$/u.exec(before);
  if (!match) return null;
  return { start: match.index, query: match[1]! };
}

export interface MentionCandidate {
  username: string;
  name: string;
}

/**
 * Members matching what follows the `@`: usernames that start with it first, then names with a word
 * that starts with it, then anything containing it; never me.
 */
export function suggestMentions(
  people: readonly MentionCandidate[],
  query: string,
  me: string,
  limit = 6,
): MentionCandidate[] {
  const q = query.toLowerCase();
  const rank = (person: MentionCandidate): number => {
    const username = person.username.toLowerCase();
    const name = person.name.toLowerCase();
    if (username.startsWith(q)) return 0;
    if (name.split(/\s+/).some((word) => word.startsWith(q))) return 1;
    if (username.includes(q) || name.includes(q)) return 2;
    return -1;
  };
  return people
    .filter((person) => person.username.toLowerCase() !== me.toLowerCase())
    .map((person) => ({ person, rank: rank(person) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.person.username.localeCompare(b.person.username))
    .slice(0, limit)
    .map((entry) => entry.person);
}

/** The text with the `@…` being written replaced by "@username ", and where the caret goes after it. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  username: string,
): { text: string; caret: number } {
  const inserted = `@${username} `;
  const rest = text.slice(caret).replace(/^[\p{L}\p{N}_.-]*\s?/u, "");
  return { text: text.slice(0, start) + inserted + rest, caret: start + inserted.length };
}

/** The next option of a list of `count` for ArrowUp/ArrowDown, wrapping around. */
export const moveActive = (active: number, count: number, step: 1 | -1): number =>
  count === 0 ? -1 : (active + step + count) % count;

/**
 * The @mention suggestions for the text and caret: the `@…` being written (unless Escape dismissed
 * the one at that place), the members it matches, and which of them is active (-1: none).
 */
export function mentionList(state: {
  text: string;
  caret: number;
  people: readonly MentionCandidate[];
  me: string;
  dismissed: number | null;
  active: number;
}): { token: { start: number; query: string } | null; suggestions: MentionCandidate[]; active: number } {
  const token = state.people.length > 0 ? mentionAt(state.text, state.caret) : null;
  const suggestions =
    token && token.start !== state.dismissed ? suggestMentions(state.people, token.query, state.me) : [];
  return { token, suggestions, active: Math.min(state.active, suggestions.length - 1) };
}
