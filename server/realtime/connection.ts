import { randomBytes } from "node:crypto";
import type { WebSocket } from "ws";
import { realtimeTexts } from "../../shared/realtime.ts";
import { routeSend, type SendRoute } from "./app-sends.ts";
import type { Broker } from "./broker/broker.ts";
import type { FeatureRegistry } from "./features.ts";
import { FrameReader } from "./frame-reader.ts";
import { SendWindows } from "./send-windows.ts";
import { checkConnect, refusedConnect, revalidateLater } from "./session-auth.ts";
import { SessionTimers } from "./session-timers.ts";
import type { SessionSettings } from "./settings.ts";
import { HEART_BEAT } from "./stomp/encode.ts";
import type { Frame } from "./stomp/frame.ts";
import {
  CLOSE,
  type ConnectVerdict,
  type HeartBeats,
  type Outcome,
  type ProtocolHost,
  StompProtocol,
  type StompVersion,
  type SubscribeRequest,
} from "./stomp/protocol.ts";
import { SessionSubscriptions, type Subscription } from "./subscriptions.ts";
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
  /** A frame over its destination's send limit was dropped. */
  dropped(destination: string): void;
}

const utf8Encoder = new TextEncoder();

/**
 * One STOMP connection over one WebSocket, guarded: an unexpected error ends this session, never the
 * process. It ties together the jobs done beside it (frame-reader.ts: reading with backpressure;
 * session-timers.ts: timers and heart-beats; session-auth.ts: authentication and revalidation;
 * subscriptions.ts: the user channel, topics and the errors queue; app-sends.ts: SENDs to the
 * registered features) and does the output, batched per turn of the event loop. The STOMP rules
 * themselves are the protocol's.
 */
export class Connection implements ProtocolHost {
  readonly id = randomBytes(9).toString("base64url");
  user: RealtimeUser | undefined;
  /** The login session the CONNECT token belongs to, if it says (a logout ends the sockets opened with it). */
  loginSession: string | undefined;
  readonly log: RealtimeLogger;

  private readonly settings: SessionSettings;
  private readonly protocol: StompProtocol;
  private readonly reader: FrameReader;
  private readonly timers: SessionTimers;
  private readonly subscriptions: SessionSubscriptions;
  private readonly sendRoute: SendRoute;
  private readonly sendWindows = new SendWindows();
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
  private messageCounter = 0;
  private lastSentAt = Date.now();
  /** Frames written in this turn of the event loop, sent together (see write). */
  private outbox: Uint8Array[] = [];
  private readonly connectDeadline: NodeJS.Timeout | undefined;

