import { useCallback, useEffect, useRef, useState } from "react";
import { chatDestinations } from "../../../../shared/chat.ts";
import { type ChatRef, chatKey } from "../lib/chat-ref.ts";
import { createStore } from "../lib/store.ts";
import { initialTyping, nextTypingExpiry, typingDue, typingIn, typingReducer, typingStopDue } from "../lib/typing.ts";
import { useStore } from "./use-store.ts";

/**
 * Typing indicators (DESIGN §10): who is typing where, each shown until a while after their last
 * TYPING event or until their message arrives; and mine, sent at most once per interval per chat.
 */
export function useTyping(publish: (destination: string, body: unknown) => boolean) {
  const [state, store] = useStore(() => createStore(typingReducer, initialTyping));
  const [now, setNow] = useState(() => Date.now());

  // Wake up when the next person should stop showing.
  const expiry = nextTypingExpiry(state);
  useEffect(() => {
    if (expiry === null) return;
    const timer = window.setTimeout(
      () => {
        const at = Date.now();
        store.dispatch({ type: "expired", now: at });
        setNow(at);
      },
      Math.max(0, expiry - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [expiry, store]);

  const received = useCallback(
    (chat: ChatRef, from: string) => {
      const at = Date.now();
      store.dispatch({ type: "typing", chat, from, at });
      setNow(at);
    },
    [store],
  );

  const stopped = useCallback(
    (chat: ChatRef, from: string) => store.dispatch({ type: "stopped", chat, from }),
    [store],
  );

  const lastSent = useRef(new Map<string, number>());
  /** The chats where I have an unsent draft I was typing. */
  const drafting = useRef(new Set<string>());
  /**
   * I am typing in `chat` (DESIGN §10): one when the draft becomes non-empty, then at most one per
   * `typingEveryMs` while keys are pressed; sending a message does not reset that.
   */
  const typing = useCallback(
    (chat: ChatRef) => {
      const key = chatKey(chat);
      drafting.current.add(key);
      const at = Date.now();
      if (!typingDue(lastSent.current.get(key), at)) return;
      if (publish(chatDestinations.typing, typingBody(chat))) lastSent.current.set(key, at);
    },
    [publish],
  );

  /** My message went: it ends the indicator on the other side, no `stopped` is needed. */
  const sent = useCallback((chat: ChatRef) => drafting.current.delete(chatKey(chat)), []);

  /**
   * I emptied a draft unsent, or left the chat while writing: `stopped`, if a TYPING of mine may
   * still show there (sent in the last `typingShowsForMs`).
   */
  const stop = useCallback(
    (chat: ChatRef) => {
      const key = chatKey(chat);
      if (!drafting.current.delete(key)) return;
      if (!typingStopDue(lastSent.current.get(key), Date.now())) return;
      publish(chatDestinations.typing, { ...typingBody(chat), stopped: true });
    },
    [publish],
  );

  const typingNow = useCallback((chat: ChatRef | null) => typingIn(state, chat, now), [state, now]);

  return { typingIn: typingNow, received, stopped, typing, sent, stop };
}

const typingBody = (chat: ChatRef) => (chat.kind === "user" ? { recipient: chat.username } : { groupId: chat.groupId });
