import { randomBytes } from "node:crypto";
import type { WebSocket } from "ws";
import { type RefusalCode, realtimeTexts } from "../../shared/realtime.ts";
import { type Broker, type BrokerMessage, type BrokerSubscription, channels } from "./broker/broker.ts";
import { APP_PREFIX, ERRORS_QUEUE, parseUserQueue, sameUsername, TOPIC_PREFIX } from "./destinations.ts";
import type { FeatureRegistry } from "./features.ts";
import { refusalOf, transportRefusals } from "./refusals.ts";
import type { SessionSettings } from "./settings.ts";
import { FrameDecoder, StompProtocolError } from "./stomp/decode.ts";
import { HEART_BEAT } from "./stomp/encode.ts";
import { type Frame, header } from "./stomp/frame.ts";
import {
  type AckMode,
  CLOSE,
  type ConnectVerdict,
  type HeartBeats,
  type Outcome,
  type ProtocolHost,
  StompProtocol,
  type StompVersion,
  type SubscribeRequest,
} from "./stomp/protocol.ts";
import type { Authenticate, RealtimeLogger, RealtimeUser, SessionInfo } from "./types.ts";

/** What a connection needs from the server around it (realtime.ts). */
export interface ConnectionHost {
  readonly settings: SessionSettings;
  readonly broker: Broker;
  readonly log: RealtimeLogger;
  readonly authenticate: Authenticate;
  readonly features: FeatureRegistry;
  /** The connection is authenticated: register it. False refuses it (its user was disconnected since `authStartedAt`). */
  attach(connection: Connection, authStartedAt: number): boolean;
  detach(connection: Connection): void;
}

interface Subscription {
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
const utf8Decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const MAX_TIMER_MS = 2 ** 31 - 1;

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

/**
 * One STOMP connection over one WebSocket: reading (with backpressure), output batched per turn of
 * the event loop, timers, authentication and revalidation, the user channel, subscriptions on the
 * broker, and routing frames to the registered features. Frames are handled one at a time in
 * arrival order (a SEND's RECEIPT, and whatever the client sends next, wait for the handler);
 * heart-beats are counted as they arrive. The STOMP rules themselves are the protocol's.
 */
export class Connection implements ProtocolHost {
  readonly id = randomBytes(9).toString("base64url");
  user: RealtimeUser | undefined;
  /** The login session the CONNECT token belongs to, if it says (a logout ends the sockets opened with it). */
  loginSession: string | undefined;

