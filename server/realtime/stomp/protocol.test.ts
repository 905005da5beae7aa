// The STOMP state machine alone: frames in, frames and host calls out, no socket.
import { describe, expect, it } from "vitest";
import { FrameDecoder } from "./decode.ts";
import { type Frame, header, SERVER_COMMAND_SET } from "./frame.ts";
import {
  type ConnectVerdict,
  type HeartBeats,
  type Outcome,
  type ProtocolHost,
  StompProtocol,
  type SubscribeRequest,
} from "./protocol.ts";

const utf8 = new TextEncoder();
const frame = (command: string, headers: Record<string, string> = {}, body = ""): Frame => ({
  command,
  headers: Object.entries(headers),
  body: utf8.encode(body),
});

/** A host that records everything and answers as told. */
class FakeHost implements ProtocolHost {
  readonly out: Frame[] = [];
  readonly sends: { destination: string; body: Uint8Array; receipt: string | undefined }[] = [];
  readonly subscribes: SubscribeRequest[] = [];
  readonly unsubscribes: string[] = [];
  readonly errors: object[] = [];
  closed: { code: number; reason: string } | undefined;
  connectedWith: { version: string; heartBeats: HeartBeats } | undefined;
  verdict: ConnectVerdict = { accepted: true, session: "s1", userName: "alice" };
  sendOutcome: Outcome | Error = "done";
  subscribed = new Set<string>();
  private readonly decoder = new FrameDecoder({ commands: SERVER_COMMAND_SET });
  logError(object: object): void {
    this.errors.push(object);
  }

  async connect(): Promise<ConnectVerdict> {
    return this.verdict;
  }
  connected(version: string, heartBeats: HeartBeats): void {
    this.connectedWith = { version, heartBeats };
  }
  send(destination: string, frame: Frame, receipt: string | undefined): Outcome {
    this.sends.push({ destination, body: frame.body, receipt });
    if (this.sendOutcome instanceof Error) throw this.sendOutcome;
    return this.sendOutcome;
  }
  hasSubscription(id: string): boolean {
    return this.subscribed.has(id);
  }
  subscribe(request: SubscribeRequest): Outcome {
    this.subscribes.push(request);
    this.subscribed.add(request.id);
    return "done";
  }
  unsubscribe(id: string): void {
    this.unsubscribes.push(id);
  }
  write(bytes: Uint8Array): void {
    for (const item of this.decoder.push(bytes)) if (item.type === "frame") this.out.push(item.frame);
  }
  close(code: number, reason: string): void {
    this.closed ??= { code, reason };
  }
  commands(): string[] {
    return this.out.map((f) => f.command);
  }
  last(): Frame {
    return this.out[this.out.length - 1]!;
  }
}

const settings = { serverName: "test/1.0", heartBeatMs: 1_000, maxTransactions: 2, maxTransactionFrames: 2 };

async function connected(accept = "1.2", heartBeat = "0,0") {
  const host = new FakeHost();
  const protocol = new StompProtocol(host, settings);
  await protocol.handle(frame("CONNECT", { "accept-version": accept, "heart-beat": heartBeat }));
  expect(host.commands()).toEqual(["CONNECTED"]);
  host.out.length = 0;
  return { host, protocol };
}

