import type { Client, StompSubscription } from "@stomp/stompjs";
import { useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import { staffStompClient } from "~/lib/stomp-client";
import {
  type ChatEvent,
  type ChatMessage,
  chatDestinations,
  chatEventSchema,
  chatMessageSchema,
  isChatEvent,
} from "../../../../shared/chat.ts";
import {
  type PresenceUpdate,
  presenceUpdateSchema,
  type Refusal,
  refusalSchema,
  type SessionPresence,
} from "../../../../shared/realtime.ts";
import { reconnectDelay } from "../lib/backoff.ts";

export type { Refusal } from "../../../../shared/realtime.ts";

export type ConnectionStatus = "connecting" | "connected" | "offline";

export interface ConnectionState {
  status: ConnectionStatus;
  /** Failed attempts since the last connection (0 while connected). */
  attempt: number;
  /** When the next attempt starts (ms since epoch), while offline. */
  retryAt: number | null;
  /** Counts connections: effects that must redo their work on every (re)connect depend on it. */
  connectionId: number;
}

/** How long the first frames of a connection may wait for their RECEIPT before the chat catches up anyway. */
const SYNC_TIMEOUT_MS = 5_000;

export interface ChatConnectionOptions {
  token: string;
  username: string;
  /** The groups to follow on /topic/group/{id}; re-subscribed when the list changes. */
  groupIds: readonly number[];
  /** ONLINE or ACTIVE: sent on /app/presence after each connect and whenever it changes. */
  presence: SessionPresence;
  onMessage: (message: ChatMessage) => void;
  /** DESIGN §10 live events (edits, deletions, reactions, reads, typing), on the same destinations as messages. */
  onEvent: (event: ChatEvent) => void;
  onStatus: (update: PresenceUpdate) => void;
  onRefusal: (refusal: Refusal) => void;
  /**
   * After every connect, once the server has taken the subscriptions (so whatever is fetched now and
   * whatever arrives live leave no hole between them); `reconnect` is false the first time.
   */
  onConnected: (info: { reconnect: boolean }) => void;
  /** The socket closed (the server went away or the network dropped). */
  onDisconnected: () => void;
  /** The server refused the connection (STOMP ERROR), usually an expired or revoked token. */
  onRejected: (message: string) => void;
}

export interface SendResult {
  receipt: string;
  /** Resolves when the server confirms it handled the frame (RECEIPT). */
  confirmed: Promise<void>;
}

function parseJson(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/**
 * The live connection (SPEC §7 Realtime): STOMP over /ws with the bearer token, heart-beats every
 * 10 s, reconnecting after 5 s and backing off to 15 min. It follows my private queue, my errors
 * queue, presence, and every group in `groupIds`, and reports presence. It knows nothing of what
 * the chat does with a message.
 */
export function useChatConnection(options: ChatConnectionOptions) {
  const { token, username, groupIds, presence } = options;
  const [state, setState] = useState<ConnectionState>({
    status: "connecting",
    attempt: 0,
    retryAt: null,
    connectionId: 0,
  });
  const clientRef = useRef<Client | null>(null);
  const groupSubscriptions = useRef(new Map<number, StompSubscription>());
  const receiptCounter = useRef(0);
  // The connection whose subscriptions the server has confirmed (0: none): see liveConnection.
  const synced = useRef(0);
  const nextReceipt = useCallback((kind: string) => {
    receiptCounter.current += 1;
    return `${kind}-${receiptCounter.current}-${Date.now().toString(36)}`;
  }, []);
  const initialGroups = useEffectEvent(() => groupIds);
  const initialPresence = useEffectEvent(() => presence);
  // What this connection was last told, so a presence change is sent once.
  const reported = useRef<{ connectionId: number; presence: SessionPresence } | null>(null);

  const onMessage = useEffectEvent((body: string) => {
    const payload = parseJson(body);
    if (payload && typeof payload === "object" && isChatEvent(payload)) {
      const event = chatEventSchema.safeParse(payload);
      if (event.success) options.onEvent(event.data);
      else console.warn("chat: ignored an event the client does not understand", event.error.issues);
      return;
    }
    const parsed = chatMessageSchema.safeParse(payload);
    if (parsed.success) options.onMessage(parsed.data);
    else console.warn("chat: ignored a message the client does not understand", parsed.error.issues);
  });
  const onStatus = useEffectEvent((body: string) => {
    const parsed = presenceUpdateSchema.safeParse(parseJson(body));
    if (parsed.success) options.onStatus(parsed.data);
  });
  const onRefusal = useEffectEvent((body: string) => {
    const parsed = refusalSchema.safeParse(parseJson(body));
    options.onRefusal(
      parsed.success ? parsed.data : { code: "INVALID", message: body || "The server refused the request." },
    );
  });
  const onConnected = useEffectEvent((reconnect: boolean) => options.onConnected({ reconnect }));
  const onDisconnected = useEffectEvent(() => options.onDisconnected());
  const onRejected = useEffectEvent((message: string) => options.onRejected(message));

  useEffect(() => {
    let connections = 0;
    let failures = 0;
    let stopping = false;
    let syncTimer: number | undefined;
    const client = staffStompClient({ token, username });

    client.beforeConnect = () => {
      if (stopping) return;
      setState((previous) => ({ ...previous, status: "connecting", retryAt: null }));
    };

    client.onConnect = () => {
      failures = 0;
      connections += 1;
      const connection = connections;
      // Subscriptions die with the socket: all of them again, errors first to hear about the others.
      const groups = groupSubscriptions.current;
      groups.clear();
      client.subscribe(chatDestinations.errorsQueue, (frame) => onRefusal(frame.body));
      client.subscribe(chatDestinations.privateQueue(username), (frame) => onMessage(frame.body));
      client.subscribe(chatDestinations.userStatus, (frame) => onStatus(frame.body));
      for (const id of new Set(initialGroups())) {
        groups.set(
          id,
          client.subscribe(chatDestinations.group(id), (frame) => onMessage(frame.body)),
        );
      }
      // The server handles a socket's frames in order: the RECEIPT of this last one says every
      // subscription above is in place. A server that never answers gets a few seconds.
      const receipt = nextReceipt("sync");
      const ready = () => {
        window.clearTimeout(syncTimer);
        if (stopping || connections !== connection || !client.connected || synced.current === connection) return;
        synced.current = connection;
        onConnected(connection > 1);
      };
      client.watchForReceipt(receipt, ready);
      syncTimer = window.setTimeout(ready, SYNC_TIMEOUT_MS);
      const status = initialPresence();
      reported.current = { connectionId: connection, presence: status };
      client.publish({
        destination: chatDestinations.presence,
        body: JSON.stringify({ status }),
        headers: { receipt, "content-type": "application/json" },
      });
      setState({ status: "connected", attempt: 0, retryAt: null, connectionId: connection });
    };

    client.onWebSocketClose = () => {
      synced.current = 0;
      window.clearTimeout(syncTimer);
      if (stopping) return;
      const wasConnected = failures === 0 && connections > 0;
      failures += 1;
      const attempt = failures;
      setState((previous) => ({
        ...previous,
        status: "offline",
        attempt,
        retryAt: Date.now() + reconnectDelay(attempt),
      }));
      if (wasConnected) onDisconnected();
    };

    client.onStompError = (frame) => {
      onRejected(frame.headers.message ?? (frame.body || "The chat server refused the connection."));
    };

    clientRef.current = client;
    client.activate();
    return () => {
      stopping = true;
      synced.current = 0;
      window.clearTimeout(syncTimer);
      clientRef.current = null;
      groupSubscriptions.current.clear();
      void client.deactivate();
    };
  }, [token, username, nextReceipt]);

  // Follow exactly the groups in the list, on this connection.
  const groupKey = [...groupIds].sort((a, b) => a - b).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new connection (connectionId) needs the subscriptions again
  useEffect(() => {
    const client = clientRef.current;
    if (!client?.connected || state.status !== "connected") return;
    const wanted = new Set(groupKey ? groupKey.split(",").map(Number) : []);
    const current = groupSubscriptions.current;
    for (const [id, subscription] of current) {
      if (wanted.has(id)) continue;
      subscription.unsubscribe();
      current.delete(id);
    }
    for (const id of wanted) {
      if (current.has(id)) continue;
      current.set(
        id,
        client.subscribe(chatDestinations.group(id), (frame) => onMessage(frame.body)),
      );
    }
  }, [groupKey, state.status, state.connectionId]);

  // Presence on every change (each connect reports it first thing, above).
  useEffect(() => {
    const client = clientRef.current;
    if (!client?.connected || state.status !== "connected") return;
    const last = reported.current;
    if (last?.connectionId === state.connectionId && last.presence === presence) return;
    reported.current = { connectionId: state.connectionId, presence };
    client.publish({ destination: chatDestinations.presence, body: JSON.stringify({ status: presence }) });
  }, [presence, state.status, state.connectionId]);

  /** Publishes with a fresh receipt; null when there is no connection (nothing is sent). */
  const send = useCallback(
    (destination: string, body: unknown): SendResult | null => {
      const client = clientRef.current;
      if (!client?.connected) return null;
      const receipt = nextReceipt("send");
      const confirmed = new Promise<void>((resolve) => client.watchForReceipt(receipt, () => resolve()));
      try {
        client.publish({
          destination,
          body: JSON.stringify(body),
          headers: { receipt, "content-type": "application/json" },
        });
      } catch {
        return null;
      }
      return { receipt, confirmed };
    },
    [nextReceipt],
  );

  /** Publishes without a receipt (what may be lost, like typing); false when there is no connection. */
  const publish = useCallback((destination: string, body: unknown): boolean => {
    const client = clientRef.current;
    if (!client?.connected) return false;
    try {
      client.publish({ destination, body: JSON.stringify(body), headers: { "content-type": "application/json" } });
      return true;
    } catch {
      return false;
    }
  }, []);

  /**
   * The connection whose subscriptions the server has confirmed, or 0. A page fetched while this
   * stays the same cannot miss a message: what the page does not hold arrives live.
   */
  const liveConnection = useCallback(() => (clientRef.current?.connected ? synced.current : 0), []);

  /** Skips the back-off wait: connects now. */
  const retryNow = useCallback(() => {
    const client = clientRef.current;
    if (!client || client.connected) return;
    void client.deactivate().then(() => {
      if (clientRef.current === client) client.activate();
    });
  }, []);

  // Back on the network: no reason to wait out the back-off.
  useEffect(() => {
    const online = () => retryNow();
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, [retryNow]);

  return { state, send, publish, retryNow, liveConnection };
}
