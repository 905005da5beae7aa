import type { WebSocket } from "ws";
import { HttpError } from "../lib/errors.ts";
import { type Broker, channels, type PresenceStatus, type SessionPresence } from "./broker/broker.ts";
import { APP_PREFIX, destinations, queueOfSuffix, type TopicDestination } from "./destinations.ts";
import { PresenceTracker } from "./presence.ts";
import { type SessionHost, type SessionSettings, StompSession, type UserQueueEnvelope } from "./stomp/session.ts";
import {
  type Authenticate,
  type RealtimeLogger,
  RealtimeRefusal,
  type RealtimeUser,
  type SendHandler,
  type SubscribeAuthorizer,
} from "./types.ts";

/** What the rest of the server uses (`app.realtime`): the chat module plugs in here. */
export interface Realtime {
  readonly broker: Broker;
  /**
   * Delivers `payload` to every session of `username` (any instance) subscribed to that queue:
   * `publishToUser("alice", "/queue/private", message)` reaches `/user/alice/queue/private` and `/user/queue/private`.
   */
  publishToUser(username: string, destinationSuffix: string, payload: unknown): Promise<void>;
  /** Delivers `payload` to every subscriber of `/topic/group/{groupId}`. */
  publishToGroup(groupId: number, payload: unknown): Promise<void>;
  /** Handles client SENDs to one `/app/…` destination (one handler per destination). */
  registerSendHandler(destination: string, handler: SendHandler): void;
  /** Replaces the authorizer of `/topic/…` subscriptions (default: user-status allowed, groups refused). */
  setSubscribeAuthorizer(authorizer: SubscribeAuthorizer): void;
  /** Each user's overall presence (OFFLINE when unknown), for `GET /users` and web push. */
  getStatuses(usernames: readonly string[]): Promise<Map<string, PresenceStatus>>;
  /**
   * Ends every session of a user on every instance (ERROR frame with `reason`, then close), and
   * refuses sessions whose CONNECT was being authenticated meanwhile. Call it after ending the
   * user's tokens (password change, disable, delete, rename).
   */
  disconnectUser(username: string, reason?: string): Promise<void>;
  /**
   * Ends, on every instance, the sessions opened with the tokens of one login session (the
   * `sessionId` authentication gave them), and refuses those whose CONNECT was being authenticated
   * meanwhile. Call it after ending that login session (logout); the user's other logins stay.
   */
  endLoginSession(sessionId: string, reason?: string): Promise<void>;
  /** Drops a user's subscriptions to a topic on every instance (e.g. removed from a group); they are told on the errors queue. */
  revokeSubscriptions(username: string, destination: string, message?: string): Promise<void>;
  /** Connected (authenticated) sessions on this instance, of one user or of all. */
  localSessionCount(username?: string): number;
  /** Whether this exact username has a session on this instance (such an account is active). */
  isConnectedHere(username: string): boolean;
}

export const DEFAULT_SESSION_SETTINGS: Readonly<SessionSettings> = Object.freeze({
  serverName: "steelcraft-realtime/1.0",
  heartBeatMs: 10_000,
  heartBeatTolerance: 2.5,
  connectTimeoutMs: 10_000,
  maxBufferedBytes: 4 * 1024 * 1024,
  maxQueuedFrames: 32,
  maxSubscriptions: 256,
  maxTransactions: 8,
  maxTransactionFrames: 64,
  revalidateMs: 5 * 60_000,
  closeGraceMs: 2_000,
  shutdownGraceMs: 5_000,
  decoderLimits: {},
});

export const SESSION_ENDED = "Your session has ended. Please log in again.";

export interface RealtimeServerOptions {
  broker: Broker;
  authenticate: Authenticate;
  log: RealtimeLogger;
  settings?: Partial<SessionSettings>;
}

type ControlMessage =
  | { type: "disconnect"; username: string; reason: string }
  | { type: "end-session"; sessionId: string; reason: string }
  | { type: "revoke"; username: string; destination: string; message: string };

const defaultAuthorizer: SubscribeAuthorizer = (_user, topic) => topic.kind === "user-status";

/**
 * The session layer of one server instance: accepts STOMP connections, keeps them by user,
 * routes SENDs to the registered handlers, and carries control messages between instances.
 */