describe("StompProtocol: CONNECT", () => {
  it("agrees the best common version and the heart-beats, and writes CONNECTED with the host's session", async () => {
    const host = new FakeHost();
    const protocol = new StompProtocol(host, settings);
    await protocol.handle(frame("STOMP", { "accept-version": "1.0,1.1", "heart-beat": "100, 5000" }));
    const reply = host.last();
    expect(reply.command).toBe("CONNECTED");
    expect(Object.fromEntries(reply.headers)).toEqual({
      version: "1.1",
      "heart-beat": "1000,1000",
      session: "s1",
      server: "test/1.0",
      "user-name": "alice",
    });
    // The client sends every 100 ms (we accept no faster than our 1 s) and wants one every 5 s.
    expect(host.connectedWith).toEqual({ version: "1.1", heartBeats: { outgoing: 5_000, incoming: 1_000 } });
    expect(protocol.isConnected).toBe(true);
    expect(protocol.version).toBe("1.1");
  });

  it("speaks 1.0 without a heart-beat header to a client that names no version", async () => {
    const host = new FakeHost();
    await new StompProtocol(host, settings).handle(frame("CONNECT", { "heart-beat": "1000,1000" }));
    expect(header(host.last(), "version")).toBe("1.0");
    expect(header(host.last(), "heart-beat")).toBeUndefined();
    expect(host.connectedWith?.heartBeats).toEqual({ outgoing: 0, incoming: 0 });
  });

  it("answers no common version with ERROR and a version header, then closes 1002", async () => {
    const host = new FakeHost();
    await new StompProtocol(host, settings).handle(frame("CONNECT", { "accept-version": "2.0" }));
    expect(host.commands()).toEqual(["ERROR"]);
    expect(header(host.last(), "version")).toBe("1.2,1.1,1.0");
    expect(host.closed?.code).toBe(1002);
  });

  it("refuses a malformed heart-beat header, frames before CONNECT, and a second CONNECT", async () => {
    for (const [first, message] of [
      [frame("CONNECT", { "accept-version": "1.2", "heart-beat": "soon" }), "Invalid heart-beat header"],
      [frame("SEND", { destination: "/app/x" }), "Expected a CONNECT frame"],
    ] as const) {
      const host = new FakeHost();
      await new StompProtocol(host, settings).handle(first);
      expect(header(host.last(), "message")).toBe(message);
      expect(host.closed?.code).toBe(1002);
    }
    const { host, protocol } = await connected();
    await protocol.handle(frame("CONNECT", { "accept-version": "1.2" }));
    expect(header(host.last(), "message")).toBe("Already connected");
  });

  it("passes on the host's refusal of a CONNECT: ERROR with its message and its close code", async () => {
    const host = new FakeHost();
    host.verdict = { accepted: false, message: "Your session has ended.", closeCode: 1008 };
    const protocol = new StompProtocol(host, settings);
    await protocol.handle(frame("CONNECT", { "accept-version": "1.2" }));
    expect(host.commands()).toEqual(["ERROR"]);
    expect(header(host.last(), "message")).toBe("Your session has ended.");
    expect(host.closed).toEqual({ code: 1008, reason: "Your session has ended." });
    expect(protocol.hasEnded).toBe(true);
    // Nothing more is handled once ended.
    await protocol.handle(frame("SEND", { destination: "/app/x", receipt: "r" }));
    expect(host.out).toHaveLength(1);
  });
});

