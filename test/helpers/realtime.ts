// Helpers for the realtime tests: real apps on real ports, a raw-frame STOMP client, a stompjs client.
import { randomBytes } from "node:crypto";
import { Client, type IMessage, type StompSubscription } from "@stomp/stompjs";
import { WebSocket } from "ws";
import { deleteRedisKeys as deleteKeysUnder } from "../../server/lib/redis-keys.ts";
import type { RealtimePluginOptions } from "../../server/plugins/realtime.ts";
import type { RealtimeFeature } from "../../server/realtime/features.ts";
import { FrameDecoder } from "../../server/realtime/stomp/decode.ts";
import { encodeFrame } from "../../server/realtime/stomp/encode.ts";
import { type Frame, header, SERVER_COMMAND_SET } from "../../server/realtime/stomp/frame.ts";
import type { RealtimeUser, SendHandler } from "../../server/realtime/types.ts";
import { createTestApp, type TestApp, type TestAppOptions } from "./app.ts";
import { employeeSession } from "./factories.ts";

export const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
export const SUBPROTOCOLS = ["v12.stomp", "v11.stomp", "v10.stomp"];

/** A key prefix no other test file (or run) shares. */
export const uniquePrefix = (name: string) => `test:${name}:${randomBytes(4).toString("hex")}:`;

/** Deletes every Redis key under a prefix. */
export const deleteRedisKeys = (prefix: string) => deleteKeysUnder(REDIS_URL, prefix);

export type RealtimeTestApp = TestApp & { port: number; url: string };

/** The real app listening on 127.0.0.1:<random port>. */
export async function startApp(
  realtime: RealtimePluginOptions,
  options: Omit<TestAppOptions, "realtime"> = {},
): Promise<RealtimeTestApp> {
  const t = await createTestApp({ ...options, realtime });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  if (address === null || typeof address === "string") throw new Error("no port");
  return { ...t, port: address.port, url: `ws://127.0.0.1:${address.port}/ws` };
}

/** A stand-in feature with one send handler (the transport tests' own destinations). */
export const sendFeature = (destination: string, handler: SendHandler): RealtimeFeature => ({
  name: `test ${destination}`,
  sends: { [destination]: handler },
});

/**
 * A stand-in topic feature: rooms `/topic/room/{id}` (ids written canonically) on broker channel
 * `test-room:{id}`, so transport tests need no chat group.
 */
export const roomFeature = (authorize: (user: RealtimeUser, roomId: number) => boolean | Promise<boolean>) =>
  ({
    name: "test rooms",
    topics: [
      {
        destination: "/topic/room/*",
        match: (id: string) => (/^[1-9][0-9]{0,8}$/.test(id) ? Number(id) : undefined),
        channel: (roomId: number) => `test-room:${roomId}`,
        authorize,
      },
    ],
  }) satisfies RealtimeFeature;

/** A new employee with a token. */
export async function staffUser(t: TestApp) {
  const { employee, token } = await employeeSession(t);
  return { username: employee.username, id: employee.id, token };
}

/** Polls until `check` returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | undefined | false,
  timeoutMs = 5_000,
  what = "condition",
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Like waitFor, for an asynchronous check. */
export async function waitForAsync(
  check: () => Promise<boolean>,
  timeoutMs = 5_000,
  what = "condition",
): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A STOMP client that writes raw bytes: frames may be split over several WebSocket messages or
 * packed several to a message. It records every frame and heart-beat the server sends.
 */
