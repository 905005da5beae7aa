import type { ChatMessage } from "../../../../shared/chat.ts";
import type { Refusal, RefusalCode } from "../../../../shared/realtime.ts";
import { type ChatRef, sameChat } from "./chat-ref.ts";

/**
 * A message I sent that has not come back stored yet (DESIGN §10 "Delivery"). It stays here, under
 * its `clientId`, until the stored copy arrives (live, in a page or in a catch-up); until then every
 * new connection sends it again with the same `clientId`, and the server stores it at most once.
 */
export interface OutboxItem {
  /** The message's own id (crypto.randomUUID()), the same on every attempt. */
  clientId: string;
  chat: ChatRef;
  content: string;
  fileUrl: string | null;
  fileType: string | null;
  fileName: string | null;
  /** DESIGN §10: the message this one answers (SEND `replyToId`), kept for every attempt. */
  replyToId?: number;
  createdAt: string;
  /**
   * sending: no RECEIPT yet; sent: the server stored it (RECEIPT) and its copy is on the way;
   * failed: the server refused it ("Not sent": Retry sends the same clientId, Discard drops it).
   */
  state: "sending" | "sent" | "failed";
  /** The STOMP receipt of the attempt on the current connection; null when it needs (another) attempt. */
  receipt: string | null;
  /** A transient refusal (UNAVAILABLE): not before this time (ms since epoch). */
  notBefore?: number;
  error?: string;
  code?: RefusalCode;
}

export interface OutboxState {
  items: readonly OutboxItem[];
}

export const initialOutbox: OutboxState = { items: [] };

/** How long after an UNAVAILABLE refusal the same message is tried again, on the same connection. */
export const unavailableRetryMs = 3_000;

export type OutboxAction =
  | { type: "queued"; item: Omit<OutboxItem, "state" | "receipt"> }
  /** One attempt went out with this STOMP receipt. */
  | { type: "attempted"; clientId: string; receipt: string }
  | { type: "receipted"; clientId: string }
  /** Stored messages came back (live, a page, a catch-up): mine replace their items. */
  | { type: "stored"; messages: readonly ChatMessage[]; me: string }
  | { type: "refused"; refusal: Refusal; at: number }
  /** Retry on a failed item: it goes out again with the same clientId. */
  | { type: "retried"; clientId: string }
  | { type: "discarded"; clientId: string }
  /** The socket closed: receipts of this connection will never come; the next connection sends again. */
  | { type: "connectionLost" };

const update = (state: OutboxState, index: number, changes: Partial<OutboxItem>): OutboxState => {
  const items = [...state.items];
  items[index] = { ...items[index]!, ...changes };
  return { items };
};

/** The item a refusal is about: by its clientId, else by the receipt of its current attempt. */
export function refusedItem(
  state: OutboxState,
  refusal: Pick<Refusal, "clientId" | "receipt">,
): OutboxItem | undefined {
  if (refusal.clientId !== undefined) return state.items.find((item) => item.clientId === refusal.clientId);
  if (refusal.receipt !== undefined) return state.items.find((item) => item.receipt === refusal.receipt);
  return undefined;
}

