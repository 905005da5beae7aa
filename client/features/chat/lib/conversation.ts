import type { ChatMessage, MessagePage, Reactions } from "../../../../shared/chat.ts";
import { type ChatRef, chatOfMessage, sameChat } from "./chat-ref.ts";
import { mergeMessages, replaceMessage, withReactions } from "./messages.ts";
import { hasMoreAfter } from "./scroll.ts";

/**
 * A catch-up the list needs (DESIGN §10): the messages after `after` (a seq). `round` is new each
 * time a need is noticed; a catch-up takes the need when it starts, so one noticed meanwhile stays.
 */
export interface CatchUpNeed {
  after: number;
  round: number;
}

/** The conversation on screen: its loaded pages, paging state, and whether it must catch up. */
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
  catchUp: CatchUpNeed | null;
  /** The last round handed out (rounds never repeat, even across chats). */
  rounds: number;
  /** "Jump to message": the chat opens on the page that holds this message (`around=`) instead of page 0. */
  around: number | null;
  /** A message to bring into view and highlight; a new object for every jump, even to the same message. */
  focus: { messageId: number } | null;
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
  catchUp: null,
  rounds: 0,
  around: null,
  focus: null,
};

export type ConversationAction =
  | { type: "open"; chat: ChatRef }
  /**
   * Shows one message: brought into view if the open chat holds it, otherwise its chat opens on the
   * page around it (the catch-up then fills in everything after, up to the live end).
   */
  | { type: "jump"; chat: ChatRef; messageId: number }
  | { type: "close" }
  | { type: "olderRequested"; generation: number }
  /**
   * A page came back. `live` (page 0): the live subscription was up before the page was asked for
   * and stayed up, so nothing can have slipped between the page and the live messages.
   */
  | { type: "pageLoaded"; generation: number; page: Pick<MessagePage, "page" | "content" | "last">; live?: boolean }
  | { type: "pageFailed"; generation: number; page: number }
  | { type: "received"; message: ChatMessage; me: string }
  /** A catch-up starts: it takes the need (one noticed while it runs is a new one). */
  | { type: "catchUpStarted"; generation: number; round: number }
  /** One page of a catch-up. */
  | { type: "caughtUp"; generation: number; content: readonly ChatMessage[] }
  /** A catch-up after `after` failed: it is needed again (the next connection or need runs it). */
  | { type: "catchUpFailed"; generation: number; after: number }
  /** The socket closed: whatever happens until the next connection must be fetched. */
  | { type: "connectionLost" }
  /** The server's copy of a message changed (edited, deleted): replaced where the list holds it. */
  | { type: "updated"; message: ChatMessage }
  | { type: "reactionsUpdated"; messageId: number; reactions: Reactions };

/** The highest `seq` the list holds (it is sorted by seq), or 0. */
export const highestSeq = (state: Pick<ConversationState, "messages">): number =>
  state.messages[state.messages.length - 1]?.seq ?? 0;

/** Asks for a catch-up after `after`, or after an earlier seq if one is already wanted. */
function needCatchUp(state: ConversationState, after: number): ConversationState {
  const round = state.rounds + 1;
  const from = state.catchUp ? Math.min(state.catchUp.after, after) : after;
  return { ...state, catchUp: { after: from, round }, rounds: round };
}

export function conversationReducer(state: ConversationState, action: ConversationAction): ConversationState {
  switch (action.type) {
    case "open":
      return {
        ...initialConversation,
        chat: action.chat,
        generation: state.generation + 1,
        status: "loading",
        rounds: state.rounds,
      };
    case "jump": {
      const focus = { messageId: action.messageId };
      const holds = state.messages.some((item) => item.id === action.messageId);
      if (sameChat(action.chat, state.chat) && state.status === "ready" && holds) return { ...state, focus };
      return {
        ...initialConversation,
        chat: action.chat,
        generation: state.generation + 1,
        status: "loading",
        rounds: state.rounds,
        around: action.messageId,
        focus,
      };
    }
    case "close":
      return { ...initialConversation, generation: state.generation + 1, rounds: state.rounds };
    case "olderRequested":
      if (action.generation !== state.generation || state.loadingOlder || !state.hasMore) return state;
      return { ...state, loadingOlder: true, olderFailed: false };
    case "pageLoaded": {
      if (action.generation !== state.generation) return state;
      const { page } = action;
      const more = hasMoreAfter(page);
      // The page the chat opens on: page 0, or the one around a message it jumps to.
      if (page.page === 0 || state.status === "loading") {
        const next: ConversationState = {
          ...state,
          messages: mergeMessages(state.messages, page.content),
          status: "ready",
          nextPage: page.page + 1,
          hasMore: more,
          loadingOlder: false,
        };
        // A page further back leaves out everything after it: the catch-up brings that in.
        return action.live && page.page === 0 ? next : needCatchUp(next, highestSeq(next));
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
      if (action.page === 0 || state.status === "loading") return { ...state, status: "error" };
      return { ...state, loadingOlder: false, olderFailed: true };
    case "received": {
      const { message } = action;
      if (!sameChat(chatOfMessage(message, action.me), state.chat)) return state;
      const highest = highestSeq(state);
      const known = state.messages.some((item) => item.id === message.id);
      const next = { ...state, messages: mergeMessages(state.messages, [message]) };
      // Not the next one after what is shown: something may lie between (or it is a legal gap). Ask.
      if (state.status === "ready" && !known && message.seq > highest + 1) return needCatchUp(next, highest);
      return next;
    }
    case "catchUpStarted":
      if (action.generation !== state.generation || state.catchUp?.round !== action.round) return state;
      return { ...state, catchUp: null };
    case "caughtUp": {
      if (action.generation !== state.generation) return state;
      const messages = mergeMessages(state.messages, action.content);
      return messages === state.messages ? state : { ...state, messages };
    }
    case "catchUpFailed":
      if (action.generation !== state.generation) return state;
      return needCatchUp(state, action.after);
    case "connectionLost":
      if (state.status !== "ready") return state;
      return needCatchUp(state, highestSeq(state));
    case "updated": {
      const messages = replaceMessage(state.messages, action.message);
      return messages === state.messages ? state : { ...state, messages };
    }
    case "reactionsUpdated": {
      const messages = withReactions(state.messages, action.messageId, action.reactions);
      return messages === state.messages ? state : { ...state, messages };
    }
  }
}
