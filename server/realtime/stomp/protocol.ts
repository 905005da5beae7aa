import { StompProtocolError, unescapeFrameHeaders } from "./decode.ts";
import { encodeFrame } from "./encode.ts";
import { type Frame, header } from "./frame.ts";

export type StompVersion = "1.0" | "1.1" | "1.2";
/** Ours, best first. */
export const SUPPORTED_VERSIONS: readonly StompVersion[] = ["1.2", "1.1", "1.0"];
/** WebSocket subprotocols, best first (`v12.stomp` is STOMP 1.2). */
export const STOMP_SUBPROTOCOLS = ["v12.stomp", "v11.stomp", "v10.stomp"] as const;
/** WebSocket close codes a STOMP session ends with. */
export const CLOSE = { normal: 1000, goingAway: 1001, protocolError: 1002, policyViolation: 1008, serverError: 1011 };

export type AckMode = "auto" | "client" | "client-individual";

/**
 * What handling a frame came to. `done`: its work is done (for a SEND: the message is stored), so
 * a requested RECEIPT goes out. `refused`: the host told the client why; no RECEIPT, because a
 * RECEIPT promises the work was done.
 */
export type Outcome = "done" | "refused";

export interface ProtocolSettings {
  /** The `server` header of CONNECTED. */
  serverName: string;
  /** The heart-beat interval the server offers both ways (ms); 0 turns heart-beats off. */
  heartBeatMs: number;
  maxTransactions: number;
  maxTransactionFrames: number;
}

/** Agreed heart-beat intervals (ms, 0: none): what the server sends, and what it expects to receive. */
export interface HeartBeats {
  outgoing: number;
  incoming: number;
}

/** The host's answer to a CONNECT: accepted (with the CONNECTED headers it needs), or refused (ERROR, then close). */
export type ConnectVerdict =
  | { accepted: true; session: string; userName: string }
  | { accepted: false; message: string; closeCode: number };

export interface SubscribeRequest {
  id: string;
  /** As the client wrote it: MESSAGE frames carry it back. */
  destination: string;
  ack: AckMode;
  receipt: string | undefined;
}

/**
 * What the protocol asks of whoever runs it (connection.ts): the work behind the frames, and the
 * wire. A refused SEND or SUBSCRIBE is the host's to report (the errors queue); it answers `refused`.
 */
export interface ProtocolHost {
  /** Authenticates a CONNECT (its headers). */
  connect(frame: Frame): Promise<ConnectVerdict>;
  /** CONNECTED was written: start heart-beats and whatever a live session needs. */
  connected(version: StompVersion, heartBeats: HeartBeats): void;
  /** A SEND (its headers unescaped); `receipt` is its receipt header, for the host's refusal to name. */
  send(destination: string, frame: Frame, receipt: string | undefined): Outcome | Promise<Outcome>;
  hasSubscription(id: string): boolean;
  subscribe(request: SubscribeRequest): Outcome | Promise<Outcome>;
  unsubscribe(id: string): void;
  /** One encoded frame for the peer. */
  write(bytes: Uint8Array): void;
  /** Closes the connection (after what was written). */
  close(code: number, reason: string): void;
  /** Logs an error of this connection. */
  logError(object: object, message: string): void;
}

/** A frame the protocol does not allow: ERROR and close. */
export class ProtocolViolation extends Error {}

type State = "awaiting-connect" | "authenticating" | "connected" | "ended";

/** Heart-beat intervals are capped so a client cannot make us arm absurd timers. */
const MAX_HEART_BEAT_MS = 24 * 60 * 60 * 1000;
const utf8Encoder = new TextEncoder();
const EMPTY = new Uint8Array(0);

/**
 * The STOMP 1.0/1.1/1.2 server side of one connection, as a state machine over decoded frames:
 * version and heart-beat negotiation, frame validation, 1.2 header unescaping, transactions,
 * receipts (for work done only) and DISCONNECT. It knows no sockets, tokens or destinations:
 * the host does the work and moves the bytes.
 */
export class StompProtocol {
  version: StompVersion | undefined;
  private state: State = "awaiting-connect";
  private readonly transactions = new Map<string, Frame[]>();

  constructor(
    private readonly host: ProtocolHost,
    private readonly settings: ProtocolSettings,
  ) {}

  get isConnected(): boolean {
    return this.state === "connected";
  }

  get hasEnded(): boolean {
    return this.state === "ended";
  }