describe("StompProtocol: receipts, transactions, headers", () => {
  it("sends a RECEIPT for work done and none for a refusal", async () => {
    const { host, protocol } = await connected();
    await protocol.handle(frame("SEND", { destination: "/app/x", receipt: "done-1" }, "{}"));
    host.sendOutcome = "refused";
    await protocol.handle(frame("SEND", { destination: "/app/x", receipt: "refused-1" }, "{}"));
    expect(host.out.map((f) => header(f, "receipt-id"))).toEqual(["done-1"]);
    expect(host.sends.map((s) => s.receipt)).toEqual(["done-1", "refused-1"]);
    expect(new TextDecoder().decode(host.sends[0]!.body)).toBe("{}");
  });

  it("holds a transaction's SENDs until COMMIT, replays them in order, and drops them on ABORT", async () => {
    const { host, protocol } = await connected();
    await protocol.handle(frame("BEGIN", { transaction: "t1", receipt: "b" }));
    await protocol.handle(frame("SEND", { destination: "/app/one", transaction: "t1" }));
    await protocol.handle(frame("SEND", { destination: "/app/two", transaction: "t1" }));
    expect(host.sends).toEqual([]);
    await protocol.handle(frame("COMMIT", { transaction: "t1", receipt: "c" }));
    expect(host.sends.map((s) => s.destination)).toEqual(["/app/one", "/app/two"]);

    await protocol.handle(frame("BEGIN", { transaction: "t2" }));
    await protocol.handle(frame("SEND", { destination: "/app/three", transaction: "t2" }));
    await protocol.handle(frame("ABORT", { transaction: "t2", receipt: "a" }));
    expect(host.sends).toHaveLength(2);
    expect(host.out.map((f) => header(f, "receipt-id"))).toEqual(["b", "c", "a"]);
  });

  it("gives a COMMIT no RECEIPT when one of its frames was refused", async () => {
    const { host, protocol } = await connected();
    host.sendOutcome = "refused";
    await protocol.handle(frame("BEGIN", { transaction: "t" }));
    await protocol.handle(frame("SEND", { destination: "/app/x", transaction: "t" }));
    await protocol.handle(frame("COMMIT", { transaction: "t", receipt: "c" }));
    expect(host.out).toEqual([]);
  });

  it.each([
    ["an unknown transaction", [frame("COMMIT", { transaction: "nope" })], "Unknown transaction"],
    [
      "too many transactions",
      ["a", "b", "c"].map((id) => frame("BEGIN", { transaction: id })),
      "Too many transactions",
    ],
    [
      "a transaction too large",
      [
        frame("BEGIN", { transaction: "t" }),
        ...[1, 2, 3].map(() => frame("SEND", { destination: "/x", transaction: "t" })),
      ],
      "Transaction too large",
    ],
    [
      "a transaction begun twice",
      [frame("BEGIN", { transaction: "t" }), frame("BEGIN", { transaction: "t" })],
      "Transaction already begun",
    ],
  ])("refuses %s with ERROR (its receipt echoed) and closes", async (_, frames, message) => {
    const { host, protocol } = await connected();
    for (const f of frames) await protocol.handle(f);
    expect(header(host.last(), "message")).toBe(message);
    expect(host.closed?.code).toBe(1002);
  });

  it("unescapes 1.2 headers once 1.2 is agreed, and leaves 1.1 headers as sent", async () => {
    const v12 = await connected("1.2");
    await v12.protocol.handle(frame("SEND", { destination: "/app/a\\cb\\\\c" }));
    expect(v12.host.sends[0]!.destination).toBe("/app/a:b\\c");
    await v12.protocol.handle(frame("SEND", { destination: "/app/\\t" }));
    expect(header(v12.host.last(), "message")).toBe("Invalid escape sequence in a header");

    const v11 = await connected("1.1");
    await v11.protocol.handle(frame("SEND", { destination: "/app/a\\cb" }));
    expect(v11.host.sends[0]!.destination).toBe("/app/a\\cb");
  });

  it("validates SUBSCRIBE (id, ack mode, duplicate id) and UNSUBSCRIBE; 1.0 identifies by destination", async () => {
    const { host, protocol } = await connected();
    await protocol.handle(frame("SUBSCRIBE", { id: "s", destination: "/topic/x", ack: "client", receipt: "r" }));
    expect(host.subscribes).toEqual([{ id: "s", destination: "/topic/x", ack: "client", receipt: "r" }]);
    await protocol.handle(frame("UNSUBSCRIBE", { id: "s" }));
    expect(host.unsubscribes).toEqual(["s"]);
    for (const [headers, message] of [
      [{ destination: "/topic/x" }, "SUBSCRIBE needs an id header"],
      [{ id: "z", destination: "/topic/x", ack: "sometimes" }, "Invalid ack mode"],
      [{ id: "s", destination: "/topic/y" }, "Subscription id already in use"],
      [{ id: "z" }, "SUBSCRIBE needs a destination header"],
    ] as const) {
      const session = await connected();
      session.host.subscribed.add("s");
      await session.protocol.handle(frame("SUBSCRIBE", headers as Record<string, string>));
      expect(header(session.host.last(), "message")).toBe(message);
    }

    const old = await connected("1.0");
    await old.protocol.handle(frame("SUBSCRIBE", { destination: "/topic/x" }));
    await old.protocol.handle(frame("UNSUBSCRIBE", { destination: "/topic/x" }));
    expect(old.host.subscribes[0]!.id).toBe("/topic/x");
    expect(old.host.unsubscribes).toEqual(["/topic/x"]);
  });

  it("accepts ACK and NACK (1.2: with an id), and answers DISCONNECT with its RECEIPT, then closes 1000", async () => {
    const { host, protocol } = await connected();
    await protocol.handle(frame("ACK", { id: "m-1", receipt: "a" }));
    await protocol.handle(frame("NACK", { id: "m-2", receipt: "n" }));
    await protocol.handle(frame("DISCONNECT", { receipt: "bye" }));
    expect(host.out.map((f) => header(f, "receipt-id"))).toEqual(["a", "n", "bye"]);
    expect(host.closed).toEqual({ code: 1000, reason: "Client disconnected" });
    expect(protocol.hasEnded).toBe(true);
  });

  it("turns a host failure into ERROR 'Internal server error' (close 1011), logged with the command", async () => {
    const { host, protocol } = await connected();
    host.sendOutcome = new Error("boom");
    await protocol.handle(frame("SEND", { destination: "/app/x", receipt: "r" }));
    expect(header(host.last(), "message")).toBe("Internal server error");
    expect(header(host.last(), "receipt-id")).toBe("r");
    expect(host.closed?.code).toBe(1011);
    expect(host.errors).toMatchObject([{ command: "SEND" }]);
  });

  it("encodes MESSAGE frames with the agreed escaping and an ack header only when asked", async () => {
    const { protocol } = await connected("1.2");
    const decoder = new FrameDecoder({ commands: SERVER_COMMAND_SET });
    const [item] = decoder.push(protocol.message("/user/queue/a:b", "sub", "m-1", true, utf8.encode("{}")));
    expect(item?.type === "frame" && item.frame.headers).toEqual([
      ["destination", "/user/queue/a\\cb"],
      ["subscription", "sub"],
      ["message-id", "m-1"],
      ["content-type", "application/json"],
      ["ack", "m-1"],
      ["content-length", "2"],
    ]);
  });
});
