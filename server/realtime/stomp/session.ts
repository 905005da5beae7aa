import { randomBytes } from "node:crypto";
import type { WebSocket } from "ws";
import type { Broker, BrokerMessage, BrokerSubscription, SessionPresence } from "../broker/broker.ts";
import { channels } from "../broker/broker.ts";
import {
  APP_PREFIX,
  destinations,
  ERRORS_QUEUE,
  parseSubscribeDestination,
  type SubscribeTarget,
  sameUsername,
  type TopicDestination,
} from "../destinations.ts";
import type { Authenticate, RealtimeLogger, RealtimeUser, SendHandler } from "../types.ts";
import { type DecoderLimits, FrameDecoder, StompProtocolError, unescapeFrameHeaders } from "./decode.ts";
import { encodeFrame, HEART_BEAT } from "./encode.ts";
import { type Frame, header } from "./frame.ts";

export type StompVersion = "1.0" | "1.1" | "1.2";
/** Ours, best first. */
export const SUPPORTED_VERSIONS: readonly StompVersion[] = ["1.2", "1.1", "1.0"];
/** WebSocket subprotocols, best first (`v12.stomp` is STOMP 1.2). */
export const STOMP_SUBPROTOCOLS = ["v12.stomp", "v11.stomp", "v10.stomp"] as const;

export interface SessionSettings {
  /** The `server` header of CONNECTED. */
  serverName: string;
  /** The heart-beat interval the server offers both ways (ms); 0 turns heart-beats off. */
  heartBeatMs: number;
  /** A client silent for this many of its agreed intervals is dropped. */
  heartBeatTolerance: number;
  /** A socket that has not completed CONNECT (authentication included) by then gets ERROR and is closed. */
  connectTimeoutMs: number;
  /** A socket whose unsent data exceeds this is dropped (a client too slow to read); it reconnects and re-fetches. */
  maxBufferedBytes: number;
  /** Frames waiting for the previous one's work; beyond it the socket stops reading until the queue drains. */
  maxQueuedFrames: number;
  maxSubscriptions: number;
  maxTransactions: number;
  maxTransactionFrames: number;
  /**
   * How often a connected session's token is checked again (ms, ±25 %; 0: never), so a session whose
   * revocation was missed (say, a password reset from the CLI) ends anyway.
   */
  revalidateMs: number;
  /** After a close, how long the peer has to answer it before the socket is destroyed. */
  closeGraceMs: number;
  /** On shutdown, how long frames already received may take to finish (their RECEIPTs go out) before the socket closes. */
  shutdownGraceMs: number;
  decoderLimits: Partial<DecoderLimits>;
}

/** What a session needs from the server around it (realtime.ts). */
export interface SessionHost {
  readonly settings: SessionSettings;
  readonly broker: Broker;
  readonly log: RealtimeLogger;
  readonly authenticate: Authenticate;
  /** The session is authenticated: register it. False refuses it (its user was disconnected since `authStartedAt`). */
  attach(session: StompSession, authStartedAt: number): boolean;
  detach(session: StompSession): void;
  setPresence(session: StompSession, state: SessionPresence): void;
  /** Resolves to true (allowed) or a refusal message. */
  authorizeSubscribe(user: RealtimeUser, topic: TopicDestination): Promise<true | string>;
  sendHandler(destination: string): SendHandler | undefined;
  /** The message to show for an error thrown by a send handler, or undefined if it is not a refusal (a bug). */
  refusalMessage(error: unknown): string | undefined;
}

type AckMode = "auto" | "client" | "client-individual";
type State = "awaiting-connect" | "authenticating" | "connected" | "closing" | "closed";

interface Subscription {
  id: string;
  /** As the client wrote it: MESSAGE frames carry it back. */
  destination: string;
  ack: AckMode;
  target: Exclude<SubscribeTarget, { kind: "unknown" }>;
  broker?: BrokerSubscription;
}

/** What travels on a user channel: a body for one of the user's queues. */
export interface UserQueueEnvelope {
  queue: string;
  body: unknown;
}

/** Thrown while handling a frame: ERROR and close. */
class ProtocolViolation extends Error {}

