import { useCallback } from "react";
import type { ReadMark } from "../../../../shared/chat.ts";
import { getReadMarks } from "../api/reads.ts";
import type { ChatRef } from "../lib/chat-ref.ts";
import { initialReceipts, receiptsReducer } from "../lib/receipts.ts";
import { createStore } from "../lib/store.ts";
import { useStore } from "./use-store.ts";

/**
 * Read receipts (DESIGN §10): the other people's read marks of each chat I open, from
 * GET /api/chat/reads when it opens (and on every reconnect), then live from READ events.
 */
export function useReceipts() {
  const [state, store] = useStore(() => createStore(receiptsReducer, initialReceipts));

  const load = useCallback(
    (chat: ChatRef) => {
      getReadMarks(chat).then(
        (marks) => store.dispatch({ type: "loaded", chat, marks }),
        (error: unknown) => console.warn("chat: read receipts failed", error),
      );
    },
    [store],
  );

  const read = useCallback((chat: ChatRef, mark: ReadMark) => store.dispatch({ type: "read", chat, mark }), [store]);

  return { state, load, read };
}