export class RealtimeServer implements Realtime, SessionHost {
  readonly broker: Broker;
  readonly settings: SessionSettings;
  readonly log: RealtimeLogger;
  readonly authenticate: Authenticate;
  private readonly sessions = new Set<StompSession>();
  private readonly byUser = new Map<string, Set<StompSession>>();
  private readonly handlers = new Map<string, SendHandler>();
  private authorizer: SubscribeAuthorizer = defaultAuthorizer;
  private readonly presence: PresenceTracker;
  /** When each user was last disconnected (lower-case name → ms), to refuse CONNECTs authenticated just before. */
  private readonly revokedAt = new Map<string, number>();
  /** Login sessions ended lately (id → ms), to refuse CONNECTs authenticated just before. */
  private readonly endedAt = new Map<string, number>();
  private controlSubscription: { unsubscribe(): void } | undefined;
  private closing = false;

  constructor(options: RealtimeServerOptions) {
    this.broker = options.broker;
    this.log = options.log;
    this.authenticate = options.authenticate;
    this.settings = { ...DEFAULT_SESSION_SETTINGS, ...options.settings };
    this.presence = new PresenceTracker(
      (username, state) => this.broker.setPresence(username, state),
      (error) => this.log.warn({ err: error }, "presence update failed"),
    );
  }

  /** Listens to control messages from the other instances. */
  async start(): Promise<void> {
    const subscription = this.broker.subscribe(channels.control, (message) =>
      this.onControl(message.payload as ControlMessage),
    );
    this.controlSubscription = subscription;
    await subscription.ready;
  }

  /** Takes over a freshly upgraded WebSocket. */
  handleConnection(socket: WebSocket): void {
    if (this.closing) {
      socket.close(1001, "Server shutting down");
      return;
    }
    const session = new StompSession(socket, this);
    this.sessions.add(session);
    socket.once("close", () => this.sessions.delete(session));
  }

