import type { RefusalCode } from "../../shared/realtime.ts";
import { type Broker, type BrokerMessage, type BrokerSubscription, channels } from "./broker/broker.ts";
import { ERRORS_QUEUE, parseUserQueue, sameUsername, TOPIC_PREFIX } from "./destinations.ts";
import type { FeatureRegistry } from "./features.ts";
import { refusalOf, transportRefusals } from "./refusals.ts";
import type { AckMode, Outcome, SubscribeRequest } from "./stomp/protocol.ts";
import type { RealtimeLogger, RealtimeUser } from "./types.ts";

export interface Subscription {
  id: string;
  /** As the client wrote it: MESSAGE frames carry it back. */
  destination: string;
  ack: AckMode;
  /** A user queue's name (delivered through the user channel), or undefined for a topic. */
  queue?: string;
  broker?: BrokerSubscription;
}

/** What travels on a user channel: a body for one of the user's queues. */
export interface UserQueueEnvelope {
  queue: string;
  body: unknown;
}

const utf8Encoder = new TextEncoder();

/** MESSAGE bodies are encoded once per broker message, however many sessions receive it. */
const bodies = new WeakMap<BrokerMessage, Uint8Array>();
function topicBody(message: BrokerMessage): Uint8Array {
  let body = bodies.get(message);
  if (!body) {
    body = utf8Encoder.encode(message.json);
    bodies.set(message, body);
  }
  return body;
}
function envelopeOf(message: BrokerMessage): { queue: string; body: Uint8Array } | undefined {
  const envelope = message.payload as Partial<UserQueueEnvelope> | null;
  if (typeof envelope?.queue !== "string") return undefined;
  let body = bodies.get(message);
  if (!body) {
    body = utf8Encoder.encode(JSON.stringify(envelope.body) ?? "null");
    bodies.set(message, body);
  }
  return { queue: envelope.queue, body };
}

/** What a session's subscriptions need from it and from the server. */
export interface SubscriptionsHost {
  readonly sessionId: string;
  readonly maxSubscriptions: number;
  readonly broker: Broker;
  readonly features: FeatureRegistry;
  readonly log: RealtimeLogger;
  isConnected(): boolean;
  /** Writes one MESSAGE for `subscription`. */
  deliver(subscription: Subscription, body: Uint8Array): void;
  /** Runs a delivery; an error in it ends the session, never the broker. */
  guard(context: string, work: () => void): void;
}

/**
 * One session's subscriptions: the user channel (through which its user queues, the errors queue
 * among them, are delivered), topics on the broker as the features route and authorize them, and
 * refusals written on the errors queue.
 */
export class SessionSubscriptions {
  private readonly byId = new Map<string, Subscription>();
  private userChannel: BrokerSubscription | undefined;

  constructor(private readonly host: SubscriptionsHost) {}

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** Listens on the user's channel; resolves once the broker has subscribed (rejects if it cannot). */
  listenToUser(username: string): Promise<void> {
    this.userChannel = this.host.broker.subscribe(channels.user(username), (message) =>
      this.host.guard("delivering a user message", () => this.onUserMessage(message)),
    );
    return this.userChannel.ready;
  }

  async subscribe(request: SubscribeRequest, user: RealtimeUser): Promise<Outcome> {
    const { id, destination, ack, receipt } = request;
    if (this.byId.size >= this.host.maxSubscriptions) {
      return this.refuse("INVALID", transportRefusals.tooManySubscriptions, destination, receipt);
    }
    const userQueue = parseUserQueue(destination);
    if (userQueue) {
      if (userQueue.owner !== null && !sameUsername(userQueue.owner, user.username)) {
        return this.refuse("FORBIDDEN", transportRefusals.otherUsersQueue, destination, receipt);
      }
      // Delivered through the user channel the session already listens to.
      this.byId.set(id, { id, destination, ack, queue: userQueue.queue });
      return "done";
    }
    const topic = destination.startsWith(TOPIC_PREFIX) ? this.host.features.topic(destination) : undefined;
    if (!topic) return this.refuse("NOT_FOUND", transportRefusals.unknownDestination, destination, receipt);

    let allowed: boolean;
    try {
      allowed = await topic.route.authorize(user, topic.target);
    } catch (error) {
      if (!this.host.isConnected()) return "refused";
      const refusal = refusalOf(error);
      if (refusal) return this.refuse(refusal.code, refusal.message, destination, receipt, refusal.details);
      this.host.log.error({ err: error, session: this.host.sessionId, destination }, "subscribe authorizer failed");
      return this.refuse("UNAVAILABLE", transportRefusals.subscribeFailed, destination, receipt);
    }
    if (!this.host.isConnected()) return "refused";
    if (!allowed) return this.refuse("FORBIDDEN", transportRefusals.subscribeDenied, destination, receipt);
    // Reserve the id while the broker subscribes; frames are handled one at a time, so nothing else can take it.
    const subscription: Subscription = { id, destination, ack };
    subscription.broker = this.host.broker.subscribe(topic.channel, (message) =>
      this.host.guard("delivering a topic message", () => this.host.deliver(subscription, topicBody(message))),
    );
    this.byId.set(id, subscription);
    // A failure is a server error: ERROR and close, the client reconnects and subscribes again.
    await subscription.broker.ready;
    return "done";
  }

  unsubscribe(id: string): void {
    const subscription = this.byId.get(id);
    if (!subscription) return;
    subscription.broker?.unsubscribe();
    this.byId.delete(id);
  }

  /** Drops the subscriptions to topic `destination` (e.g. removed from a group) and says so on the errors queue. */
  revoke(destination: string, message: string): void {
    let revoked = false;
    for (const subscription of [...this.byId.values()]) {
      if (subscription.queue === undefined && subscription.destination === destination) {
        subscription.broker?.unsubscribe();
        this.byId.delete(subscription.id);
        revoked = true;
      }
    }
    if (revoked) this.sendError("REVOKED", message, destination);
  }

  /** Writes a refusal on the session's errors queue(s), if it subscribed to one. */
  sendError(
    code: RefusalCode,
    message: string,
    destination: string | undefined,
    receipt?: string,
    details?: Record<string, unknown>,
  ): void {
    const refusal: Record<string, unknown> = { ...details, code, message, destination: destination ?? null };
    if (receipt !== undefined) refusal.receipt = receipt;
    const body = utf8Encoder.encode(JSON.stringify(refusal));
    let delivered = false;
    for (const subscription of this.byId.values()) {
      if (subscription.queue === ERRORS_QUEUE) {
        this.host.deliver(subscription, body);
        delivered = true;
      }
    }
    if (!delivered) {
      this.host.log.debug(
        { session: this.host.sessionId, message, destination },
        "refusal not delivered: no errors queue",
      );
    }
  }

  /** A refused frame: the reason goes to the errors queue (with the frame's receipt, so the client can match it). */
  refuse(
    code: RefusalCode,
    message: string,
    destination: string,
    receipt: string | undefined,
    details?: Record<string, unknown>,
  ): Outcome {
    this.sendError(code, message, destination, receipt, details);
    return "refused";
  }

  /** Drops every subscription and the user channel. */
  clear(): void {
    for (const subscription of this.byId.values()) subscription.broker?.unsubscribe();
    this.byId.clear();
    this.userChannel?.unsubscribe();
    this.userChannel = undefined;
  }

  private onUserMessage(message: BrokerMessage): void {
    const envelope = envelopeOf(message);
    if (!envelope) return;
    for (const subscription of this.byId.values()) {
      if (subscription.queue === envelope.queue) this.host.deliver(subscription, envelope.body);
    }
  }
}
