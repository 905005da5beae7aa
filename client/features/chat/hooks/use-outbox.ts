import { useCallback, useEffect, useRef } from "react";
import { type ChatMessage, chatDestinations } from "../../../../shared/chat.ts";
import type { Refusal } from "../../../../shared/realtime.ts";
import type { ChatRef } from "../lib/chat-ref.ts";
import { newClientId } from "../lib/client-id.ts";
import {
  dueForSending,
  initialOutbox,
  nextDue,
  type OutboxItem,
  type OutboxState,
  outboxReducer,
  pendingIn,
  refusedItem,
  restoreOutbox,
} from "../lib/outbox.ts";
import { createStore } from "../lib/store.ts";
import type { SendResult } from "./use-chat-connection.ts";
import { useStore } from "./use-store.ts";

export type Draft = Pick<OutboxItem, "chat" | "content" | "fileUrl" | "fileType" | "fileName" | "replyToId">;

/** What a refusal meant for my sends: one is now "Not sent", one will be tried again, or none of mine. */
export type RefusalOutcome = "failed" | "retrying" | "confirmed" | "unknown";

export interface OutboxOptions {
  me: string;
  /** useChatConnection's send: publishes with a fresh receipt, or null when not connected. */
  send: (destination: string, body: unknown) => SendResult | null;
}

const storageKey = (me: string) => `chat-outbox:${me.toLowerCase()}`;

// Per tab (sessionStorage) and per user: a reload while offline still sends, another login does not.
function load(me: string): OutboxState {
  try {
    const saved = window.sessionStorage.getItem(storageKey(me));
    return saved ? restoreOutbox(JSON.parse(saved)) : initialOutbox;
  } catch {
    return initialOutbox;
  }
}

function save(me: string, state: OutboxState) {
  try {
    if (state.items.length === 0) window.sessionStorage.removeItem(storageKey(me));
    else window.sessionStorage.setItem(storageKey(me), JSON.stringify(state));
  } catch {
    // Storage full or forbidden: the outbox still works for this page's life.
  }
}

/** Logging out forgets what was waiting (the next person at this browser must not send it). */
export function forgetOutbox(me: string) {
  try {
    window.sessionStorage.removeItem(storageKey(me));
  } catch {
    // Nothing stored.
  }
}

/**
 * Sending that loses nothing and doubles nothing (DESIGN §10): every message gets a clientId and
 * stays in the outbox until its stored copy comes back; each connection sends what is waiting
 * again under the same clientId (the server stores it once), and only a refusal makes it "Not sent".
 */
export function useOutbox({ me, send }: OutboxOptions) {
  const [state, store] = useStore(() => createStore(outboxReducer, load(me), (next) => save(me, next)));
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const attempt = useCallback(
    (item: OutboxItem) => {
      const { chat, clientId } = item;
      const fields = {
        content: item.content,
        clientId,
        fileUrl: item.fileUrl,
        fileType: item.fileType,
        fileName: item.fileName,
        ...(item.replyToId === undefined ? {} : { replyToId: item.replyToId }),
      };
      const result =
        chat.kind === "user"
          ? send(chatDestinations.sendPrivate, { recipient: chat.username, ...fields })
          : send(chatDestinations.sendGroup, { groupId: chat.groupId, ...fields });
      // Not connected: it waits for the next connection.
      if (!result) return;
      store.dispatch({ type: "attempted", clientId, receipt: result.receipt });
      void result.confirmed.then(() => store.dispatch({ type: "receipted", clientId }));
    },
    [send, store],
  );

  /** Sends whatever is due now, and wakes up when an item held back becomes due. */
  const flush = useCallback(() => {
    window.clearTimeout(timer.current);
    for (const item of dueForSending(store.get(), Date.now())) attempt(item);
    const due = nextDue(store.get());
    if (due !== null) timer.current = window.setTimeout(flush, Math.max(0, due - Date.now()));
  }, [attempt, store]);

  /** Queues a message and sends it if connected; without a connection it goes on the next one. */
  const queue = useCallback(
    (draft: Draft) => {
      const clientId = newClientId();
      store.dispatch({ type: "queued", item: { ...draft, clientId, createdAt: new Date().toISOString() } });
      flush();
      return clientId;
    },
    [flush, store],
  );

  /** Retry on "Not sent": the same clientId again. */
  const retry = useCallback(
    (clientId: string) => {
      store.dispatch({ type: "retried", clientId });
      flush();
    },
    [flush, store],
  );

  const discard = useCallback((clientId: string) => store.dispatch({ type: "discarded", clientId }), [store]);

  /** Stored messages came back (live, a page, a catch-up): mine leave the outbox. */
  const stored = useCallback(
    (messages: readonly ChatMessage[]) => store.dispatch({ type: "stored", messages, me }),
    [me, store],
  );

  const refused = useCallback(
    (refusal: Refusal): RefusalOutcome => {
      const item = refusedItem(store.get(), refusal);
      if (!item) return "unknown";
      if (item.state !== "sending") return "confirmed";
      store.dispatch({ type: "refused", refusal, at: Date.now() });
      if (refusal.code === "UNAVAILABLE") {
        flush();
        return "retrying";
      }
      return "failed";
    },
    [flush, store],
  );

  const connectionLost = useCallback(() => {
    window.clearTimeout(timer.current);
    store.dispatch({ type: "connectionLost" });
  }, [store]);

  /** My unconfirmed messages in one chat. */
  const pendingFor = useCallback((chat: ChatRef | null) => pendingIn(state, chat), [state]);

  return { pendingFor, queue, retry, discard, stored, refused, flush, connectionLost };
}

export type OutboxController = ReturnType<typeof useOutbox>;
