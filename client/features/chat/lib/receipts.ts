import type { ChatMessage, ReadMark } from "../../../../shared/chat.ts";
import { type ChatRef, chatKey } from "./chat-ref.ts";
import { dayKey, formatTime } from "./dates.ts";

/**
 * Read receipts (DESIGN §10): for each conversation, how far each other person has read it (their
 * highest seq read, and when they reached it), from GET /api/chat/reads and live READ events.
 */
export interface ReceiptsState {
  /** By chatKey, then by lowercased username. */
  marks: Readonly<Record<string, Readonly<Record<string, ReadMark>>>>;
}

export const initialReceipts: ReceiptsState = { marks: {} };

export type ReceiptsAction =
  /** GET /api/chat/reads answered: merged with what READ events already brought (the furthest mark wins). */
  { type: "loaded"; chat: ChatRef; marks: readonly ReadMark[] } | { type: "read"; chat: ChatRef; mark: ReadMark };

function withMarks(state: ReceiptsState, chat: ChatRef, incoming: readonly ReadMark[]): ReceiptsState {
  const key = chatKey(chat);
  const current = state.marks[key] ?? {};
  let next: Record<string, ReadMark> | undefined;
  for (const mark of incoming) {
    const user = mark.username.toLowerCase();
    const known = (next ?? current)[user];
    if (known && known.upToSeq >= mark.upToSeq) continue;
    next ??= { ...current };
    next[user] = mark;
  }
  return next ? { marks: { ...state.marks, [key]: next } } : state;
}

export function receiptsReducer(state: ReceiptsState, action: ReceiptsAction): ReceiptsState {
  switch (action.type) {
    case "loaded":
      return withMarks(state, action.chat, action.marks);
    case "read":
      return withMarks(state, action.chat, [action.mark]);
  }
}

/** The other people's marks in one chat. */
export const marksIn = (state: ReceiptsState, chat: ChatRef | null): ReadMark[] =>
  chat ? Object.values(state.marks[chatKey(chat)] ?? {}) : [];

const mine = (message: ChatMessage, me: string) => message.sender.toLowerCase() === me.toLowerCase();

/**
 * A private chat's "Seen": my latest message the other person has read, and when they read up to
 * there; undefined when they have read none of mine.
 */
export function privateSeen(
  messages: readonly ChatMessage[],
  me: string,
  marks: readonly ReadMark[],
): { messageId: number; at: string } | undefined {
  const mark = marks.find((item) => item.username.toLowerCase() !== me.toLowerCase());
  if (!mark) return undefined;
  const seen = messages.findLast((message) => mine(message, me) && !message.deleted && message.seq <= mark.upToSeq);
  return seen ? { messageId: seen.id, at: mark.at } : undefined;
}

/** A group message's "Seen by N": the other people whose mark has reached it. */
export const seenByCount = (message: Pick<ChatMessage, "seq" | "sender">, marks: readonly ReadMark[]): number =>
  marks.filter((mark) => mark.upToSeq >= message.seq && mark.username.toLowerCase() !== message.sender.toLowerCase())
    .length;

/** "Seen 14:32" today, "Seen yesterday 09:10", else "Seen Jun 2" (with the year when it is not this year). */
export function seenLabel(at: Date, now: Date = new Date(), locale?: string): string {
  if (dayKey(at) === dayKey(now)) return `Seen ${formatTime(at, locale)}`;
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (dayKey(at) === dayKey(yesterday)) return `Seen yesterday ${formatTime(at, locale)}`;
  const date = new Intl.DateTimeFormat(locale, {
    month: "short",
    day: "numeric",
    year: at.getFullYear() === now.getFullYear() ? undefined : "numeric",
  }).format(at);
  return `Seen ${date}`;
}

/** Under one of my messages: "Seen 14:32" (private) or "Seen by N" (group). */
export type Receipt = { kind: "private"; at: string } | { kind: "group"; count: number };

/**
 * The receipt under each of my messages that has one: in a private chat only the last one the other
 * person has read; in a group every one of mine somebody has read, with how many.
 */
export function receiptsFor(
  messages: readonly ChatMessage[],
  me: string,
  marks: readonly ReadMark[],
  isGroup: boolean,
): Map<number, Receipt> {
  const receipts = new Map<number, Receipt>();
  if (marks.length === 0) return receipts;
  if (!isGroup) {
    const seen = privateSeen(messages, me, marks);
    if (seen) receipts.set(seen.messageId, { kind: "private", at: seen.at });
    return receipts;
  }
  for (const message of messages) {
    if (!mine(message, me) || message.deleted) continue;
    const count = seenByCount(message, marks);
    if (count > 0) receipts.set(message.id, { kind: "group", count });
  }
  return receipts;
}