  /** Handles one frame. The caller runs frames one at a time, in arrival order. Never rejects. */
  async handle(wireFrame: Frame): Promise<void> {
    if (this.state === "ended") return;
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
        this.writeFrame("RECEIPT", [["receipt-id", receipt]]);
      }
      if (frame.command === "DISCONNECT") this.closeWith(CLOSE.normal, "Client disconnected");
    } catch (error) {
      const receiptHeaders: [string, string][] = receipt === undefined ? [] : [["receipt-id", receipt]];
      if (error instanceof ProtocolViolation) {
        this.fail(error.message, CLOSE.protocolError, receiptHeaders);
      } else {
        this.host.logError({ err: error, command: frame.command }, "STOMP frame failed");
        this.fail("Internal server error", CLOSE.serverError, receiptHeaders);
      }
    }
  }

  /** ERROR frame (the client learns why), then close. */
  fail(message: string, closeCode: number, extraHeaders: [string, string][] = []): void {
    if (this.state === "ended") return;
    try {
      this.writeFrame("ERROR", [["message", message], ...extraHeaders, ["content-type", "text/plain"]], message);
    } catch (error) {
      // Only a header our encoder refuses can get here: the close below still tells the client.
      this.host.logError({ err: error }, "could not encode an ERROR frame");
    }
    // A close reason is at most 123 bytes (ws throws beyond).
    this.closeWith(closeCode, Buffer.byteLength(message) <= 120 ? message : "STOMP error");
  }

  /** The connection is going away: nothing more is handled or acknowledged. */
  end(): void {
    this.state = "ended";
    this.transactions.clear();
  }

  /** A MESSAGE frame for one subscription, under the agreed version's escaping. */
  message(destination: string, subscription: string, messageId: string, ack: boolean, body: Uint8Array): Uint8Array {
    const headers: [string, string][] = [
      ["destination", destination],
      ["subscription", subscription],
      ["message-id", messageId],
      ["content-type", "application/json"],
    ];
    if (ack) headers.push(["ack", messageId]);
    return encodeFrame({ command: "MESSAGE", headers, body }, { escapeHeaders: this.version === "1.2" });
  }

  private closeWith(code: number, reason: string): void {
    this.end();
    this.host.close(code, reason);
  }

  private writeFrame(command: "CONNECTED" | "RECEIPT" | "ERROR", headers: [string, string][], body?: string): void {
    const bytes = body === undefined ? EMPTY : utf8Encoder.encode(body);
    this.host.write(encodeFrame({ command, headers, body: bytes }, { escapeHeaders: this.version === "1.2" }));
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
        return this.host.send(requireHeader(frame, "destination"), frame, header(frame, "receipt"));
      case "SUBSCRIBE":
        return this.host.subscribe(this.subscribeRequest(frame));
      case "UNSUBSCRIBE": {
        const id = header(frame, "id") ?? (this.version === "1.0" ? header(frame, "destination") : undefined);
        if (id === undefined) throw new ProtocolViolation("UNSUBSCRIBE needs an id header");
        // An unknown id is no error: it may be a subscription that was refused (the client thinks it exists).
        this.host.unsubscribe(id);
        return "done";
      }
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

  private subscribeRequest(frame: Frame): SubscribeRequest {
    const destination = requireHeader(frame, "destination");
    const id = header(frame, "id") ?? (this.version === "1.0" ? destination : undefined);
    if (id === undefined) throw new ProtocolViolation("SUBSCRIBE needs an id header");
    if (this.host.hasSubscription(id)) throw new ProtocolViolation("Subscription id already in use");
    const ack = header(frame, "ack") ?? "auto";
    if (ack !== "auto" && ack !== "client" && ack !== "client-individual") {
      throw new ProtocolViolation("Invalid ack mode");
    }
    return { id, destination, ack, receipt: header(frame, "receipt") };
  }

  private async connect(frame: Frame): Promise<void> {
    const offered = (header(frame, "accept-version") ?? "1.0").split(",").map((version) => version.trim());
    const version = SUPPORTED_VERSIONS.find((candidate) => offered.includes(candidate));
    if (!version) {
      this.fail(`Supported protocol versions are ${SUPPORTED_VERSIONS.join(", ")}`, CLOSE.protocolError, [
        ["version", SUPPORTED_VERSIONS.join(",")],
      ]);
      return;
    }
    let clientHeartBeat: [number, number] = [0, 0];
    if (version !== "1.0") {
      const value = header(frame, "heart-beat");
      if (value !== undefined) {
        const match = /^\s*(\d{1,12})\s*,\s*(\d{1,12})\s*$/.exec(value);
        if (!match) throw new ProtocolViolation("Invalid heart-beat header");
        clientHeartBeat = [Number(match[1]), Number(match[2])];
      }
    }

    this.state = "authenticating";
    const verdict = await this.host.connect(frame);
    if (this.state !== "authenticating") return;
    if (!verdict.accepted) {
      this.fail(verdict.message, verdict.closeCode);
      return;
    }
    this.state = "connected";
    // From here on, frames are unescaped if 1.2 was agreed (stompjs escapes only under 1.2; 1.0 knows no escapes).
    this.version = version;

    const offer = this.settings.heartBeatMs;
    const headers: [string, string][] = [["version", version]];
    if (version !== "1.0") headers.push(["heart-beat", `${offer},${offer}`]);
    headers.push(["session", verdict.session], ["server", this.settings.serverName], ["user-name", verdict.userName]);
    this.writeFrame("CONNECTED", headers);

    const [clientSends, clientWants] = clientHeartBeat;
    const agree = (client: number) =>
      offer === 0 || client === 0 ? 0 : Math.min(Math.max(offer, client), MAX_HEART_BEAT_MS);
    this.host.connected(version, { outgoing: agree(clientWants), incoming: agree(clientSends) });
  }
}

function requireHeader(frame: Frame, name: string): string {
  const value = header(frame, name);
  if (value === undefined) throw new ProtocolViolation(`${frame.command} needs a ${name} header`);
  return value;
}
