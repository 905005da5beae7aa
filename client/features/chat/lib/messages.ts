import type { ChatMessage } from "../../../../shared/chat.ts";
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