export function outboxReducer(state: OutboxState, action: OutboxAction): OutboxState {
  switch (action.type) {
    case "queued":
      if (state.items.some((item) => item.clientId === action.item.clientId)) return state;
      return { items: [...state.items, { ...action.item, state: "sending", receipt: null }] };
    case "attempted": {
      const index = state.items.findIndex((item) => item.clientId === action.clientId);
      if (index < 0) return state;
      return update(state, index, { receipt: action.receipt, notBefore: undefined });
    }
    case "receipted": {
      const index = state.items.findIndex((item) => item.clientId === action.clientId);
      if (index < 0 || state.items[index]!.state !== "sending") return state;
      return update(state, index, { state: "sent" });
    }
    case "stored": {
      const mine = new Set<string>();
      // A clientId is unique per sender only.
      for (const message of action.messages) {
        if (message.clientId !== null && message.sender.toLowerCase() === action.me.toLowerCase()) {
          mine.add(message.clientId);
        }
      }
      if (mine.size === 0) return state;
      const items = state.items.filter((item) => !mine.has(item.clientId));
      return items.length === state.items.length ? state : { items };
    }
    case "refused": {
      const item = refusedItem(state, action.refusal);
      // A RECEIPT proved it stored: a refusal of a repeated attempt must not turn it into "Not sent".
      if (item?.state !== "sending") return state;
      const index = state.items.indexOf(item);
      if (action.refusal.code === "UNAVAILABLE") {
        return update(state, index, { receipt: null, notBefore: action.at + unavailableRetryMs });
      }
      return update(state, index, {
        state: "failed",
        receipt: null,
        error: action.refusal.message,
        code: action.refusal.code,
      });
    }
    case "retried": {
      const index = state.items.findIndex((item) => item.clientId === action.clientId);
      if (index < 0 || state.items[index]!.state !== "failed") return state;
      return update(state, index, { state: "sending", receipt: null, error: undefined, code: undefined });
    }
    case "discarded":
      return { items: state.items.filter((item) => item.clientId !== action.clientId) };
    case "connectionLost":
      if (!state.items.some((item) => item.receipt !== null)) return state;
      return { items: state.items.map((item) => (item.receipt === null ? item : { ...item, receipt: null })) };
  }
}

/**
 * What to send now on a live connection: everything not refused and not yet tried on it. A "sent"
 * item is sent again too: the server stores nothing new and delivers its stored copy to me again.
 */
export function dueForSending(state: OutboxState, now: number): OutboxItem[] {
  return state.items.filter((item) => item.state !== "failed" && item.receipt === null && (item.notBefore ?? 0) <= now);
}

/** When the next item held back by a transient refusal becomes due, or null. */
export function nextDue(state: OutboxState): number | null {
  let next: number | null = null;
  for (const item of state.items) {
    if (item.state === "failed" || item.receipt !== null || item.notBefore === undefined) continue;
    next = next === null ? item.notBefore : Math.min(next, item.notBefore);
  }
  return next;
}

export const pendingIn = (state: OutboxState, chat: ChatRef | null): OutboxItem[] =>
  state.items.filter((item) => sameChat(item.chat, chat));

/** What survives a reload (sessionStorage): the items, each to be tried again on the next connection. */
export function restoreOutbox(saved: unknown): OutboxState {
  if (!saved || typeof saved !== "object" || !Array.isArray((saved as OutboxState).items)) return initialOutbox;
  const items: OutboxItem[] = [];
  for (const raw of (saved as { items: unknown[] }).items) {
    const item = raw as Partial<OutboxItem> | null;
    if (!item || typeof item.clientId !== "string" || typeof item.content !== "string" || !validChat(item.chat)) {
      continue;
    }
    items.push({
      clientId: item.clientId,
      chat: item.chat,
      content: item.content,
      fileUrl: item.fileUrl ?? null,
      fileType: item.fileType ?? null,
      fileName: item.fileName ?? null,
      ...(Number.isSafeInteger(item.replyToId) && item.replyToId! > 0 ? { replyToId: item.replyToId } : {}),
      createdAt: typeof item.createdAt === "string" ? item.createdAt : new Date(0).toISOString(),
      state: item.state === "failed" ? "failed" : item.state === "sent" ? "sent" : "sending",
      receipt: null,
      ...(item.state === "failed" ? { error: item.error, code: item.code } : {}),
    });
  }
  return { items };
}

function validChat(chat: unknown): chat is ChatRef {
  const value = chat as Partial<{ kind: string; username: unknown; groupId: unknown }> | null;
  if (value?.kind === "user") return typeof value.username === "string" && value.username !== "";
  if (value?.kind === "group") return Number.isSafeInteger(value.groupId);
  return false;
}
