import { Client, ReconnectionTimeMode, TickerStrategy } from "@stomp/stompjs";
import { chatLimits } from "../../shared/chat.ts";

/** The site's own STOMP endpoint (DESIGN §7), over TLS when the page is. */
export const brokerUrl = () => `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/ws`;

/**
 * A STOMP client as the staff pages connect one (the chat, the bell): authenticated in CONNECT,
 * heart-beats from a worker (a hidden tab's timers are throttled), reconnecting with exponential
 * backoff, and a silent socket dropped at once rather than after a close handshake that never
 * comes. Only staff code imports this (and so @stomp/stompjs).
 */
export function staffStompClient(user: { username: string; token: string }): Client {
  return new Client({
    brokerURL: brokerUrl(),
    connectHeaders: { Authorization: `Bearer ${user.token}`, username: user.username },
    heartbeatIncoming: chatLimits.heartBeatMs,
    heartbeatOutgoing: chatLimits.heartBeatMs,
    heartbeatStrategy: TickerStrategy.Worker,
    reconnectDelay: chatLimits.reconnectDelayMs,
    reconnectTimeMode: ReconnectionTimeMode.EXPONENTIAL,
    maxReconnectDelay: chatLimits.maxReconnectDelayMs,
    connectionTimeout: 15_000,
    discardWebsocketOnCommFailure: true,
    // stompjs splits only binary frames; ours are text, kept within the server's 8 KB chunks anyway.
    maxWebSocketChunkSize: 8 * 1024,
  });
}
