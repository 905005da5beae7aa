import { useCallback, useEffect, useRef } from "react";
import type { ChatMessage, Reactions } from "../../../../shared/chat.ts";
import { getPageAround } from "../api/get-around.ts";
import { getMessagesAfter } from "../api/get-catch-up.ts";
import { getHistoryPage } from "../api/get-history.ts";
import { catchUpAfter } from "../lib/catch-up.ts";
import { type ChatRef, sameChat } from "../lib/chat-ref.ts";
import { conversationReducer, initialConversation } from "../lib/conversation.ts";
import { createStore } from "../lib/store.ts";
import { useStore } from "./use-store.ts";

/** After a failed catch-up, wait this long before asking again on the same connection. */
const CATCH_UP_RETRY_MS = 5_000;

const warn = (what: string) => (error: unknown) => console.warn(`chat: ${what}`, error);

export interface ConversationOptions {
  me: string;
  /** The connection whose subscriptions are confirmed, or 0 (useChatConnection's liveConnection). */
  liveConnection: () => number;
  /** Stored messages that came in by a page or a catch-up (the outbox recognises mine). */
  onLoaded: (messages: readonly ChatMessage[]) => void;
  /** Messages a catch-up added to the chat still open: newer than any it showed. */
  onCaughtUp?: (messages: readonly ChatMessage[]) => void;
}

/**
 * The conversation on screen: page 0 when it opens, older pages on demand, live messages in seq
 * order, and the catch-up (DESIGN §10) whenever something may be missing: after every (re)connect,
 * after a page read without the live subscription, and when a live message skips a seq.
 */
export function useConversation({ me, liveConnection, onLoaded, onCaughtUp }: ConversationOptions) {
  const [state, store] = useStore(() => createStore(conversationReducer, initialConversation));
  const { chat, generation, around } = state;

  // Page 0 of each newly opened chat, or the page around the message it jumps to.
  useEffect(() => {
    if (!chat) return;
    const controller = new AbortController();
    const connection = liveConnection();
    const first =
      around === null
        ? getHistoryPage(chat, me, 0, controller.signal)
        : getPageAround(chat, me, around, controller.signal);
    first.then(
      (page) => {
        const live = connection !== 0 && liveConnection() === connection;
        store.dispatch({ type: "pageLoaded", generation, page, live });
        onLoaded(page.content);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        warn("history failed")(error);
        store.dispatch({ type: "pageFailed", generation, page: 0 });
      },
    );
    return () => controller.abort();
  }, [chat, generation, around, me, store, liveConnection, onLoaded]);

  const running = useRef(false);
  const holdUntil = useRef(0);
  const retryTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(retryTimer.current), []);

  /** Fetches after= until nothing is wanted; one at a time, only on a confirmed connection. */
  const catchUp = useCallback(async () => {
    if (running.current || Date.now() < holdUntil.current) return;
    running.current = true;
    try {
      for (;;) {
        const current = store.get();
        const need = current.catchUp;
        if (!need || !current.chat || current.status !== "ready" || liveConnection() === 0) return;
        const { chat: target, generation: opened } = current;
        store.dispatch({ type: "catchUpStarted", generation: opened, round: need.round });
        try {
          await catchUpAfter(
            (after, signal) => getMessagesAfter(target, me, after, signal),
            need.after,
            (content) => {
              store.dispatch({ type: "caughtUp", generation: opened, content });
              onLoaded(content);
              if (store.get().generation === opened) onCaughtUp?.(content);
            },
          );
        } catch (error) {
          warn("catch-up failed")(error);
          store.dispatch({ type: "catchUpFailed", generation: opened, after: need.after });
          holdUntil.current = Date.now() + CATCH_UP_RETRY_MS;
          window.clearTimeout(retryTimer.current);
          retryTimer.current = window.setTimeout(() => void catchUp(), CATCH_UP_RETRY_MS);
          return;
        }
      }
    } finally {
      running.current = false;
    }
  }, [me, store, liveConnection, onLoaded, onCaughtUp]);

  // A need noticed while connected (a gap, a page read without the subscription) is met at once.
  const round = state.catchUp?.round;
  useEffect(() => {
    if (round !== undefined) void catchUp();
  }, [round, catchUp]);

  /** Opens a chat; false when it is already open (and loaded). */
  const open = useCallback(
    (target: ChatRef) => {
      const current = store.get();
      if (sameChat(target, current.chat) && current.status !== "error") return false;
      store.dispatch({ type: "open", chat: target });
      return true;
    },
    [store],
  );

  const close = useCallback(() => store.dispatch({ type: "close" }), [store]);

  const retryOpen = useCallback(() => {
    const { chat: target, around: messageId } = store.get();
    if (!target) return;
    store.dispatch(messageId === null ? { type: "open", chat: target } : { type: "jump", chat: target, messageId });
  }, [store]);

  /** Shows a message, opening its chat around it if need be; true when another chat opened. */
  const jump = useCallback(
    (target: ChatRef, messageId: number) => {
      const opened = !sameChat(target, store.get().chat);
      store.dispatch({ type: "jump", chat: target, messageId });
      return opened;
    },
    [store],
  );

  /** The server's copy of a message changed (an edit, a deletion). */
  const update = useCallback((message: ChatMessage) => store.dispatch({ type: "updated", message }), [store]);

  const setReactions = useCallback(
    (messageId: number, reactions: Reactions) => store.dispatch({ type: "reactionsUpdated", messageId, reactions }),
    [store],
  );

  const loadOlder = useCallback(() => {
    const current = store.get();
    if (!current.chat || !current.hasMore || current.loadingOlder || current.status !== "ready") return;
    const { chat: target, generation: opened, nextPage } = current;
    store.dispatch({ type: "olderRequested", generation: opened });
    getHistoryPage(target, me, nextPage).then(
      (page) => {
        store.dispatch({ type: "pageLoaded", generation: opened, page });
        onLoaded(page.content);
      },
      (error: unknown) => {
        warn("older messages failed")(error);
        store.dispatch({ type: "pageFailed", generation: opened, page: nextPage });
      },
    );
  }, [me, store, onLoaded]);

  /** A live message (any chat); true when the open chat already showed it. */
  const receive = useCallback(
    (message: ChatMessage) => {
      const shown = store.get().messages.some((item) => item.id === message.id);
      store.dispatch({ type: "received", message, me });
      return shown;
    },
    [me, store],
  );

  /** The socket closed: what arrives until the next connection will be fetched. */
  const connectionLost = useCallback(() => store.dispatch({ type: "connectionLost" }), [store]);

  /** A (re)connection is confirmed: fetch what was missed. */
  const connected = useCallback(() => {
    holdUntil.current = 0;
    void catchUp();
  }, [catchUp]);

  /** The open chat now (for handlers that outlive a render). */
  const openChat = useCallback(() => store.get().chat, [store]);

  return {
    state,
    open,
    jump,
    close,
    retryOpen,
    loadOlder,
    receive,
    update,
    setReactions,
    connectionLost,
    connected,
    openChat,
  };
}

export type ConversationController = ReturnType<typeof useConversation>;