export class RawClient {
  readonly frames: Frame[] = [];
  heartBeats = 0;
  closed: { code: number; reason: string } | undefined;
  private readonly decoder = new FrameDecoder({ commands: SERVER_COMMAND_SET });
  /** Frames not yet taken by next(). */
  private readonly pending: Frame[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data: Buffer) => {
      for (const item of this.decoder.push(new Uint8Array(data))) {
        if (item.type === "frame") {
          this.frames.push(item.frame);
          this.pending.push(item.frame);
        } else {
          this.heartBeats++;
        }
      }
    });
    socket.on("close", (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
  }

  static open(
    url: string,
    options: { protocols?: string[]; origin?: string; headers?: Record<string, string> } = {},
  ): Promise<RawClient> {
    const socket = new WebSocket(url, options.protocols ?? SUBPROTOCOLS, {
      ...(options.origin ? { origin: options.origin } : {}),
      headers: options.headers,
    });
    return new Promise((resolve, reject) => {
      socket.once("open", () => resolve(new RawClient(socket)));
      socket.once("error", reject);
      socket.once("unexpected-response", (_request, response) => {
        reject(new Error(`Unexpected server response: ${response.statusCode}`));
      });
    });
  }

  /** Opens a socket and completes CONNECT with the token. */
  static async connect(
    url: string,
    token: string,
    headers: Record<string, string> = {},
  ): Promise<{ client: RawClient; connected: Frame }> {
    const client = await RawClient.open(url);
    client.sendFrame("CONNECT", {
      "accept-version": "1.2,1.1,1.0",
      "heart-beat": "0,0",
      Authorization: `Bearer ${token}`,
      ...headers,
    });
    const connected = await client.next();
    if (connected.command !== "CONNECTED") throw new Error(`expected CONNECTED, got ${describeFrame(connected)}`);
    return { client, connected };
  }

  /** Writes bytes as one WebSocket message, or as several cut at `cuts`. */
  write(data: string | Uint8Array, cuts: number[] = []): void {
    const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
    let from = 0;
    for (const cut of [...cuts.filter((c) => c > 0 && c < bytes.length).sort((a, b) => a - b), bytes.length]) {
      this.socket.send(bytes.subarray(from, cut));
      from = cut;
    }
  }

  static frameBytes(command: string, headers: Record<string, string> = {}, body = ""): Uint8Array {
    return encodeFrame(
      { command, headers: Object.entries(headers), body: new TextEncoder().encode(body) },
      { escapeHeaders: false },
    );
  }

  sendFrame(command: string, headers: Record<string, string> = {}, body = "", cuts: number[] = []): void {
    this.write(RawClient.frameBytes(command, headers, body), cuts);
  }

  /** Takes the first frame not yet taken (optionally the first matching one); frames skipped stay for later. */
  async next(match: (frame: Frame) => boolean = () => true, timeoutMs = 5_000): Promise<Frame> {
    return waitFor(
      () => {
        const index = this.pending.findIndex(match);
        return index === -1 ? undefined : this.pending.splice(index, 1)[0];
      },
      timeoutMs,
      "a frame",
    );
  }

  /**
   * Sends a frame with a receipt header and waits for its outcome: "done" on its RECEIPT (taken),
   * "refused" when a refusal naming that receipt arrives on the errors queue (left for `next`).
   * Fails on ERROR.
   */
  async request(command: string, headers: Record<string, string>, body = ""): Promise<"done" | "refused"> {
    const receipt = `r-${randomBytes(4).toString("hex")}`;
    this.sendFrame(command, { ...headers, receipt }, body);
    const refusalOf = (frame: Frame) => {
      if (frame.command !== "MESSAGE") return false;
      try {
        return (JSON.parse(new TextDecoder().decode(frame.body)) as { receipt?: unknown }).receipt === receipt;
      } catch {
        return false;
      }
    };
    const frame = await waitFor(
      () => this.pending.find((f) => f.command === "ERROR" || header(f, "receipt-id") === receipt || refusalOf(f)),
      5_000,
      "a frame",
    );
    if (frame.command === "ERROR") throw new Error(`ERROR: ${header(frame, "message")}`);
    if (frame.command === "MESSAGE") return "refused";
    this.pending.splice(this.pending.indexOf(frame), 1);
    return "done";
  }

  /** Waits for the server to close the socket. */
  async waitClosed(timeoutMs = 5_000): Promise<{ code: number; reason: string }> {
    return waitFor(() => this.closed, timeoutMs, "the socket to close");
  }

  close(): void {
    this.socket.close();
  }
}

