import { Client, ReconnectionTimeMode, type StompSubscription, TickerStrategy } from "@stomp/stompjs";
import { useCallback, useEffect, useEffectEvent, useRef, useState } from "react";
import { type ChatMessage, chatDestinations, chatLimits, chatMessageSchema } from "../../../../shared/chat.ts";
import { reconnectDelay } from "../lib/backoff.ts";

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

export interface Refusal {
  message: string;
  destination: string | null;
  /** The refused frame's receipt, when it asked for one (a refused SEND gets no RECEIPT). */
  receipt?: string;
}

export interface StatusUpdate {
  username: string;
  status: string;
}

export interface ChatConnectionOptions {
  token: string;
  username: string;
  /** The groups to follow on /topic/group/{id}; re-subscribed when the list changes. */
  groupIds: readonly number[];
  /** ONLINE or ACTIVE: sent on /app/presence after each connect and whenever it changes. */
  presence: "ONLINE" | "ACTIVE";
  onMessage: (message: ChatMessage) => void;
  onStatus: (update: StatusUpdate) => void;
  onRefusal: (refusal: Refusal) => void;
  /** After every connect; `reconnect` is false the first time. */
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

function brokerUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === "https:" ? "wss" : "ws"}://${host}/ws`;
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
 * queue, presence, and every group in `groupIds`, and reports presence.
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

  const onMessage = useEffectEvent((body: string) => {
    const parsed = chatMessageSchema.safeParse(parseJson(body));
    if (parsed.success) options.onMessage(parsed.data);
    else console.warn("chat: ignored a message the client does not understand", parsed.error.issues);
  });
  const onStatus = useEffectEvent((body: string) => {
    const data = parseJson(body) as Partial<StatusUpdate> | undefined;
    if (typeof data?.username === "string" && typeof data.status === "string") {
      options.onStatus({ username: data.username, status: data.status });
    }
  });
  const onRefusal = useEffectEvent((body: string) => {
    const data = parseJson(body) as { message?: unknown; destination?: unknown; receipt?: unknown } | undefined;
    const message = typeof data?.message === "string" ? data.message : body || "The server refused the request.";
    const destination = typeof data?.destination === "string" ? data.destination : null;
    const receipt = typeof data?.receipt === "string" ? data.receipt : undefined;
    options.onRefusal({ message, destination, receipt });
  });
  const onConnected = useEffectEvent((reconnect: boolean) => options.onConnected({ reconnect }));
  const onDisconnected = useEffectEvent(() => options.onDisconnected());
  const onRejected = useEffectEvent((message: string) => options.onRejected(message));

  useEffect(() => {
    let connections = 0;
    let failures = 0;
    let stopping = false;
    const client = new Client({
      brokerURL: brokerUrl(),
      connectHeaders: { Authorization: `Bearer ${token}`, username },
      heartbeatIncoming: chatLimits.heartBeatMs,
      heartbeatOutgoing: chatLimits.heartBeatMs,
      // A hidden tab's timers are throttled; a worker keeps the heart-beats on time.
      heartbeatStrategy: TickerStrategy.Worker,
      reconnectDelay: chatLimits.reconnectDelayMs,
      reconnectTimeMode: ReconnectionTimeMode.EXPONENTIAL,
      maxReconnectDelay: chatLimits.maxReconnectDelayMs,
      connectionTimeout: 15_000,
      // A silent socket is dropped at once rather than after a close handshake that never comes.
      discardWebsocketOnCommFailure: true,
      // stompjs splits only binary frames; ours are text, kept within the server's 8 KB chunks anyway.
      maxWebSocketChunkSize: 8 * 1024,
    });

    client.beforeConnect = () => {
      if (stopping) return;
      setState((previous) => ({ ...previous, status: "connecting", retryAt: null }));
    };

    client.onConnect = () => {
      failures = 0;
      connections += 1;
      // Subscriptions die with the socket; the group effect subscribes afresh for this connection.
      groupSubscriptions.current.clear();
      client.subscribe(chatDestinations.privateQueue(username), (frame) => onMessage(frame.body));
      client.subscribe(chatDestinations.errorsQueue, (frame) => onRefusal(frame.body));
      client.subscribe(chatDestinations.userStatus, (frame) => onStatus(frame.body));
      setState({ status: "connected", attempt: 0, retryAt: null, connectionId: connections });
      onConnected(connections > 1);
    };

    client.onWebSocketClose = () => {
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
      clientRef.current = null;
      groupSubscriptions.current.clear();
      void client.deactivate();
    };
  }, [token, username]);

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

  // Presence after every connect and on every change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new connection (connectionId) must hear it again
  useEffect(() => {
    const client = clientRef.current;
    if (!client?.connected || state.status !== "connected") return;
    client.publish({ destination: chatDestinations.presence, body: JSON.stringify({ status: presence }) });
  }, [presence, state.status, state.connectionId]);

  /** Publishes with a receipt; null when there is no connection (nothing is sent). */
  const send = useCallback((destination: string, body: unknown): SendResult | null => {
    const client = clientRef.current;
    if (!client?.connected) return null;
    receiptCounter.current += 1;
    const receipt = `send-${receiptCounter.current}-${Date.now().toString(36)}`;
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
  }, []);

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

  return { state, send, retryNow };
}
