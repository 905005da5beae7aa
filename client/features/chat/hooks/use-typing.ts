import { useCallback, useEffect, useRef, useState } from "react";
import { chatDestinations } from "../../../../shared/chat.ts";
import { type ChatRef, chatKey } from "../lib/chat-ref.ts";
import { createStore } from "../lib/store.ts";
import { initialTyping, nextTypingExpiry, typingDue, typingIn, typingReducer } from "../lib/typing.ts";
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
  /** I am typing in `chat`: tells the others unless that was done a moment ago. */
  const typing = useCallback(
    (chat: ChatRef) => {
      const key = chatKey(chat);
      const at = Date.now();
      if (!typingDue(lastSent.current.get(key), at)) return;
      const body = chat.kind === "user" ? { recipient: chat.username } : { groupId: chat.groupId };
      if (publish(chatDestinations.typing, body)) lastSent.current.set(key, at);
    },
    [publish],
  );

  /** I sent my message: the next keystroke is news again. */
  const sent = useCallback((chat: ChatRef) => lastSent.current.delete(chatKey(chat)), []);

  const typingNow = useCallback((chat: ChatRef | null) => typingIn(state, chat, now), [state, now]);

  return { typingIn: typingNow, received, stopped, typing, sent };
}
