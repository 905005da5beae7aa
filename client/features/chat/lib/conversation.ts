import { type ChatMessage, chatDestinations, type MessagePage } from "../../../../shared/chat.ts";
import { type ChatRef, chatOfMessage, sameChat } from "./chat-ref.ts";
import { mergeMessages } from "./messages.ts";
import { hasMoreAfter } from "./scroll.ts";

/** A message I sent that the server has not confirmed yet (or refused). */
export interface PendingMessage {
  /** The STOMP receipt id the send asked for. */
  clientId: string;
  chat: ChatRef;
  content: string;
  fileUrl: string | null;
  fileType: string | null;
  fileName: string | null;
  createdAt: string;
  /** sending → sent (receipt) → gone when the stored copy comes back; failed on a refusal or a drop. */
  state: "sending" | "sent" | "failed";
  error?: string;
}

/** The conversation on screen: its loaded pages, paging state, and my unconfirmed sends. */
export interface ConversationState {
  chat: ChatRef | null;
  /** Bumped on every open: answers for an older open are ignored. */
  generation: number;
  messages: ChatMessage[];
  status: "idle" | "loading" | "ready" | "error";
  /** The next older page to ask for. */
  nextPage: number;
  hasMore: boolean;
  loadingOlder: boolean;
  olderFailed: boolean;
  /** Across all chats, so switching away does not lose a send in flight. */
  pending: PendingMessage[];
}

export const initialConversation: ConversationState = {
  chat: null,
  generation: 0,
  messages: [],
  status: "idle",
  nextPage: 0,
  hasMore: false,
  loadingOlder: false,
  olderFailed: false,
  pending: [],
};

export type ConversationAction =
  | { type: "open"; chat: ChatRef }
  | { type: "close" }
  | { type: "olderRequested"; generation: number }
  | { type: "pageLoaded"; generation: number; page: Pick<MessagePage, "page" | "content" | "last"> }
  | { type: "pageFailed"; generation: number; page: number }
  | { type: "received"; message: ChatMessage; me: string }
  | { type: "refreshed"; generation: number; content: ChatMessage[]; me: string }
  | { type: "pendingAdded"; pending: PendingMessage }
  | { type: "pendingSent"; clientId: string }
  | { type: "pendingFailed"; clientId?: string; destination?: string | null; error: string }
  | { type: "pendingRemoved"; clientId: string }
  | { type: "connectionLost" };

const isMine = (message: ChatMessage, me: string) => message.sender.toLowerCase() === me.toLowerCase();

/** A stored message is the confirmed copy of a pending one when chat, text and attachment match. */
export function confirms(message: ChatMessage, pending: PendingMessage, me: string): boolean {
  if (!isMine(message, me)) return false;
  return (
    sameChat(chatOfMessage(message, me), pending.chat) &&
    message.content === pending.content &&
    (message.fileUrl ?? null) === (pending.fileUrl ?? null)
  );
}

/** Drops the oldest pending send each of my stored messages confirms (one for one). */
function reconcile(pending: PendingMessage[], messages: readonly ChatMessage[], me: string): PendingMessage[] {
  if (pending.length === 0) return pending;
  let rest = pending;
  for (const message of messages) {
    const index = rest.findIndex((item) => confirms(message, item, me));
    if (index >= 0) rest = [...rest.slice(0, index), ...rest.slice(index + 1)];
  }
  return rest;
}

const destinationKind = (destination: string | null | undefined): ChatRef["kind"] | null =>
  destination === chatDestinations.sendPrivate ? "user" : destination === chatDestinations.sendGroup ? "group" : null;

export function conversationReducer(state: ConversationState, action: ConversationAction): ConversationState {
  switch (action.type) {
    case "open":
      return {
        ...initialConversation,
        chat: action.chat,
        generation: state.generation + 1,
        status: "loading",
        pending: state.pending,
      };
    case "close":
      return { ...initialConversation, generation: state.generation + 1, pending: state.pending };
    case "olderRequested":
      if (action.generation !== state.generation || state.loadingOlder || !state.hasMore) return state;
      return { ...state, loadingOlder: true, olderFailed: false };
    case "pageLoaded": {
      if (action.generation !== state.generation) return state;
      const { page } = action;
      const more = hasMoreAfter(page);
      if (page.page === 0) {
        return {
          ...state,
          messages: mergeMessages(state.messages, page.content),
          status: "ready",
          nextPage: 1,
          hasMore: more,
          loadingOlder: false,
        };
      }
      if (page.page !== state.nextPage) return state;
      return {
        ...state,
        messages: mergeMessages(state.messages, page.content),
        nextPage: page.page + 1,
        hasMore: more,
        loadingOlder: false,
      };
    }
    case "pageFailed":
      if (action.generation !== state.generation) return state;
      if (action.page === 0) return { ...state, status: "error" };
      return { ...state, loadingOlder: false, olderFailed: true };
    case "received": {
      const pending = reconcile(state.pending, [action.message], action.me);
      if (!sameChat(chatOfMessage(action.message, action.me), state.chat)) {
        return pending === state.pending ? state : { ...state, pending };
      }
      return { ...state, messages: mergeMessages(state.messages, [action.message]), pending };
    }
    case "refreshed":
      if (action.generation !== state.generation) return state;
      return {
        ...state,
        messages: mergeMessages(state.messages, action.content),
        status: "ready",
        pending: reconcile(state.pending, action.content, action.me),
      };
    case "pendingAdded":
      return { ...state, pending: [...state.pending, action.pending] };
    case "pendingSent":
      return {
        ...state,
        pending: state.pending.map((item) =>
          item.clientId === action.clientId && item.state === "sending" ? { ...item, state: "sent" } : item,
        ),
      };
    case "pendingFailed": {
      // A refusal names the send's receipt (our clientId); without one, it is about the oldest send still waiting there.
      const kind = destinationKind(action.destination);
      const index =
        action.clientId !== undefined
          ? state.pending.findIndex((item) => item.clientId === action.clientId)
          : state.pending.findIndex((item) => item.state === "sending" && (kind === null || item.chat.kind === kind));
      if (index < 0) return state;
      const pending = [...state.pending];
      pending[index] = { ...pending[index]!, state: "failed", error: action.error };
      return { ...state, pending };
    }
    case "pendingRemoved":
      return { ...state, pending: state.pending.filter((item) => item.clientId !== action.clientId) };
    case "connectionLost":
      // Without a receipt we do not know; the re-fetch after the reconnect removes the ones that did arrive.
      if (!state.pending.some((item) => item.state === "sending")) return state;
      return {
        ...state,
        pending: state.pending.map((item) =>
          item.state === "sending"
            ? { ...item, state: "failed", error: "Connection lost before it was confirmed." }
            : item,
        ),
      };
  }
}
