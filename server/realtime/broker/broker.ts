/**
 * The message broker behind the STOMP sessions: channels that fan a JSON payload out to every
 * subscriber on every server instance, and the presence of users across instances.
 * In-process by default (memory.ts); Redis when REDIS_URL is set (redis.ts).
 */
import type { PresenceStatus, SessionPresence } from "../../../shared/realtime.ts";

export type { PresenceStatus, SessionPresence };

/**
 * The broker's own channel names (features name theirs in their topic routes). A user's channel
 * reaches every session of that user, on any instance.
 */
export const channels = {
  /** Case-insensitive like usernames, so a publisher need not know the stored spelling. */
  user: (username: string) => `user:${username.toLowerCase()}`,
  /** `{username, status}` whenever a user's overall status changes. */
  userStatus: "user-status",
  /** Control messages between instances (disconnect a user, revoke a subscription). */
  control: "user-control",
} as const;

/** One published message as every subscriber sees it: the parsed payload and the JSON it travelled as. */
export interface BrokerMessage {
  readonly channel: string;
  readonly payload: unknown;
  readonly json: string;
}

export type BrokerHandler = (message: BrokerMessage) => void;

export interface BrokerSubscription {
  /** Resolves once messages published from now on are delivered (a Redis SUBSCRIBE round trip); rejects if the broker cannot subscribe. */
  readonly ready: Promise<void>;
  /** Idempotent. */
  unsubscribe(): void;
}

export interface Broker {
  /** This server instance, unique among the instances sharing the broker. */
  readonly instanceId: string;
  readonly kind: "memory" | "redis";
  /** Delivers `payload` (anything JSON can carry) to every subscriber of `channel`, on every instance. */
  publish(channel: string, payload: unknown): Promise<void>;
  /** Subscriptions to one channel share one upstream subscription per instance. */
  subscribe(channel: string, handler: BrokerHandler): BrokerSubscription;
  /**
   * Records this instance's state for a user: ONLINE if any of its sessions here is visible, ACTIVE if
   * all are hidden or idle, null when none is left here. When the user's overall status (over every
   * instance) changes, `{username, status}` is published on `channels.userStatus`, once.
   * Calls for one user must be made in order; the broker keeps that order.
   */
  setPresence(username: string, state: SessionPresence | null): Promise<void>;
  /** Overall status of each user (OFFLINE for users never seen), keyed by the usernames as given. */
  getStatuses(usernames: readonly string[]): Promise<Map<string, PresenceStatus>>;
  /** Resolves when the broker answers (Redis: a PING on its command connection); the readiness check uses it. */
  ping(): Promise<void>;
  /** Graceful stop: withdraws this instance's presence, then closes connections. */
  close(): Promise<void>;
}

/** Where a broker reports what it cannot throw to a caller (a failing handler, a lost connection). */
export type BrokerErrorReporter = (error: unknown, context: string) => void;

/** Overall status from per-session or per-instance states. */
export function aggregateStatus(states: Iterable<SessionPresence>): PresenceStatus {
  let status: PresenceStatus = "OFFLINE";
  for (const state of states) {
    if (state === "ONLINE") return "ONLINE";
    status = "ACTIVE";
  }
  return status;
}