  constructor(
    private readonly socket: WebSocket,
    private readonly host: ConnectionHost,
  ) {
    this.settings = host.settings;
    this.log = host.log;
    this.timers = new SessionTimers({
      guard: (context, work) => this.guard(context, work),
      lastSentAt: () => this.lastSentAt,
      lastReceivedAt: () => this.reader.lastReceivedAt,
      readingPaused: () => this.reader.paused,
      sendHeartBeat: () => this.write(HEART_BEAT),
      missedHeartBeats: () => {
        this.log.info({ session: this.id, user: this.user?.username }, "STOMP client missed its heart-beats");
        this.protocol.fail("No heart-beat received in time", CLOSE.policyViolation);
      },
    });
    this.reader = new FrameReader(socket, this.settings.maxQueuedFrames, this.settings.decoderLimits, {
      handle: (frame) => this.protocol.handle(frame),
      isClosing: () => this.closing,
      protocolError: (message) => this.protocol.fail(message, CLOSE.protocolError),
      crash: (error, context) => this.crash(error, context),
    });
    this.protocol = new StompProtocol(this, this.settings);
    this.subscriptions = new SessionSubscriptions({
      sessionId: this.id,
      maxSubscriptions: this.settings.maxSubscriptions,
      broker: host.broker,
      features: host.features,
      log: this.log,
      isConnected: () => this.isConnected,
      deliver: (subscription, body) => this.deliver(subscription, body),
      guard: (context, work) => this.guard(context, work),
    });
    this.sendRoute = {
      features: host.features,
      log: this.log,
      sessionId: this.id,
      user: () => this.user!,
      sendError: (code, message, destination) => this.subscriptions.sendError(code, message, destination),
      refuse: (code, message, destination, receipt, details) =>
        this.subscriptions.refuse(code, message, destination, receipt, details),
    };
    socket.on("message", (data) => {
      try {
        this.reader.push(data);
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
    this.connectDeadline = this.timers.after(this.settings.connectTimeoutMs, () => {
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
    this.reader.stop();
    if (this.protocol.isConnected && this.reader.busy) await this.reader.settled(this.settings.shutdownGraceMs);
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
    this.subscriptions.revoke(destination, message);
  }

  // ---- ProtocolHost: called by the protocol, inside its error handling ----

  logError(object: object, message: string): void {
    this.log.error({ ...object, session: this.id }, message);
  }

  /** Authenticates a CONNECT: its bearer token, its username header if any, then the user channel. */
  async connect(frame: Frame): Promise<ConnectVerdict> {
    const checked = await checkConnect(frame, this.host.authenticate, () => this.closing);
    if (checked.refused) return checked.refused;
    const { user, token, startedAt } = checked;
    this.user = { id: user.id, username: user.username, role: user.role };
    this.loginSession = user.sessionId;
    try {
      await this.subscriptions.listenToUser(user.username);
    } catch (error) {
      this.log.error({ err: error, session: this.id }, "could not subscribe to the user channel");
      return refusedConnect("Server unavailable, try again later", CLOSE.serverError);
    }
    if (this.closing) return refusedConnect(realtimeTexts.sessionEnded);
    if (!this.host.attach(this, startedAt)) return refusedConnect(realtimeTexts.sessionEnded);
    this.attached = true;
    this.info = { id: this.id, user: this.user };
    this.expiresAt = user.expiresAt;
    this.token = token;
    return { accepted: true, session: this.id, userName: user.username };
  }

  /** CONNECTED is out: timers, and the features learn of the session. */
  connected(_version: StompVersion, heartBeats: HeartBeats): void {
    this.timers.cancel(this.connectDeadline);
    if (heartBeats.outgoing > 0) this.timers.sendHeartBeats(heartBeats.outgoing);
    if (heartBeats.incoming > 0) this.timers.watchHeartBeats(heartBeats.incoming, this.settings.heartBeatTolerance);
    if (this.expiresAt !== undefined) {
      this.timers.after(Math.max(0, this.expiresAt - Date.now()), () => this.kick(realtimeTexts.sessionEnded));
    }
    revalidateLater(this.token!, {
      sessionId: this.id,
      log: this.log,
      authenticate: this.host.authenticate,
      every: this.settings.revalidateMs,
      after: (ms, run) => this.timers.after(ms, run),
      isConnected: () => this.isConnected,
      username: () => this.user!.username,
      kick: (message) => this.kick(message),
      crash: (error, context) => this.crash(error, context),
    });
    this.opened = true;
    this.host.features.opened(this.info!);
  }

  hasSubscription(id: string): boolean {
    return this.subscriptions.has(id);
  }

  subscribe(request: SubscribeRequest): Promise<Outcome> {
    return this.subscriptions.subscribe(request, this.user!);
  }

  unsubscribe(id: string): void {
    this.subscriptions.unsubscribe(id);
  }

  send(destination: string, frame: Frame, receipt: string | undefined): Promise<Outcome> {
    const limit = this.host.features.sendLimit(destination);
    if (limit && !this.sendWindows.admit(limit)) {
      this.host.dropped(destination);
      return Promise.resolve("refused");
    }
    return routeSend(destination, frame, receipt, this.sendRoute);
  }

  // ---- output ----

  private deliver(subscription: Subscription, body: Uint8Array): void {
    if (!this.isConnected) return;
    const messageId = `${this.id}-${++this.messageCounter}`;
    this.write(
      this.protocol.message(subscription.destination, subscription.id, messageId, subscription.ack !== "auto", body),
    );
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

  // ---- failures and the end ----

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

  /** Idempotent: stops timers, drops broker subscriptions, leaves the server's registry and tells the features. */
  private release(): void {
    if (this.released) return;
    this.released = true;
    this.timers.stop();
    this.reader.clear();
    this.subscriptions.clear();
    if (this.attached) {
      this.attached = false;
      this.host.detach(this);
      // Only a session that opened (CONNECTED) is closed for the features.
      if (this.opened) this.host.features.closed(this.info!);
      this.opened = false;
    }
  }
}