  /**
   * Shuts down in the order that loses nothing: refuse new connections, stop reading frames, let
   * those received finish (SENDs stored, their RECEIPTs sent), close every socket (clients reconnect
   * elsewhere), then wait for presence to be withdrawn.
   */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.sessions].map((session) => session.shutdown()));
    await this.presence.flush();
    this.controlSubscription?.unsubscribe();
  }

  // ---- Realtime ----

  async publishToUser(username: string, destinationSuffix: string, payload: unknown): Promise<void> {
    const queue = queueOfSuffix(destinationSuffix);
    if (!queue) throw new Error(`Not a user queue: ${JSON.stringify(destinationSuffix)} (expected /queue/<name>)`);
    const envelope: UserQueueEnvelope = { queue, body: payload };
    await this.broker.publish(channels.user(username), envelope);
  }

  async publishToGroup(groupId: number, payload: unknown): Promise<void> {
    if (!Number.isSafeInteger(groupId) || groupId <= 0) throw new Error(`Not a group id: ${groupId}`);
    await this.broker.publish(channels.group(groupId), payload);
  }

  registerSendHandler(destination: string, handler: SendHandler): void {
    if (!destination.startsWith(APP_PREFIX) || destination === destinations.presence) {
      throw new Error(`Cannot register a send handler for ${destination}`);
    }
    if (this.handlers.has(destination)) throw new Error(`A send handler for ${destination} is already registered`);
    this.handlers.set(destination, handler);
  }

  setSubscribeAuthorizer(authorizer: SubscribeAuthorizer): void {
    this.authorizer = authorizer;
  }

  getStatuses(usernames: readonly string[]): Promise<Map<string, PresenceStatus>> {
    return this.broker.getStatuses(usernames);
  }

  async disconnectUser(username: string, reason = SESSION_ENDED): Promise<void> {
    // Locally at once; the other instances through the broker (and ours again, harmlessly).
    this.disconnectLocal(username, reason);
    await this.broker.publish(channels.control, { type: "disconnect", username, reason } satisfies ControlMessage);
  }

  async endLoginSession(sessionId: string, reason = SESSION_ENDED): Promise<void> {
    this.endLoginSessionLocal(sessionId, reason);
    await this.broker.publish(channels.control, { type: "end-session", sessionId, reason } satisfies ControlMessage);
  }

  async revokeSubscriptions(
    username: string,
    destination: string,
    message = "You can no longer follow this conversation.",
  ): Promise<void> {
    this.revokeLocal(username, destination, message);
    await this.broker.publish(channels.control, {
      type: "revoke",
      username,
      destination,
      message,
    } satisfies ControlMessage);
  }

  /** Revoking an account (disable, delete, password change) closes its sessions: a connected one is active. */
  isConnectedHere(username: string): boolean {
    const set = this.byUser.get(username.toLowerCase());
    if (!set) return false;
    for (const session of set) if (session.user?.username === username) return true;
    return false;
  }

  localSessionCount(username?: string): number {
    if (username === undefined) {
      let count = 0;
      for (const set of this.byUser.values()) count += set.size;
      return count;
    }
    return this.byUser.get(username.toLowerCase())?.size ?? 0;
  }

  // ---- SessionHost ----

  attach(session: StompSession, authStartedAt: number): boolean {
    const user = session.user!;
    const key = user.username.toLowerCase();
    if ((this.revokedAt.get(key) ?? -1) >= authStartedAt || this.closing) return false;
    if (session.loginSession !== undefined && this.endedAt.has(session.loginSession)) return false;
    let set = this.byUser.get(key);
    if (!set) {
      set = new Set();
      this.byUser.set(key, set);
    }
    set.add(session);
    return true;
  }

  detach(session: StompSession): void {
    const user = session.user!;
    const key = user.username.toLowerCase();
    const set = this.byUser.get(key);
    if (set?.delete(session) && set.size === 0) this.byUser.delete(key);
    this.presence.remove(user.username, session.id);
  }

  setPresence(session: StompSession, state: SessionPresence): void {
    this.presence.set(session.user!.username, session.id, state);
  }

  async authorizeSubscribe(user: RealtimeUser, topic: TopicDestination): Promise<true | string> {
    try {
      if (await this.authorizer(user, topic)) return true;
      return "You cannot subscribe to this destination.";
    } catch (error) {
      const refusal = this.refusalMessage(error);
      if (refusal !== undefined) return refusal;
      this.log.error({ err: error, destination: topic.destination }, "subscribe authorizer failed");
      return "The subscription could not be checked. Please try again.";
    }
  }

  sendHandler(destination: string): SendHandler | undefined {
    return this.handlers.get(destination);
  }

  refusalMessage(error: unknown): string | undefined {
    if (error instanceof RealtimeRefusal) return error.message;
    if (error instanceof HttpError && error.statusCode < 500) return error.message;
    return undefined;
  }

  // ---- control ----

  private onControl(message: ControlMessage): void {
    if (message?.type === "disconnect" && typeof message.username === "string") {
      this.disconnectLocal(message.username, String(message.reason ?? SESSION_ENDED));
    } else if (message?.type === "end-session" && typeof message.sessionId === "string") {
      this.endLoginSessionLocal(message.sessionId, String(message.reason ?? SESSION_ENDED));
    } else if (message?.type === "revoke" && typeof message.username === "string") {
      this.revokeLocal(message.username, String(message.destination), String(message.message));
    }
  }

  private disconnectLocal(username: string, reason: string): void {
    const key = username.toLowerCase();
    const now = Date.now();
    this.revokedAt.set(key, now);
    // A CONNECT is authenticated within connectTimeoutMs of its socket opening, or dropped: older marks are moot.
    for (const [name, at] of this.revokedAt) {
      if (now - at > 2 * this.settings.connectTimeoutMs) this.revokedAt.delete(name);
    }
    const set = this.byUser.get(key);
    if (!set) return;
    for (const session of [...set]) session.kick(reason);
  }

  private endLoginSessionLocal(sessionId: string, reason: string): void {
    const now = Date.now();
    this.endedAt.set(sessionId, now);
    // Same horizon as revokedAt: a CONNECT is authenticated within connectTimeoutMs, or dropped.
    for (const [id, at] of this.endedAt) {
      if (now - at > 2 * this.settings.connectTimeoutMs) this.endedAt.delete(id);
    }
    for (const session of [...this.sessions]) {
      if (session.loginSession === sessionId) session.kick(reason);
    }
  }

  private revokeLocal(username: string, destination: string, message: string): void {
    const set = this.byUser.get(username.toLowerCase());
    if (!set) return;
    for (const session of set) session.revokeSubscriptions(destination, message);
  }
}
