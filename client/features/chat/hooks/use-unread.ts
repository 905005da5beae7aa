import { useCallback } from "react";
import type { ChatMessage } from "../../../../shared/chat.ts";
import { getUnread } from "../api/get-unread.ts";
import type { ChatRef } from "../lib/chat-ref.ts";
import { createStore } from "../lib/store.ts";
import { initialUnread, unreadReducer } from "../lib/unread.ts";
import { useStore } from "./use-store.ts";

/**
 * Unread counts per chat (SPEC §4): the server's list (GET /unread/{me}) on every (re)connect, live
 * messages counted once by id, a chat cleared when it is opened.
 */
export function useUnread(me: string, openChat: () => ChatRef | null) {
  const [state, store] = useStore(() => createStore(unreadReducer, initialUnread));

  const load = useCallback(() => {
    getUnread(me).then(
      ({ items, requestedAt }) => store.dispatch({ type: "loaded", items, me, open: openChat(), requestedAt }),
      (error: unknown) => console.warn("chat: unread counts failed", error),
    );
  }, [me, openChat, store]);

  /** A live message; true when it was already counted or shown before. */
  const receive = useCallback(
    (message: ChatMessage) => {
      const seen = store.get().seen.includes(message.id);
      store.dispatch({ type: "received", message, me, open: openChat(), at: Date.now() });
      return seen;
    },
    [me, openChat, store],
  );

  const clear = useCallback((chat: ChatRef) => store.dispatch({ type: "cleared", chat }), [store]);

  return { state, load, receive, clear };
}
