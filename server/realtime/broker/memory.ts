import { randomUUID } from "node:crypto";
import {
  type Broker,
  type BrokerErrorReporter,
  type BrokerHandler,
  type BrokerMessage,
  type BrokerSubscription,
  channels,
  type PresenceStatus,
  type SessionPresence,
} from "./broker.ts";

const READY = Promise.resolve();

/**
 * The broker of a single server instance: channels are in-memory handler sets, presence is
 * this instance's own. Payloads still go through JSON, so a subscriber never shares an object
 * with the publisher and both brokers behave alike.
 */
export class InProcessBroker implements Broker {
  readonly instanceId = randomUUID();
  readonly kind = "memory";
  private readonly handlers = new Map<string, Set<BrokerHandler>>();
  private readonly presence = new Map<string, SessionPresence>();
  private closed = false;

  constructor(private readonly reportError: BrokerErrorReporter = () => {}) {}

  async publish(channel: string, payload: unknown): Promise<void> {
    if (this.closed) throw new Error("The broker is closed");
    this.deliver(channel, JSON.stringify(payload) ?? "null");
  }

  subscribe(channel: string, handler: BrokerHandler): BrokerSubscription {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    // A wrapper, so one handler subscribed twice counts twice, as with Redis.
    const entry: BrokerHandler = (message) => handler(message);
    set.add(entry);
    return {
      ready: READY,
      unsubscribe: () => {
        const current = this.handlers.get(channel);
        if (!current?.delete(entry)) return;
        if (current.size === 0) this.handlers.delete(channel);
      },
    };
  }

  async setPresence(username: string, state: SessionPresence | null): Promise<void> {
    if (this.closed) return;
    const previous = this.presence.get(username) ?? "OFFLINE";
    if (state) this.presence.set(username, state);
    else this.presence.delete(username);
    const status = state ?? "OFFLINE";
    if (status !== previous) this.deliver(channels.userStatus, JSON.stringify({ username, status }));
  }

  async getStatuses(usernames: readonly string[]): Promise<Map<string, PresenceStatus>> {
    return new Map(usernames.map((username) => [username, this.presence.get(username) ?? "OFFLINE"]));
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error("The broker is closed");
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
    this.presence.clear();
  }

  /** Number of handlers on a channel (tests). */
  subscriberCount(channel: string): number {
    return this.handlers.get(channel)?.size ?? 0;
  }

  private deliver(channel: string, json: string): void {
    const set = this.handlers.get(channel);
    if (!set) return;
    const message: BrokerMessage = { channel, json, payload: JSON.parse(json) };
    // A copy: a handler may unsubscribe (itself or others) while we iterate.
    for (const handler of [...set]) {
      try {
        handler(message);
      } catch (error) {
        this.reportError(error, `handler of ${channel}`);
      }
    }
  }
}
