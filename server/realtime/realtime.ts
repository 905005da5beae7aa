import type { WebSocket } from "ws";
import { realtimeTexts } from "../../shared/realtime.ts";
import { type Broker, channels } from "./broker/broker.ts";
import { Connection, type ConnectionHost } from "./connection.ts";
import { queueOfSuffix } from "./destinations.ts";
import { FeatureRegistry, type RealtimeFeature } from "./features.ts";
import { transportRefusals } from "./refusals.ts";
import { DEFAULT_SESSION_SETTINGS, type SessionSettings } from "./settings.ts";
import type { UserQueueEnvelope } from "./subscriptions.ts";
import type { Authenticate, RealtimeLogger, RealtimeUser } from "./types.ts";

/** What the rest of the server uses (`app.realtime`): features (the chat, presence) plug in here. */
export interface Realtime {
  readonly broker: Broker;
  /**
   * Adds a feature's `/app/…` send handlers, `/topic/…` routes and session hooks. Throws if one of
   * its destinations is already registered.
   */
  register(feature: RealtimeFeature): void;
  /**
   * Delivers `payload` to every session of `username` (any instance) subscribed to that queue:
   * `publishToUser("alice", "/queue/private", message)` reaches `/user/alice/queue/private` and `/user/queue/private`.
   */
  publishToUser(username: string, queueSuffix: string, payload: unknown): Promise<void>;
  /** Delivers `payload` to every subscriber of a registered `/topic/…` destination, on every instance. */
  publishToTopic(destination: string, payload: unknown): Promise<void>;
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
  /** Drops a user's subscriptions to a topic on every instance (e.g. removed from a group); they are told on the errors queue (REVOKED). */
  revokeSubscriptions(username: string, destination: string, message?: string): Promise<void>;
  /** Connected (authenticated) sessions on this instance, of one user or of all. */
  localSessionCount(username?: string): number;
  /** Frames this instance dropped for being over their destination's send limit, since it started. */
  droppedFrames(): number;
  /** Whether this exact username has a session on this instance (such an account is active). */
  isConnectedHere(username: string): boolean;
  /**
   * The account of a session on this instance whose username is `username` (any case), or
   * undefined: such an account is active, since revoking one closes its sessions.
   */
  connectedUser(username: string): RealtimeUser | undefined;
}

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

/**
 * The transport of one server instance: accepts STOMP connections, keeps them by user, holds the
 * registered features, and carries control messages between instances. It knows nothing of what
 * the features do.
 */
export class RealtimeServer implements Realtime, ConnectionHost {
  readonly broker: Broker;
  readonly settings: SessionSettings;
  readonly log: RealtimeLogger;
  readonly authenticate: Authenticate;
  readonly features: FeatureRegistry;
  private readonly sessions = new Set<Connection>();
  private readonly byUser = new Map<string, Set<Connection>>();
  /** When each user was last disconnected (lower-case name → ms), to refuse CONNECTs authenticated just before. */
  private readonly revokedAt = new Map<string, number>();
  /** Login sessions ended lately (id → ms), to refuse CONNECTs authenticated just before. */
  private readonly endedAt = new Map<string, number>();
  private controlSubscription: { unsubscribe(): void } | undefined;
  private closing = false;
  private dropCount = 0;

  constructor(options: RealtimeServerOptions) {
    this.broker = options.broker;
    this.log = options.log;
    this.authenticate = options.authenticate;
    this.settings = { ...DEFAULT_SESSION_SETTINGS, ...options.settings };
    this.features = new FeatureRegistry(this.log);
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
    const session = new Connection(socket, this);
    this.sessions.add(session);
    socket.once("close", () => this.sessions.delete(session));
  }

  /**
   * Shuts down in the order that loses nothing: refuse new connections, stop reading frames, let
   * those received finish (SENDs stored, their RECEIPTs sent), close every socket (clients reconnect
   * elsewhere), then wait for what the features' hooks started (presence withdrawn).
   */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.sessions].map((session) => session.shutdown()));
    await this.features.settle();
    this.controlSubscription?.unsubscribe();
  }

  // ---- Realtime ----

  register(feature: RealtimeFeature): void {
    this.features.register(feature);
  }

  async publishToUser(username: string, queueSuffix: string, payload: unknown): Promise<void> {
    const queue = queueOfSuffix(queueSuffix);
    if (!queue) throw new Error(`Not a user queue: ${JSON.stringify(queueSuffix)} (expected /queue/<name>)`);
    const envelope: UserQueueEnvelope = { queue, body: payload };
    await this.broker.publish(channels.user(username), envelope);
  }

  async publishToTopic(destination: string, payload: unknown): Promise<void> {
    const topic = this.features.topic(destination);
    if (!topic) throw new Error(`Not a registered topic: ${JSON.stringify(destination)}`);
    await this.broker.publish(topic.channel, payload);
  }

  async disconnectUser(username: string, reason: string = realtimeTexts.sessionEnded): Promise<void> {
    // Locally at once; the other instances through the broker (and ours again, harmlessly).
    this.disconnectLocal(username, reason);
    await this.broker.publish(channels.control, { type: "disconnect", username, reason } satisfies ControlMessage);
  }

  async endLoginSession(sessionId: string, reason: string = realtimeTexts.sessionEnded): Promise<void> {
    this.endLoginSessionLocal(sessionId, reason);
    await this.broker.publish(channels.control, { type: "end-session", sessionId, reason } satisfies ControlMessage);
  }

  async revokeSubscriptions(
    username: string,
    destination: string,
    message: string = transportRefusals.revoked,
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

  connectedUser(username: string): RealtimeUser | undefined {
    const set = this.byUser.get(username.toLowerCase());
    if (!set) return undefined;
    for (const session of set) if (session.user) return session.user;
    return undefined;
  }

  localSessionCount(username?: string): number {
    if (username === undefined) {
      let count = 0;
      for (const set of this.byUser.values()) count += set.size;
      return count;
    }
    return this.byUser.get(username.toLowerCase())?.size ?? 0;
  }

  droppedFrames(): number {
    return this.dropCount;
  }

  // ---- ConnectionHost ----

  dropped(_destination: string): void {
    this.dropCount++;
  }

  attach(session: Connection, authStartedAt: number): boolean {
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

  detach(session: Connection): void {
    const key = session.user!.username.toLowerCase();
    const set = this.byUser.get(key);
    if (set?.delete(session) && set.size === 0) this.byUser.delete(key);
  }

  // ---- control ----

  private onControl(message: ControlMessage): void {
    if (message?.type === "disconnect" && typeof message.username === "string") {
      this.disconnectLocal(message.username, String(message.reason ?? realtimeTexts.sessionEnded));
    } else if (message?.type === "end-session" && typeof message.sessionId === "string") {
      this.endLoginSessionLocal(message.sessionId, String(message.reason ?? realtimeTexts.sessionEnded));
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