function refusedReceipt(body: string): string | undefined {
  try {
    const receipt = (JSON.parse(body) as { receipt?: unknown } | null)?.receipt;
    return typeof receipt === "string" ? receipt : undefined;
  } catch {
    return undefined;
  }
}

export const bodyText = (frame: Frame) => new TextDecoder().decode(frame.body);
export const bodyJson = (frame: Frame) => JSON.parse(bodyText(frame)) as unknown;
export const describeFrame = (frame: Frame) => `${frame.command} ${JSON.stringify(frame.headers)} ${bodyText(frame)}`;

/** A connected @stomp/stompjs client over the `ws` package, with the options the browser client uses. */
export async function stompClient(
  url: string,
  user: { username: string; token: string },
  options: { heartbeatMs?: number } = {},
): Promise<StompTestClient> {
  const heartbeat = options.heartbeatMs ?? 10_000;
  const client = new Client({
    webSocketFactory: () => new WebSocket(url, SUBPROTOCOLS),
    connectHeaders: { Authorization: `Bearer ${user.token}`, username: user.username },
    heartbeatIncoming: heartbeat,
    heartbeatOutgoing: heartbeat,
    reconnectDelay: 0,
    debug: () => {},
  });
  const errors: string[] = [];
  client.onStompError = (frame) => errors.push(frame.headers.message ?? "");
  await new Promise<void>((resolve, reject) => {
    client.onConnect = () => resolve();
    client.onWebSocketClose = () => reject(new Error(`closed before CONNECTED: ${errors.join("; ")}`));
    client.activate();
  });
  const test = new StompTestClient(client, errors);
  client.onWebSocketClose = () => {
    test.socketClosed = true;
  };
  return test;
}

export class StompTestClient {
  socketClosed = false;
  /** Receipts named by refusals seen on any subscription (the errors queue). */
  private readonly refusedReceipts = new Set<string>();
  constructor(
    readonly client: Client,
    readonly errors: string[],
  ) {}

  /**
   * Subscribes; resolves once the server's RECEIPT says the subscription is in place, or once a
   * refusal naming it arrives on an errors queue subscribed through this client (`refused`).
   */
  async subscribe(destination: string, headers: Record<string, string> = {}) {
    const messages: IMessage[] = [];
    const receipt = `sub-${randomBytes(4).toString("hex")}`;
    let receipted = false;
    this.client.watchForReceipt(receipt, () => {
      receipted = true;
    });
    const done = waitFor(() => receipted || this.refusedReceipts.has(receipt), 5_000, `the outcome of ${receipt}`);
    const subscription: StompSubscription = this.client.subscribe(
      destination,
      (message) => {
        messages.push(message);
        const refused = refusedReceipt(message.body);
        if (refused !== undefined) this.refusedReceipts.add(refused);
      },
      { ...headers, receipt },
    );
    await done;
    return {
      messages,
      subscription,
      refused: !receipted,
      json: () => messages.map((message) => JSON.parse(message.body) as unknown),
    };
  }

  /**
   * Publishes with a receipt; resolves "done" when the server's work is done (its RECEIPT), or
   * "refused" when the errors queue (subscribed through this client) names the receipt.
   */
  async send(destination: string, body: unknown): Promise<"done" | "refused"> {
    const receipt = `send-${randomBytes(4).toString("hex")}`;
    let receipted = false;
    this.client.watchForReceipt(receipt, () => {
      receipted = true;
    });
    this.client.publish({ destination, body: JSON.stringify(body), headers: { receipt } });
    return waitFor(
      () => (receipted ? "done" : this.refusedReceipts.has(receipt) ? "refused" : undefined),
      5_000,
      `the outcome of ${receipt}`,
    );
  }

  async close(): Promise<void> {
    await this.client.deactivate();
  }
}