/**
 * What handling a frame came to. `done`: its work is done (for a SEND: the message is stored), so
 * a requested RECEIPT goes out. `refused`: the client was told why on its errors queue; no RECEIPT,
 * because a RECEIPT promises the work was done.
 */
type Outcome = "done" | "refused";

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
/** Heart-beat intervals are capped so a client cannot make us arm absurd timers. */
const MAX_HEART_BEAT_MS = 24 * 60 * 60 * 1000;
const MAX_TIMER_MS = 2 ** 31 - 1;
const CLOSE = { normal: 1000, goingAway: 1001, protocolError: 1002, policyViolation: 1008, serverError: 1011 };

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
 * One STOMP connection over one WebSocket: the handshake, heart-beats, subscriptions, SENDs and
 * receipts. Frames are handled one at a time in arrival order (a SEND's RECEIPT, and whatever
 * the client sends next, wait for the handler); heart-beats are counted as they arrive.
 */
export class StompSession {
  readonly id = randomBytes(9).toString("base64url");
  user: RealtimeUser | undefined;
  /** The login session the CONNECT token belongs to, if it says (a logout ends the sockets opened with it). */
  loginSession: string | undefined;
  version: StompVersion | undefined;
  presence: SessionPresence = "ONLINE";

  private state: State = "awaiting-connect";
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
  private readonly transactions = new Map<string, Frame[]>();
  private userChannel: BrokerSubscription | undefined;
  private messageCounter = 0;
  private lastReceivedAt = Date.now();
  private lastSentAt = Date.now();
  /** Frames written in this turn of the event loop, sent together (see write). */
  private outbox: Uint8Array[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly settings: SessionSettings;
  private readonly log: RealtimeLogger;

  constructor(
    private readonly socket: WebSocket,
    private readonly host: SessionHost,
  ) {
    this.settings = host.settings;
    this.log = host.log;
    this.decoder = new FrameDecoder(this.settings.decoderLimits);
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
      this.state = "closed";
    });
    this.after(this.settings.connectTimeoutMs, () => {
      if (this.state === "awaiting-connect" || this.state === "authenticating") {
        this.fail("No CONNECT frame received in time", CLOSE.policyViolation);
      }
    });
  }

  get isConnected(): boolean {
    return this.state === "connected";
  }

  /** Ends the session with an ERROR frame (the client learns why) and closes the socket. */
  kick(message: string): void {
    this.fail(message, CLOSE.policyViolation);
  }

  /**
   * Shutting down: reads nothing more, lets the frames already received finish (a SEND is stored
   * and its RECEIPT sent), then closes the socket (the client reconnects elsewhere). Within
   * `shutdownGraceMs`, or the socket closes with the work unfinished (its RECEIPT never sent, so
   * the client sends it again).
   */
  async shutdown(): Promise<void> {
    if (this.state === "closing" || this.state === "closed") return;
    this.stopping = true;
    this.socket.pause();
    if (this.state === "connected" && this.draining) {
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
    if (this.state === "closing" || this.state === "closed") return;
    this.state = "closing";
    // Unsubscribe and withdraw presence now, not when the peer answers the close.
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

  /** Drops this user's subscriptions to `destination` (e.g. removed from a group) and says so on the errors queue. */
  revokeSubscriptions(destination: string, message: string): void {
    let revoked = false;
    for (const subscription of [...this.subscriptions.values()]) {
      if (subscription.target.kind === "topic" && subscription.target.topic.destination === destination) {
        subscription.broker?.unsubscribe();
        this.subscriptions.delete(subscription.id);
        revoked = true;
      }
    }
    if (revoked) this.sendError(message, destination);
  }

  /** Writes a message on this session's errors queue(s), if it subscribed to one. */
  sendError(message: string, destination: string | undefined, receipt?: string): void {
    const refusal: { message: string; destination: string | null; receipt?: string } = {
      message,
      destination: destination ?? null,
    };
    if (receipt !== undefined) refusal.receipt = receipt;
    const body = utf8Encoder.encode(JSON.stringify(refusal));
    let delivered = false;
    for (const subscription of this.subscriptions.values()) {
      if (subscription.target.kind === "user-queue" && subscription.target.queue === ERRORS_QUEUE) {
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
    if (this.state === "closing" || this.state === "closed" || this.stopping) return;
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
        this.fail(error.message, CLOSE.protocolError);
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
      while (this.queue.length > 0 && this.state !== "closing" && this.state !== "closed") {
        const frame = this.queue.shift()!;
        await this.process(frame);
        if (this.paused && !this.stopping && this.queue.length <= this.settings.maxQueuedFrames / 2) {
          this.paused = false;
          this.socket.resume();
        }
      }
    } finally {
      this.draining = false;
    }
  }

  private async process(wireFrame: Frame): Promise<void> {
    // Headers are unescaped only now, under the version agreed by the frames before this one.
    let frame: Frame;
    try {
      frame = this.version === "1.2" ? unescapeFrameHeaders(wireFrame) : wireFrame;
    } catch (error) {
      if (!(error instanceof StompProtocolError)) throw error;
      this.fail(error.message, CLOSE.protocolError);
      return;
    }
    const receipt = frame.command === "CONNECT" || frame.command === "STOMP" ? undefined : header(frame, "receipt");
    try {
      const outcome = await this.execute(frame, false);
      if (outcome === "done" && receipt !== undefined && this.state === "connected") {
        this.sendFrame("RECEIPT", [["receipt-id", receipt]]);
      }
      if (frame.command === "DISCONNECT") this.close(CLOSE.normal, "Client disconnected");
    } catch (error) {
      const receiptHeaders: [string, string][] = receipt === undefined ? [] : [["receipt-id", receipt]];
      if (error instanceof ProtocolViolation) {
        this.fail(error.message, CLOSE.protocolError, receiptHeaders);
      } else {
        this.log.error({ err: error, session: this.id, command: frame.command }, "STOMP frame failed");
        this.fail("Internal server error", CLOSE.serverError, receiptHeaders);
      }
    }
  }

  /** Does a frame's work. `committed`: a SEND/ACK/NACK replayed by COMMIT (no transaction handling, no receipt). */
  private async execute(frame: Frame, committed: boolean): Promise<Outcome> {
    if (frame.command === "CONNECT" || frame.command === "STOMP") {
      if (this.state !== "awaiting-connect") throw new ProtocolViolation("Already connected");
      await this.connect(frame);
      return "done";
    }
    if (this.state !== "connected") {
      // Only reachable for frames queued behind a CONNECT that failed, or sent before any CONNECT.
      throw new ProtocolViolation("Expected a CONNECT frame");
    }
    const transaction = committed ? undefined : header(frame, "transaction");
    if (
      transaction !== undefined &&
      (frame.command === "SEND" || frame.command === "ACK" || frame.command === "NACK")
    ) {
      const frames = this.transactions.get(transaction);
      if (!frames) throw new ProtocolViolation("Unknown transaction");
      if (frames.length >= this.settings.maxTransactionFrames) throw new ProtocolViolation("Transaction too large");
      frames.push(frame);
      return "done";
    }
    switch (frame.command) {
      case "SEND":
        return this.onSend(frame);
      case "SUBSCRIBE":
        return this.onSubscribe(frame);
      case "UNSUBSCRIBE":
        this.onUnsubscribe(frame);
        return "done";
      case "ACK":
      case "NACK":
        // Messages are stored before they are delivered, and a client re-fetches history: no redelivery to track.
        if (this.version === "1.2" && header(frame, "id") === undefined) {
          throw new ProtocolViolation(`${frame.command} needs an id header`);
        }
        return "done";
      case "BEGIN": {
        const id = requireHeader(frame, "transaction");
        if (this.transactions.has(id)) throw new ProtocolViolation("Transaction already begun");
        if (this.transactions.size >= this.settings.maxTransactions)
          throw new ProtocolViolation("Too many transactions");
        this.transactions.set(id, []);
        return "done";
      }
      case "COMMIT": {
        const id = requireHeader(frame, "transaction");
        const frames = this.transactions.get(id);
        if (!frames) throw new ProtocolViolation("Unknown transaction");
        this.transactions.delete(id);
        // The COMMIT's RECEIPT promises every frame of the transaction was done.
        let outcome: Outcome = "done";
        for (const queued of frames) {
          if (this.state !== "connected") return "refused";
          if ((await this.execute(queued, true)) === "refused") outcome = "refused";
        }
        return outcome;
      }
      case "ABORT": {
        const id = requireHeader(frame, "transaction");
        if (!this.transactions.delete(id)) throw new ProtocolViolation("Unknown transaction");
        return "done";
      }
      case "DISCONNECT":
        return "done";
      default:
        throw new ProtocolViolation("Unexpected frame");
    }
  }

  // ---- CONNECT ----

  private async connect(frame: Frame): Promise<void> {
    const offered = (header(frame, "accept-version") ?? "1.0").split(",").map((version) => version.trim());
    const version = SUPPORTED_VERSIONS.find((candidate) => offered.includes(candidate));
    if (!version) {
      this.fail(`Supported protocol versions are ${SUPPORTED_VERSIONS.join(", ")}`, CLOSE.protocolError, [
        ["version", SUPPORTED_VERSIONS.join(",")],
      ]);
      return;
    }

    let clientHeartBeat = [0, 0] as [number, number];
    if (version !== "1.0") {
      const value = header(frame, "heart-beat");
      if (value !== undefined) {
        const match = /^\s*(\d{1,12})\s*,\s*(\d{1,12})\s*$/.exec(value);
        if (!match) throw new ProtocolViolation("Invalid heart-beat header");
        clientHeartBeat = [Number(match[1]), Number(match[2])];
      }
    }

    const authorization = header(frame, "Authorization") ?? header(frame, "authorization");
    const token = authorization === undefined ? undefined : /^Bearer[ ]+(\S+)\s*$/i.exec(authorization)?.[1];
    if (!token) {
      this.fail("Authentication required: send Authorization: Bearer <token> in CONNECT", CLOSE.policyViolation);
      return;
    }

    this.state = "authenticating";
    const authStartedAt = Date.now();
    const user = await this.host.authenticate(token);
    if (this.state !== "authenticating") return;
    if (!user) {
      this.fail("Your session has ended. Please log in again.", CLOSE.policyViolation);
      return;
    }
    const claimed = header(frame, "username");
    if (claimed !== undefined && !sameUsername(claimed, user.username)) {
      this.fail("The username header does not match the token", CLOSE.policyViolation);
      return;
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
      this.fail("Server unavailable, try again later", CLOSE.serverError);
      return;
    }
    if (this.state !== "authenticating") return;
    if (!this.host.attach(this, authStartedAt)) {
      this.fail("Your session has ended. Please log in again.", CLOSE.policyViolation);
      return;
    }
    this.attached = true;

    this.state = "connected";
    this.version = version;
    // From here on, frames are unescaped if 1.2 was agreed (stompjs escapes only under 1.2; 1.0 knows no escapes).
    this.clearTimers();

    const headers: [string, string][] = [["version", version]];
    const offer = this.settings.heartBeatMs;
    if (version !== "1.0") headers.push(["heart-beat", `${offer},${offer}`]);
    headers.push(["session", this.id], ["server", this.settings.serverName], ["user-name", user.username]);
    this.sendFrame("CONNECTED", headers);

    if (version !== "1.0") {
      const [clientSends, clientWants] = clientHeartBeat;
      const outgoing = offer === 0 || clientWants === 0 ? 0 : Math.min(Math.max(offer, clientWants), MAX_HEART_BEAT_MS);
      const incoming = offer === 0 || clientSends === 0 ? 0 : Math.min(Math.max(offer, clientSends), MAX_HEART_BEAT_MS);
      if (outgoing > 0) this.sendHeartBeats(outgoing);
      if (incoming > 0) this.watchHeartBeats(incoming);
    }
    if (user.expiresAt !== undefined) {
      this.after(Math.max(0, user.expiresAt - Date.now()), () =>
        this.kick("Your session has ended. Please log in again."),
      );
    }
    this.revalidateLater(token);
    this.host.setPresence(this, this.presence);
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
    if (this.state !== "connected") return;
    if (!user || !sameUsername(user.username, this.user!.username)) {
      this.kick("Your session has ended. Please log in again.");
      return;
    }
    this.revalidateLater(token);
  }

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
        this.fail("No heart-beat received in time", CLOSE.policyViolation);
        return;
      }
      this.after(Math.max(interval / 2, 10), check);
    };
    this.after(Math.max(interval / 2, 10), check);
  }

  // ---- SUBSCRIBE / UNSUBSCRIBE ----

  private async onSubscribe(frame: Frame): Promise<Outcome> {
    const user = this.user!;
    const destination = requireHeader(frame, "destination");
    const id = header(frame, "id") ?? (this.version === "1.0" ? destination : undefined);
    if (id === undefined) throw new ProtocolViolation("SUBSCRIBE needs an id header");
    if (this.subscriptions.has(id)) throw new ProtocolViolation("Subscription id already in use");
    const ack = header(frame, "ack") ?? "auto";
    if (ack !== "auto" && ack !== "client" && ack !== "client-individual")
      throw new ProtocolViolation("Invalid ack mode");
    const receipt = header(frame, "receipt");
    if (this.subscriptions.size >= this.settings.maxSubscriptions) {
      return this.refuse("Too many subscriptions on one connection.", destination, receipt);
    }

    const target = parseSubscribeDestination(destination);
    if (target.kind === "unknown") return this.refuse("Unknown destination.", destination, receipt);
    const subscription: Subscription = { id, destination, ack, target };
    if (target.kind === "user-queue") {
      if (target.owner !== null && !sameUsername(target.owner, user.username)) {
        return this.refuse("You cannot subscribe to another user's queue.", destination, receipt);
      }
      // Delivered through the user channel the session already listens to.
      this.subscriptions.set(id, subscription);
      return "done";
    }

    const verdict = await this.host.authorizeSubscribe(user, target.topic);
    if (this.state !== "connected") return "refused";
    if (verdict !== true) return this.refuse(verdict, destination, receipt);
    // Reserve the id while the broker subscribes; frames are handled one at a time, so nothing else can take it.
    const channel =
      target.topic.kind === "group" ? channels.group(target.topic.groupId) : (channels.userStatus as string);
    subscription.broker = this.host.broker.subscribe(channel, (message) =>
      this.guard("delivering a topic message", () => this.deliver(subscription, topicBody(message))),
    );
    this.subscriptions.set(id, subscription);
    // A failure is a server error: ERROR and close, the client reconnects and subscribes again.
    await subscription.broker.ready;
    return "done";
  }

  private onUnsubscribe(frame: Frame): void {
    const id = header(frame, "id") ?? (this.version === "1.0" ? header(frame, "destination") : undefined);
    if (id === undefined) throw new ProtocolViolation("UNSUBSCRIBE needs an id header");
    // An unknown id is no error: it may be a subscription we refused (the client thinks it exists).
    const subscription = this.subscriptions.get(id);
    if (!subscription) return;
    subscription.broker?.unsubscribe();
    this.subscriptions.delete(id);
  }

  // ---- SEND ----

  private async onSend(frame: Frame): Promise<Outcome> {
    const user = this.user!;
    const destination = requireHeader(frame, "destination");
    const receipt = header(frame, "receipt");
    if (!destination.startsWith(APP_PREFIX)) {
      return this.refuse("Messages can only be sent to /app/… destinations.", destination, receipt);
    }
    let text: string;
    try {
      text = utf8Decoder.decode(frame.body);
    } catch {
      return this.refuse("The message body must be UTF-8 JSON.", destination, receipt);
    }
    let body: unknown;
    if (text.trim() !== "") {
      try {
        body = JSON.parse(text);
      } catch {
        return this.refuse("The message body must be JSON.", destination, receipt);
      }
    }

    if (destination === destinations.presence) {
      const status = (body as { status?: unknown } | undefined)?.status;
      if (status !== "ONLINE" && status !== "ACTIVE") {
        return this.refuse('Presence must be {"status":"ONLINE"} or {"status":"ACTIVE"}.', destination, receipt);
      }
      this.presence = status;
      this.host.setPresence(this, status);
      return "done";
    }

    const handler = this.host.sendHandler(destination);
    if (!handler) return this.refuse("Unknown destination.", destination, receipt);
    const headers: Record<string, string> = {};
    for (const [name, value] of frame.headers) if (!(name in headers)) headers[name] = value;
    try {
      await handler({
        user,
        sessionId: this.id,
        destination,
        body,
        headers,
        sendError: (message) => this.sendError(message, destination),
      });
      return "done";
    } catch (error) {
      // Not stored: the client is told why, and gets no RECEIPT (a RECEIPT means "stored").
      const refusal = this.host.refusalMessage(error);
      if (refusal === undefined) {
        this.log.error({ err: error, session: this.id, destination }, "send handler failed");
        return this.refuse("The message could not be processed. Please try again.", destination, receipt);
      }
      return this.refuse(refusal, destination, receipt);
    }
  }

  /** A refused frame: the reason goes to the errors queue (with the frame's receipt, so the client can match it). */
  private refuse(message: string, destination: string, receipt: string | undefined): Outcome {
    this.sendError(message, destination, receipt);
    return "refused";
  }

  // ---- output ----

  private onUserMessage(message: BrokerMessage): void {
    const envelope = envelopeOf(message);
    if (!envelope) return;
    for (const subscription of this.subscriptions.values()) {
      if (subscription.target.kind === "user-queue" && subscription.target.queue === envelope.queue) {
        this.deliver(subscription, envelope.body);
      }
    }
  }

  private deliver(subscription: Subscription, body: Uint8Array): void {
    if (this.state !== "connected") return;
    const messageId = `${this.id}-${++this.messageCounter}`;
    const headers: [string, string][] = [
      ["destination", subscription.destination],
      ["subscription", subscription.id],
      ["message-id", messageId],
      ["content-type", "application/json"],
    ];
    if (subscription.ack !== "auto") headers.push(["ack", messageId]);
    this.write(encodeFrame({ command: "MESSAGE", headers, body }, { escapeHeaders: this.version === "1.2" }));
  }

  private sendFrame(command: "CONNECTED" | "RECEIPT" | "ERROR", headers: [string, string][], body?: string): void {
    const bytes = body === undefined ? new Uint8Array(0) : utf8Encoder.encode(body);
    this.write(encodeFrame({ command, headers, body: bytes }, { escapeHeaders: this.version === "1.2" }));
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
    if (this.state === "closing" || this.state === "closed") return;
    try {
      this.fail("Internal server error", CLOSE.serverError);
    } catch {
      this.release();
      this.state = "closed";
      this.socket.terminate();
    }
  }

  /**
   * Queues a frame (or heart-beat) and sends everything queued in this turn of the event loop as
   * one WebSocket message: STOMP frames are self-delimiting, and one write per burst instead of
   * one per frame is what keeps a busy server's CPU for the work.
   */
  private write(data: Uint8Array | string): void {
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
      this.state = "closed";
      this.socket.terminate();
    }
  }

  /** ERROR frame, then close: for protocol and authentication failures only. */
  private fail(message: string, code: number, extraHeaders: [string, string][] = []): void {
    if (this.state === "closing" || this.state === "closed") return;
    try {
      this.sendFrame("ERROR", [["message", message], ...extraHeaders, ["content-type", "text/plain"]], message);
    } catch (error) {
      // Only a header our encoder refuses can get here: the close below still tells the client.
      this.log.error({ err: error, session: this.id }, "could not encode an ERROR frame");
    }
    // A close reason is at most 123 bytes (ws throws beyond).
    this.close(code, Buffer.byteLength(message) <= 120 ? message : "STOMP error");
  }

  // ---- lifecycle ----

  private after(ms: number, run: () => void): void {
    if (this.released) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        this.guard("a timer", run);
      },
      Math.min(ms, MAX_TIMER_MS),
    );
    timer.unref();
    this.timers.add(timer);
  }

  private clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  /** Idempotent: stops timers, drops broker subscriptions and leaves the server's registry (presence with it). */
  private release(): void {
    if (this.released) return;
    this.released = true;
    this.clearTimers();
    this.queue.length = 0;
    this.transactions.clear();
    for (const subscription of this.subscriptions.values()) subscription.broker?.unsubscribe();
    this.subscriptions.clear();
    this.userChannel?.unsubscribe();
    this.userChannel = undefined;
    if (this.attached) {
      this.attached = false;
      this.host.detach(this);
    }
  }
}

function requireHeader(frame: Frame, name: string): string {
  const value = header(frame, name);
  if (value === undefined) throw new ProtocolViolation(`${frame.command} needs a ${name} header`);
  return value;
}