  private readonly protocol: StompProtocol;
  /** What features see of this session, once authenticated. */
  private info: SessionInfo | undefined;
  private token: string | undefined;
  private expiresAt: number | undefined;
  /** The features were told the session opened (so they will be told it closed). */
  private opened = false;
  private closing = false;
  /** Registered with the host (between a successful CONNECT and the release of resources). */
  private attached = false;
  private released = false;
  private readonly decoder: FrameDecoder;
  private readonly queue: Frame[] = [];
  /** Whether a drain of `queue` is running (set and cleared synchronously: two messages may arrive in one tick). */
  private draining = false;
  /** The last drain started; settles when it ends (shutdown waits for it). */
  private drained: Promise<void> = Promise.resolve();
  /** Shutting down: no more frames are read; those received are still handled. */
  private stopping = false;
  private paused = false;
  private readonly subscriptions = new Map<string, Subscription>();
  private userChannel: BrokerSubscription | undefined;
  private messageCounter = 0;
  private lastReceivedAt = Date.now();
  private lastSentAt = Date.now();
  /** Frames written in this turn of the event loop, sent together (see write). */
  private outbox: Uint8Array[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private connectDeadline: NodeJS.Timeout | undefined;
  private readonly settings: SessionSettings;
  readonly log: RealtimeLogger;

  constructor(
    private readonly socket: WebSocket,
    private readonly host: ConnectionHost,
  ) {
    this.settings = host.settings;
    this.log = host.log;
    this.decoder = new FrameDecoder(this.settings.decoderLimits);
    this.protocol = new StompProtocol(this, this.settings);
    // Every way in is guarded: an unexpected error ends this session, never the process.
    socket.on("message", (data) => {
      try {
        this.onData(data);
      } catch (error) {
        this.crash(error, "reading a frame");
      }
    });
    socket.on("close", () => {
      try {
        this.release();
      } catch (error) {
        this.log.error({ err: error, session: this.id }, "STOMP session release failed");
      }
      this.closing = true;
      this.protocol.end();
    });
    this.connectDeadline = this.after(this.settings.connectTimeoutMs, () => {
      if (!this.protocol.isConnected) this.protocol.fail("No CONNECT frame received in time", CLOSE.policyViolation);
    });
  }

  get isConnected(): boolean {
    return this.protocol.isConnected && !this.closing;
  }

  /** Ends the session with an ERROR frame (the client learns why) and closes the socket. */
  kick(message: string): void {
    this.protocol.fail(message, CLOSE.policyViolation);
  }

  /**
   * Shutting down: reads nothing more, lets the frames already received finish (a SEND is stored
   * and its RECEIPT sent), then closes the socket (the client reconnects elsewhere). Within
   * `shutdownGraceMs`, or the socket closes with the work unfinished (its RECEIPT never sent, so
   * the client sends it again).
   */
  async shutdown(): Promise<void> {
    if (this.closing) return;
    this.stopping = true;
    this.socket.pause();
    if (this.protocol.isConnected && this.draining) {
      let timer: NodeJS.Timeout | undefined;
      const grace = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, this.settings.shutdownGraceMs);
      });
      await Promise.race([this.drained, grace]);
      clearTimeout(timer);
    }
    this.close(CLOSE.goingAway, "Server shutting down");
  }

  /** Closes the socket without an ERROR frame, e.g. on shutdown (the client reconnects). */
  close(code = CLOSE.goingAway, reason = "Server shutting down"): void {
    if (this.closing) return;
    this.closing = true;
    this.protocol.end();
    // Unsubscribe and withdraw from the features now, not when the peer answers the close.
    this.release();
    // Frames still queued (an ERROR, a RECEIPT) go out before the close frame.
    this.flushOutbox();
    if (this.socket.readyState === this.socket.OPEN || this.socket.readyState === this.socket.CONNECTING) {
      this.socket.close(code, reason);
      const kill = setTimeout(() => this.socket.terminate(), this.settings.closeGraceMs);
      kill.unref();
      this.socket.once("close", () => clearTimeout(kill));
    }
  }

  /** Drops this session's subscriptions to `destination` (e.g. removed from a group) and says so on the errors queue. */
  revokeSubscriptions(destination: string, message: string): void {
    let revoked = false;
    for (const subscription of [...this.subscriptions.values()]) {
      if (subscription.queue === undefined && subscription.destination === destination) {
        subscription.broker?.unsubscribe();
        this.subscriptions.delete(subscription.id);
        revoked = true;
      }
    }
    if (revoked) this.sendError("REVOKED", message, destination);
  }

  /** Writes a refusal on this session's errors queue(s), if it subscribed to one. */
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
    for (const subscription of this.subscriptions.values()) {
      if (subscription.queue === ERRORS_QUEUE) {
        this.deliver(subscription, body);
        delivered = true;
      }
    }
    if (!delivered)
      this.log.debug({ session: this.id, message, destination }, "refusal not delivered: no errors queue");
  }

  // ---- input ----

  private onData(data: WebSocket.RawData): void {
    this.lastReceivedAt = Date.now();
    if (this.closing || this.stopping) return;
    const chunks = Array.isArray(data) ? data : [data];
    try {
      for (const chunk of chunks) {
        const bytes = chunk instanceof ArrayBuffer ? new Uint8Array(chunk) : chunk;
        for (const item of this.decoder.push(bytes)) {
          if (item.type === "frame") this.queue.push(item.frame);
        }
      }
    } catch (error) {
      if (error instanceof StompProtocolError) {
        this.protocol.fail(error.message, CLOSE.protocolError);
        return;
      }
      throw error;
    }
    if (this.queue.length > this.settings.maxQueuedFrames && !this.paused) {
      this.paused = true;
      this.socket.pause();
    }
    if (!this.draining) this.drained = this.drain().catch((error: unknown) => this.crash(error, "handling a frame"));
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.queue.length > 0 && !this.closing) {
        await this.protocol.handle(this.queue.shift()!);
        if (this.paused && !this.stopping && this.queue.length <= this.settings.maxQueuedFrames / 2) {
          this.paused = false;
          this.socket.resume();
        }
      }
    } finally {
      this.draining = false;
    }
  }

  // ---- ProtocolHost: called by the protocol, inside its error handling ----

  logError(object: object, message: string): void {
    this.log.error({ ...object, session: this.id }, message);
  }

  hasSubscription(id: string): boolean {
    return this.subscriptions.has(id);
  }

  // ---- authentication ----

  /** Authenticates a CONNECT: its bearer token, its username header if any, then the user channel. */
  async connect(frame: Frame): Promise<ConnectVerdict> {
    const refused = (message: string, closeCode = CLOSE.policyViolation): ConnectVerdict => ({
      accepted: false,
      message,
      closeCode,
    });
    const authorization = header(frame, "Authorization") ?? header(frame, "authorization");
    const token = authorization === undefined ? undefined : /^Bearer[ ]+(\S+)\s*$/i.exec(authorization)?.[1];
    if (!token) return refused("Authentication required: send Authorization: Bearer <token> in CONNECT");

    const authStartedAt = Date.now();
    const user = await this.host.authenticate(token);
    if (this.closing) return refused(realtimeTexts.sessionEnded);
    if (!user) return refused(realtimeTexts.sessionEnded);
    const claimed = header(frame, "username");
    if (claimed !== undefined && !sameUsername(claimed, user.username)) {
      return refused("The username header does not match the token");
    }

    this.user = { id: user.id, username: user.username, role: user.role };
    this.loginSession = user.sessionId;
    this.userChannel = this.host.broker.subscribe(channels.user(user.username), (message) =>
      this.guard("delivering a user message", () => this.onUserMessage(message)),
    );
    try {
      await this.userChannel.ready;
    } catch (error) {
      this.log.error({ err: error, session: this.id }, "could not subscribe to the user channel");
      return refused("Server unavailable, try again later", CLOSE.serverError);
    }
    if (this.closing) return refused(realtimeTexts.sessionEnded);
    if (!this.host.attach(this, authStartedAt)) return refused(realtimeTexts.sessionEnded);
    this.attached = true;
    this.info = { id: this.id, user: this.user };
    this.expiresAt = user.expiresAt;
    this.token = token;
    return { accepted: true, session: this.id, userName: user.username };
  }

  /** CONNECTED is out: timers, and the features learn of the session. */
  connected(_version: StompVersion, heartBeats: HeartBeats): void {
    clearTimeout(this.connectDeadline);
    if (this.connectDeadline) this.timers.delete(this.connectDeadline);
    if (heartBeats.outgoing > 0) this.sendHeartBeats(heartBeats.outgoing);
    if (heartBeats.incoming > 0) this.watchHeartBeats(heartBeats.incoming);
    if (this.expiresAt !== undefined) {
      this.after(Math.max(0, this.expiresAt - Date.now()), () => this.kick(realtimeTexts.sessionEnded));
    }
    this.revalidateLater(this.token!);
    this.opened = true;
    this.host.features.opened(this.info!);
  }

  private revalidateLater(token: string): void {
    const every = this.settings.revalidateMs;
    if (every <= 0) return;
    this.after(every * (0.75 + Math.random() / 2), () => {
      this.revalidate(token).catch((error: unknown) => this.crash(error, "revalidating the token"));
    });
  }

  private async revalidate(token: string): Promise<void> {
    let user: RealtimeUser | null;
    try {
      user = await this.host.authenticate(token);
    } catch (error) {
      // The database may be briefly unavailable: that is no reason to drop anyone.
      this.log.warn({ err: error, session: this.id }, "could not check a session's token again");
      this.revalidateLater(token);
      return;
    }
    if (!this.isConnected) return;
    if (!user || !sameUsername(user.username, this.user!.username)) {
      this.kick(realtimeTexts.sessionEnded);
      return;
    }
    this.revalidateLater(token);
  }

  // ---- heart-beats ----

  /** Sends a heart-beat whenever the server has been silent for `interval`. */
  private sendHeartBeats(interval: number): void {
    // Early by a little rather than late: the client counts from its side of the network.
    const slack = Math.min(50, interval / 10);
    const tick = () => {
      const silence = Date.now() - this.lastSentAt;
      if (silence >= interval - slack) {
        this.write(HEART_BEAT);
        this.after(interval, tick);
      } else {
        this.after(interval - silence, tick);
      }
    };
    this.after(interval, tick);
  }

  /** Drops a client silent for `tolerance` of its intervals. */
  private watchHeartBeats(interval: number): void {
    const limit = interval * this.settings.heartBeatTolerance;
    const check = () => {
      // While we hold the socket paused the client's bytes wait in the kernel: not its silence.
      if (!this.paused && Date.now() - this.lastReceivedAt > limit) {
        this.log.info({ session: this.id, user: this.user?.username }, "STOMP client missed its heart-beats");
        this.protocol.fail("No heart-beat received in time", CLOSE.policyViolation);
        return;
      }
      this.after(Math.max(interval / 2, 10), check);
    };
    this.after(Math.max(interval / 2, 10), check);
  }

  // ---- SUBSCRIBE / UNSUBSCRIBE ----

  async subscribe(request: SubscribeRequest): Promise<Outcome> {
    const { id, destination, ack, receipt } = request;
    if (this.subscriptions.size >= this.settings.maxSubscriptions) {
      return this.refuse("INVALID", transportRefusals.tooManySubscriptions, destination, receipt);
    }
    const userQueue = parseUserQueue(destination);
    if (userQueue) {
      if (userQueue.owner !== null && !sameUsername(userQueue.owner, this.user!.username)) {
        return this.refuse("FORBIDDEN", transportRefusals.otherUsersQueue, destination, receipt);
      }
      // Delivered through the user channel the session already listens to.
      this.subscriptions.set(id, { id, destination, ack, queue: userQueue.queue });
      return "done";
    }
    const topic = destination.startsWith(TOPIC_PREFIX) ? this.host.features.topic(destination) : undefined;
    if (!topic) return this.refuse("NOT_FOUND", transportRefusals.unknownDestination, destination, receipt);

    let allowed: boolean;
    try {
      allowed = await topic.route.authorize(this.user!, topic.target);
    } catch (error) {
      if (!this.isConnected) return "refused";
      const refusal = refusalOf(error);
      if (refusal) return this.refuse(refusal.code, refusal.message, destination, receipt, refusal.details);
      this.log.error({ err: error, session: this.id, destination }, "subscribe authorizer failed");
      return this.refuse("UNAVAILABLE", transportRefusals.subscribeFailed, destination, receipt);
    }
    if (!this.isConnected) return "refused";
    if (!allowed) return this.refuse("FORBIDDEN", transportRefusals.subscribeDenied, destination, receipt);
    // Reserve the id while the broker subscribes; frames are handled one at a time, so nothing else can take it.
    const subscription: Subscription = { id, destination, ack };
    subscription.broker = this.host.broker.subscribe(topic.channel, (message) =>
      this.guard("delivering a topic message", () => this.deliver(subscription, topicBody(message))),
    );
    this.subscriptions.set(id, subscription);
    // A failure is a server error: ERROR and close, the client reconnects and subscribes again.
    await subscription.broker.ready;
    return "done";
  }

  unsubscribe(id: string): void {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return;
    subscription.broker?.unsubscribe();
    this.subscriptions.delete(id);
  }

  // ---- SEND ----

  async send(destination: string, frame: Frame, receipt: string | undefined): Promise<Outcome> {
    if (!destination.startsWith(APP_PREFIX)) {
      return this.refuse("NOT_FOUND", transportRefusals.notAppDestination, destination, receipt);
    }
    const handler = this.host.features.sendHandler(destination);
    if (!handler) return this.refuse("NOT_FOUND", transportRefusals.unknownDestination, destination, receipt);
    let text: string;
    try {
      text = utf8Decoder.decode(frame.body);
    } catch {
      return this.refuse("INVALID", transportRefusals.notUtf8, destination, receipt);
    }
    let body: unknown;
    if (text.trim() !== "") {
      try {
        body = JSON.parse(text);
      } catch {
        return this.refuse("INVALID", transportRefusals.notJson, destination, receipt);
      }
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of frame.headers) if (!(name in headers)) headers[name] = value;
    try {
      await handler({
        user: this.user!,
        sessionId: this.id,
        destination,
        body,
        headers,
        sendError: (message, code = "INVALID") => this.sendError(code, message, destination),
      });
      return "done";
    } catch (error) {
      // Not done: the client is told why, and gets no RECEIPT (a RECEIPT means "stored").
      const refusal = refusalOf(error);
      if (refusal) return this.refuse(refusal.code, refusal.message, destination, receipt, refusal.details);
      this.log.error({ err: error, session: this.id, destination }, "send handler failed");
      return this.refuse("UNAVAILABLE", transportRefusals.sendFailed, destination, receipt);
    }
  }

  /** A refused frame: the reason goes to the errors queue (with the frame's receipt, so the client can match it). */
  private refuse(
    code: RefusalCode,
    message: string,
    destination: string,
    receipt: string | undefined,
    details?: Record<string, unknown>,
  ): Outcome {
    this.sendError(code, message, destination, receipt, details);
    return "refused";
  }

  // ---- output ----

  private onUserMessage(message: BrokerMessage): void {
    const envelope = envelopeOf(message);
    if (!envelope) return;
    for (const subscription of this.subscriptions.values()) {
      if (subscription.queue === envelope.queue) this.deliver(subscription, envelope.body);
    }
  }

  private deliver(subscription: Subscription, body: Uint8Array): void {
    if (!this.isConnected) return;
    const messageId = `${this.id}-${++this.messageCounter}`;
    this.write(
      this.protocol.message(subscription.destination, subscription.id, messageId, subscription.ack !== "auto", body),
    );
  }

  /** Runs `work` for this session; an unexpected error ends the session (logged), never the caller. */
  private guard(context: string, work: () => void): void {
    try {
      work();
    } catch (error) {
      this.crash(error, context);
    }
  }

  /**
   * The last resort for an error nobody expected (a bug): log it with context, tell the client if
   * possible, close the socket. Never throws: this is what keeps one session's failure its own.
   */
  private crash(error: unknown, context: string): void {
    try {
      this.log.error({ err: error, session: this.id, user: this.user?.username, context }, "STOMP session failed");
    } catch {
      // A logger that throws must not take the process with it.
    }
    if (this.closing) return;
    try {
      this.protocol.fail("Internal server error", CLOSE.serverError);
    } catch {
      this.release();
      this.closing = true;
      this.protocol.end();
      this.socket.terminate();
    }
  }

  /**
   * Queues a frame (or heart-beat) and sends everything queued in this turn of the event loop as
   * one WebSocket message: STOMP frames are self-delimiting, and one write per burst instead of
   * one per frame is what keeps a busy server's CPU for the work.
   */
  write(data: Uint8Array | string): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.outbox.push(typeof data === "string" ? utf8Encoder.encode(data) : data);
    this.lastSentAt = Date.now();
    if (this.outbox.length === 1) setImmediate(() => this.guard("writing", () => this.flushOutbox()));
  }

  private flushOutbox(): void {
    if (this.outbox.length === 0) return;
    const frames = this.outbox;
    this.outbox = [];
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.socket.send(frames.length === 1 ? frames[0]! : Buffer.concat(frames), { binary: false });
    if (this.socket.bufferedAmount > this.settings.maxBufferedBytes) {
      this.log.warn({ session: this.id, user: this.user?.username }, "STOMP client too slow to read: dropped");
      this.release();
      this.closing = true;
      this.protocol.end();
      this.socket.terminate();
    }
  }

  // ---- lifecycle ----

  private after(ms: number, run: () => void): NodeJS.Timeout | undefined {
    if (this.released) return undefined;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        this.guard("a timer", run);
      },
      Math.min(ms, MAX_TIMER_MS),
    );
    timer.unref();
    this.timers.add(timer);
    return timer;
  }

  /** Idempotent: stops timers, drops broker subscriptions, leaves the server's registry and tells the features. */
  private release(): void {
    if (this.released) return;
    this.released = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.queue.length = 0;
    for (const subscription of this.subscriptions.values()) subscription.broker?.unsubscribe();
    this.subscriptions.clear();
    this.userChannel?.unsubscribe();
    this.userChannel = undefined;
    if (this.attached) {
      this.attached = false;
      this.host.detach(this);
      // Only a session that opened (CONNECTED) is closed for the features.
      if (this.opened) this.host.features.closed(this.info!);
      this.opened = false;
    }
  }
}
