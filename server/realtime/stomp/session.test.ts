// The STOMP session layer over real sockets, with a client that writes raw frames.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bodyJson,
  bodyText,
  RawClient,
  type RealtimeTestApp,
  roomFeature,
  sendFeature,
  sleep,
  staffUser,
  startApp,
  waitFor,
} from "../../../test/helpers/realtime.ts";
import { users } from "../../db/schema.ts";
import { RealtimeRefusal } from "../types.ts";
import { encodeFrame } from "./encode.ts";
import { type Frame, header } from "./frame.ts";

const isError = (frame: Frame) => frame.command === "ERROR";
const isMessage = (frame: Frame) => frame.command === "MESSAGE";

let t: RealtimeTestApp;
/** Same database, short timers: CONNECT deadline and heart-beats. */
let fast: RealtimeTestApp;

beforeAll(async () => {
  t = await startApp({ broker: "memory", publicOrigin: "https://chat.example.com" });
  fast = await startApp(
    { broker: "memory", session: { heartBeatMs: 200, connectTimeoutMs: 500, revalidateMs: 200 } },
    { database: t.database },
  );
});
afterAll(async () => {
  await fast?.close();
  await t?.close();
});

describe("handshake", () => {
  it("answers CONNECT with CONNECTED 1.2, heart-beat, session, server and user-name, on subprotocol v12.stomp", async () => {
    const user = await staffUser(t);
    const client = await RawClient.open(t.url);
    expect(client.socket.protocol).toBe("v12.stomp");
    client.sendFrame("CONNECT", {
      "accept-version": "1.2,1.1,1.0",
      "heart-beat": "10000,10000",
      Authorization: `Bearer ${user.token}`,
      username: user.username,
    });
    const connected = await client.next();
    expect(connected.command).toBe("CONNECTED");
    expect(header(connected, "version")).toBe("1.2");
    expect(header(connected, "heart-beat")).toBe("10000,10000");
    expect(header(connected, "session")).toMatch(/^[\w-]+$/);
    expect(header(connected, "server")).toMatch(/^[\w.-]+\/[\d.]+$/);
    expect(header(connected, "user-name")).toBe(user.username);
    expect(t.app.realtime.localSessionCount(user.username)).toBe(1);
    client.close();
    await waitFor(() => t.app.realtime.localSessionCount(user.username) === 0);
  });

  it("accepts the STOMP command, frames split over many messages, and several frames in one message", async () => {
    const user = await staffUser(t);
    const client = await RawClient.open(t.url);
    const connect = RawClient.frameBytes("STOMP", {
      "accept-version": "1.1,1.2",
      Authorization: `Bearer ${user.token}`,
    });
    // Every few bytes a new WebSocket message.
    client.write(
      connect,
      Array.from({ length: connect.length }, (_, i) => i * 7),
    );
    expect((await client.next()).command).toBe("CONNECTED");

    // SUBSCRIBE, SEND (unknown destination: refused on the errors queue) and DISCONNECT packed in one message.
    const packed = new Uint8Array([
      ...RawClient.frameBytes("SUBSCRIBE", { id: "errors", destination: "/user/queue/errors" }),
      ...new TextEncoder().encode("\n\r\n"),
      ...RawClient.frameBytes("SEND", { destination: "/app/nowhere", receipt: "s1" }, "{}"),
      ...RawClient.frameBytes("DISCONNECT", { receipt: "bye" }),
    ]);
    client.write(packed);
    const refusal = await client.next();
    expect(refusal.command).toBe("MESSAGE");
    // Refused, so no RECEIPT for s1 (a RECEIPT means the work was done): the refusal names it instead.
    expect(bodyJson(refusal)).toEqual({
      code: "NOT_FOUND",
      message: "Unknown destination.",
      destination: "/app/nowhere",
      receipt: "s1",
    });
    expect(header(await client.next(), "receipt-id")).toBe("bye");
    expect((await client.waitClosed()).code).toBe(1000);
  });

  it("speaks 1.0 to a 1.0-only client (no heart-beat header) and to one that names no version", async () => {
    const user = await staffUser(t);
    const old = await RawClient.open(t.url, { protocols: ["v10.stomp"] });
    expect(old.socket.protocol).toBe("v10.stomp");
    old.sendFrame("CONNECT", { "accept-version": "1.0", Authorization: `Bearer ${user.token}` });
    const connected = await old.next();
    expect(header(connected, "version")).toBe("1.0");
    expect(header(connected, "heart-beat")).toBeUndefined();
    // 1.0: SUBSCRIBE without an id is identified by its destination.
    await old.request("SUBSCRIBE", { destination: "/user/queue/private" });
    await t.app.realtime.publishToUser(user.username, "/queue/private", { hello: 1 });
    const message = await old.next(isMessage);
    expect(header(message, "subscription")).toBe("/user/queue/private");
    old.close();

    const unnamed = await RawClient.open(t.url, { protocols: [] });
    expect(unnamed.socket.protocol).toBe("");
    unnamed.sendFrame("CONNECT", { Authorization: `Bearer ${user.token}` });
    expect(header(await unnamed.next(), "version")).toBe("1.0");
    unnamed.close();
  });

  it("answers ERROR with a version header and closes when no version is common", async () => {
    const user = await staffUser(t);
    const client = await RawClient.open(t.url);
    client.sendFrame("CONNECT", { "accept-version": "2.0,1.3", Authorization: `Bearer ${user.token}` });
    const error = await client.next();
    expect(error.command).toBe("ERROR");
    expect(header(error, "version")).toBe("1.2,1.1,1.0");
    expect(header(error, "message")).toMatch(/1\.2/);
    await client.waitClosed();
  });

  it("refuses a CONNECT without a token, with a bad token or a revoked one: ERROR, then close", async () => {
    const user = await staffUser(t);
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: "Basic dXNlcjpwYXNz" },
      { Authorization: "Bearer not-a-token" },
      { Authorization: `Bearer ${user.token}x` },
    ];
    for (const headers of attempts) {
      const client = await RawClient.open(t.url);
      client.sendFrame("CONNECT", { "accept-version": "1.2", ...headers });
      const error = await client.next();
      expect(error.command, JSON.stringify(headers)).toBe("ERROR");
      expect(header(error, "message")).toBeTruthy();
      expect(bodyText(error)).toBe(header(error, "message"));
      await client.waitClosed();
    }

    // A password change bumps the token version: the old token no longer connects.
    await t.app.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
    const client = await RawClient.open(t.url);
    client.sendFrame("CONNECT", { "accept-version": "1.2", Authorization: `Bearer ${user.token}` });
    expect(header(await client.next(), "message")).toBe("Your session has ended. Please log in again.");
    await client.waitClosed();
  });

  it("refuses a username header that is not the token's user (any case of it is fine)", async () => {
    const user = await staffUser(t);
    const other = await staffUser(t);
    const client = await RawClient.open(t.url);
    client.sendFrame("CONNECT", {
      "accept-version": "1.2",
      Authorization: `Bearer ${user.token}`,
      username: other.username,
    });
    const error = await client.next();
    expect(error.command).toBe("ERROR");
    expect(header(error, "message")).toMatch(/username/);
    await client.waitClosed();

    const { client: ok } = await RawClient.connect(t.url, user.token, { username: user.username.toUpperCase() });
    ok.close();
  });

  it("closes a socket that sends no CONNECT in time, and one that starts with another frame", async () => {
    const idle = await RawClient.open(fast.url);
    const started = Date.now();
    const error = await idle.next(isError, 3_000);
    expect(header(error, "message")).toMatch(/CONNECT/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    await idle.waitClosed();

    const early = await RawClient.open(t.url);
    early.sendFrame("SUBSCRIBE", { id: "0", destination: "/topic/user-status" });
    expect(header(await early.next(), "message")).toBe("Expected a CONNECT frame");
    await early.waitClosed();
  });

  it("refuses a second CONNECT on a connected session", async () => {
    const user = await staffUser(t);
    const { client } = await RawClient.connect(t.url, user.token);
    client.sendFrame("CONNECT", { "accept-version": "1.2", Authorization: `Bearer ${user.token}` });
    expect(header(await client.next(isError), "message")).toBe("Already connected");
    await client.waitClosed();
  });
});

describe("heart-beats", () => {
  it("sends a heart-beat whenever the server has been silent for the agreed interval", async () => {
    const user = await staffUser(fast);
    // The client sends none, wants one every 100 ms: the server's 200 ms offer wins.
    const { client, connected } = await RawClient.connect(fast.url, user.token, { "heart-beat": "0,100" });
    expect(header(connected, "heart-beat")).toBe("200,200");
    const before = client.heartBeats;
    await sleep(1_100);
    const received = client.heartBeats - before;
    expect(received).toBeGreaterThanOrEqual(4);
    expect(received).toBeLessThanOrEqual(6);
    expect(client.closed).toBeUndefined();
    client.close();
  });

  it("keeps a client that sends its heart-beats and drops one that falls silent", async () => {
    const user = await staffUser(fast);
    // The client promises one every 100 ms; agreed: max(100, 200) = 200 ms, dropped after 2.5 × 200 ms of silence.
    const { client } = await RawClient.connect(fast.url, user.token, { "heart-beat": "100,0" });
    const beat = setInterval(() => client.write("\n"), 150);
    await sleep(1_000);
    clearInterval(beat);
    expect(client.closed).toBeUndefined();
    const silentSince = Date.now();
    const error = await client.next(isError, 3_000);
    expect(header(error, "message")).toMatch(/heart-beat/);
    const silence = Date.now() - silentSince;
    expect(silence).toBeGreaterThanOrEqual(300);
    expect(silence).toBeLessThan(1_500);
    await client.waitClosed();
    await waitFor(() => fast.app.realtime.localSessionCount(user.username) === 0);
  });
});

describe("subscriptions and delivery", () => {
  it("delivers a user's messages to both queue forms, with destination as subscribed and full MESSAGE headers", async () => {
    const user = await staffUser(t);
    const { client } = await RawClient.connect(t.url, user.token);
    await client.request("SUBSCRIBE", { id: "sub-0", destination: `/user/${user.username}/queue/private` });
    await client.request("SUBSCRIBE", { id: "sub-1", destination: "/user/queue/private" });
    await t.app.realtime.publishToUser(user.username, "/queue/private", { id: 1, content: "héllo" });

    const first = await client.next(isMessage);
    const second = await client.next(isMessage);
    const bySubscription = new Map([first, second].map((frame) => [header(frame, "subscription"), frame]));
    expect(header(bySubscription.get("sub-0")!, "destination")).toBe(`/user/${user.username}/queue/private`);
    expect(header(bySubscription.get("sub-1")!, "destination")).toBe("/user/queue/private");
    for (const frame of [first, second]) {
      expect(header(frame, "content-type")).toBe("application/json");
      expect(header(frame, "content-length")).toBe(String(frame.body.length));
      expect(header(frame, "ack")).toBeUndefined();
      expect(bodyJson(frame)).toEqual({ id: 1, content: "héllo" });
    }
    expect(header(first, "message-id")).not.toBe(header(second, "message-id"));
    client.close();
  });

  it("refuses eavesdropping on another user's queue through the errors queue, and stays connected", async () => {
    const user = await staffUser(t);
    const victim = await staffUser(t);
    const { client } = await RawClient.connect(t.url, user.token);
    await client.request("SUBSCRIBE", { id: "errors", destination: `/user/${user.username}/queue/errors` });
    expect(
      await client.request("SUBSCRIBE", { id: "spy", destination: `/user/${victim.username}/queue/private` }),
    ).toBe("refused");
    const refusal = await client.next(isMessage);
    expect(header(refusal, "subscription")).toBe("errors");
    expect(header(refusal, "destination")).toBe(`/user/${user.username}/queue/errors`);
    expect(bodyJson(refusal)).toMatchObject({
      code: "FORBIDDEN",
      message: "You cannot subscribe to another user's queue.",
      destination: `/user/${victim.username}/queue/private`,
    });

    await t.app.realtime.publishToUser(victim.username, "/queue/private", { secret: true });
    // Still connected and working; the victim's message never came.
    await client.request("SUBSCRIBE", { id: "mine", destination: "/user/queue/private" });
    await t.app.realtime.publishToUser(user.username, "/queue/private", { mine: true });
    expect(bodyJson(await client.next(isMessage))).toEqual({ mine: true });
    expect(client.closed).toBeUndefined();
    client.close();
  });

  it("refuses unknown destinations and topics the feature's authorizer denies; delivers the ones it allows", async () => {
    const user = await staffUser(t);
    t.app.realtime.register(
      roomFeature(async (subscriber, room) => {
        if (room === 9) throw new RealtimeRefusal("You are not a member of this group.", { code: "FORBIDDEN" });
        return subscriber.username === user.username && room === 7;
      }),
    );
    const { client } = await RawClient.connect(t.url, user.token);
    await client.request("SUBSCRIBE", { id: "errors", destination: "/user/queue/errors" });
    const refused = ["/topic/nowhere", "/queue/private", "/topic/room/007", "/topic/room/8", "/topic/room/9"];
    for (const [index, destination] of refused.entries()) {
      expect(await client.request("SUBSCRIBE", { id: `r${index}`, destination })).toBe("refused");
    }
    const refusals = [];
    for (const _ of refused) {
      const { receipt: _receipt, ...refusal } = bodyJson(await client.next(isMessage)) as Record<string, unknown>;
      refusals.push(refusal);
    }
    expect(refusals).toEqual([
      { code: "NOT_FOUND", message: "Unknown destination.", destination: "/topic/nowhere" },
      { code: "NOT_FOUND", message: "Unknown destination.", destination: "/queue/private" },
      { code: "NOT_FOUND", message: "Unknown destination.", destination: "/topic/room/007" },
      { code: "FORBIDDEN", message: "You cannot subscribe to this destination.", destination: "/topic/room/8" },
      { code: "FORBIDDEN", message: "You are not a member of this group.", destination: "/topic/room/9" },
    ]);

    await client.request("SUBSCRIBE", { id: "g7", destination: "/topic/room/7" });
    await t.app.realtime.publishToTopic("/topic/room/8", { room: 8 });
    await t.app.realtime.publishToTopic("/topic/room/7", { room: 7 });
    const message = await client.next(isMessage);
    expect(header(message, "destination")).toBe("/topic/room/7");
    expect(header(message, "subscription")).toBe("g7");
    expect(bodyJson(message)).toEqual({ room: 7 });

    // Removed from the room: the subscription goes, and the client is told.
    await t.app.realtime.revokeSubscriptions(user.username, "/topic/room/7", "Removed from the group.");
    expect(bodyJson(await client.next(isMessage))).toEqual({
      code: "REVOKED",
      message: "Removed from the group.",
      destination: "/topic/room/7",
    });
    await t.app.realtime.publishToTopic("/topic/room/7", { room: 7, after: true });
    await client.request("UNSUBSCRIBE", { id: "g7" });
    await sleep(50);
    expect(client.frames.filter(isMessage)).toHaveLength(refused.length + 2);
    client.close();
  });

  it("stops delivering after UNSUBSCRIBE, and ignores an unknown id", async () => {
    const user = await staffUser(t);
    const { client } = await RawClient.connect(t.url, user.token);
    await client.request("SUBSCRIBE", { id: "q", destination: "/user/queue/private" });
    await t.app.realtime.publishToUser(user.username, "/queue/private", { n: 1 });
    await client.next(isMessage);
    await client.request("UNSUBSCRIBE", { id: "q" });
    await client.request("UNSUBSCRIBE", { id: "never-subscribed" });
    await t.app.realtime.publishToUser(user.username, "/queue/private", { n: 2 });
    await client.request("SUBSCRIBE", { id: "again", destination: "/user/queue/private" });
    await t.app.realtime.publishToUser(user.username, "/queue/private", { n: 3 });
    const next = await client.next(isMessage);
    expect(bodyJson(next)).toEqual({ n: 3 });
    expect(header(next, "subscription")).toBe("again");
    client.close();
  });

  it("treats a missing subscription id as a protocol error", async () => {
    const user = await staffUser(t);
    const { client } = await RawClient.connect(t.url, user.token);
    client.sendFrame("SUBSCRIBE", { destination: "/topic/user-status", receipt: "r" });
    const error = await client.next(isError);
    expect(header(error, "message")).toBe("SUBSCRIBE needs an id header");
    expect(header(error, "receipt-id")).toBe("r");
    await client.waitClosed();
  });

  it("treats a duplicate subscription id as a protocol error", async () => {
    const user = await staffUser(t);
    const { client } = await RawClient.connect(t.url, user.token);
    await client.request("SUBSCRIBE", { id: "sub-0", destination: "/topic/user-status" });
    client.sendFrame("SUBSCRIBE", { id: "sub-0", destination: "/user/queue/private" });
    expect(header(await client.next(isError), "message")).toBe("Subscription id already in use");
    await client.waitClosed();
  });

  it("puts an ack header on MESSAGE in client and client-individual modes, and accepts ACK and NACK", async () => {
    const user = await staffUser(t);
    const { client } = await RawClient.connect(t.url, user.token);
    await client.request("SUBSCRIBE", { id: "a", destination: "/user/queue/private", ack: "client" });
    await client.request("SUBSCRIBE", {
      id: "b",
      destination: `/user/${user.username}/queue/private`,
      ack: "client-individual",
    });
    await client.request("SUBSCRIBE", { id: "c", destination: "/user/queue/private", ack: "auto" });
    await t.app.realtime.publishToUser(user.username, "/queue/private", { n: 1 });
    const frames = [await client.next(isMessage), await client.next(isMessage), await client.next(isMessage)];
    const bySubscription = new Map(frames.map((frame) => [header(frame, "subscription"), frame]));
    for (const id of ["a", "b"]) {
      const frame = bySubscription.get(id)!;
      expect(header(frame, "ack")).toBe(header(frame, "message-id"));
    }
    expect(header(bySubscription.get("c")!, "ack")).toBeUndefined();
    await client.request("ACK", { id: header(bySubscription.get("a")!, "ack")! });
    await client.request("NACK", { id: header(bySubscription.get("b")!, "ack")! });

    client.sendFrame("ACK", {});
    expect(header(await client.next(isError), "message")).toBe("ACK needs an id header");
    await client.waitClosed();

    const other = await RawClient.connect(t.url, user.token);
    other.client.sendFrame("SUBSCRIBE", { id: "x", destination: "/user/queue/private", ack: "sometimes" });
    expect(header(await other.client.next(isError), "message")).toBe("Invalid ack mode");
  });
});

describe("SEND", () => {
  it("hands the body to the registered handler and sends the RECEIPT only once its work is done", async () => {
    const user = await staffUser(t);
    const calls: { username: string; body: unknown; custom: string | undefined; done: boolean }[] = [];
    t.app.realtime.register(
      sendFeature("/app/test.slow", async (context) => {
        const call = {
          username: context.user.username,
          body: context.body,
          custom: context.headers.custom,
          done: false,
        };
        calls.push(call);
        await sleep(150);
        call.done = true;
      }),
    );
    const { client } = await RawClient.connect(t.url, user.token);
    client.sendFrame(
      "SEND",
      { destination: "/app/test.slow", receipt: "stored", custom: "x" },
      '{"text":"hi"}',
      [5, 30],
    );
    const receipt = await client.next();
    expect(header(receipt, "receipt-id")).toBe("stored");
    expect(calls).toEqual([{ username: user.username, body: { text: "hi" }, custom: "x", done: true }]);
    client.close();
  });

  it("refuses on the errors queue and stays connected: refusals, failures, unknown destinations, bad JSON", async () => {
    const user = await staffUser(t);
    t.app.realtime.register(
      sendFeature("/app/test.refuse", () => {
        throw new RealtimeRefusal("Only admins can send messages in this group.", {
          code: "FORBIDDEN",
          details: { clientId: "c-1" },
        });
      }),
    );
    t.app.realtime.register(
      sendFeature("/app/test.fail", async () => {
        throw new Error("database down");
      }),
    );
    t.app.realtime.register(
      sendFeature("/app/test.warn", (context) => context.sendError("Saved, but no one is there.", "UNAVAILABLE")),
    );
    const { client } = await RawClient.connect(t.url, user.token);
    await client.request("SUBSCRIBE", { id: "e", destination: "/user/queue/errors" });
    // A refused or failed SEND gets no RECEIPT (nothing was stored); a warning is no refusal.
    const cases: [string, string, string, string, "done" | "refused"][] = [
      ["/app/test.refuse", "{}", "FORBIDDEN", "Only admins can send messages in this group.", "refused"],
      ["/app/test.fail", "{}", "UNAVAILABLE", "The message could not be processed. Please try again.", "refused"],
      ["/app/test.warn", "{}", "UNAVAILABLE", "Saved, but no one is there.", "done"],
      ["/app/unknown", "{}", "NOT_FOUND", "Unknown destination.", "refused"],
      ["/topic/group/1", "{}", "NOT_FOUND", "Messages can only be sent to /app/… destinations.", "refused"],
      ["/app/test.refuse", "{not json", "INVALID", "The message body must be JSON.", "refused"],
    ];
    for (const [destination, body, code, message, outcome] of cases) {
      expect(await client.request("SEND", { destination }, body), destination).toBe(outcome);
      const refusal = bodyJson(await client.next(isMessage)) as Record<string, unknown>;
      expect(refusal).toMatchObject({ code, message, destination });
      expect(typeof refusal.receipt, destination).toBe(outcome === "refused" ? "string" : "undefined");
    }
    // A feature's details travel with its refusal (the chat's clientId).
    expect(await client.request("SEND", { destination: "/app/test.refuse" }, "{}")).toBe("refused");
    expect(bodyJson(await client.next(isMessage))).toMatchObject({ code: "FORBIDDEN", clientId: "c-1" });
    // A body that is not UTF-8 is refused as INVALID.
    const notUtf8 = new Uint8Array([0xff, 0xfe, 0x7b]);
    const headers: [string, string][] = [
      ["destination", "/app/test.refuse"],
      ["receipt", "bad-utf8"],
    ];
    client.write(encodeFrame({ command: "SEND", headers, body: notUtf8 }, { escapeHeaders: false }));
    expect(bodyJson(await client.next(isMessage))).toEqual({
      code: "INVALID",
      message: "The message body must be UTF-8 JSON.",
      destination: "/app/test.refuse",
      receipt: "bad-utf8",
    });
    expect(client.closed).toBeUndefined();
    client.close();
  });

  it("runs a transaction's SENDs on COMMIT, in order, and drops them on ABORT", async () => {
    const user = await staffUser(t);
    const seen: unknown[] = [];
    t.app.realtime.register(
      sendFeature("/app/test.tx", (context) => {
        seen.push(context.body);
      }),
    );
    const { client } = await RawClient.connect(t.url, user.token);
    await client.request("BEGIN", { transaction: "t1" });
    await client.request("SEND", { destination: "/app/test.tx", transaction: "t1" }, "1");
    await client.request("SEND", { destination: "/app/test.tx", transaction: "t1" }, "2");
    expect(seen).toEqual([]);
    await client.request("COMMIT", { transaction: "t1" });
    expect(seen).toEqual([1, 2]);
    await client.request("BEGIN", { transaction: "t2" });
    await client.request("SEND", { destination: "/app/test.tx", transaction: "t2" }, "3");
    await client.request("ABORT", { transaction: "t2" });
    expect(seen).toEqual([1, 2]);
    client.sendFrame("COMMIT", { transaction: "t2" });
    expect(header(await client.next(isError), "message")).toBe("Unknown transaction");
  });
});

describe("protocol errors", () => {
  it("answers garbage with ERROR and closes", async () => {
    const client = await RawClient.open(t.url);
    client.write("HELLO\nfoo:bar\n\n\0");
    const error = await client.next();
    expect(error.command).toBe("ERROR");
    expect(header(error, "message")).toBe("Unknown command");
    expect((await client.waitClosed()).code).toBe(1002);
  });

  it("refuses an invalid 1.2 header escape after CONNECT", async () => {
    const user = await staffUser(t);
    const { client } = await RawClient.connect(t.url, user.token);
    client.write("SUBSCRIBE\nid:a\\tb\ndestination:/topic/user-status\n\n\0");
    expect(header(await client.next(isError), "message")).toBe("Invalid escape sequence in a header");
    await client.waitClosed();
  });

  it("closes on a frame larger than the limit, sent in 8 KB pieces, before it is complete", async () => {
    const user = await staffUser(t);
    const { client } = await RawClient.connect(t.url, user.token);
    const body = "x".repeat(1024 * 1024 + 1);
    const frame = RawClient.frameBytes("SEND", { destination: "/app/test.tx" }, body);
    for (let from = 0; from < frame.length && !client.closed; from += 8192) {
      client.write(frame.subarray(from, from + 8192));
    }
    const error = await client.next(isError);
    expect(header(error, "message")).toBe("Body exceeds 1048576 bytes");
    await client.waitClosed();
  });

  it("closes a socket that sends one WebSocket message over the payload limit", async () => {
    const client = await RawClient.open(t.url);
    client.write(new Uint8Array(2 * 1024 * 1024));
    expect((await client.waitClosed()).code).toBe(1009);
  });
});

describe("origin and upgrade", () => {
  it("refuses a WebSocket upgrade from another site with 403", async () => {
    await expect(RawClient.open(t.url, { origin: "https://evil.example" })).rejects.toThrow(/403/);
    await expect(RawClient.open(t.url, { origin: "null" })).rejects.toThrow(/403/);
  });

  it("accepts the site's public origin, the request's own host, and clients that send no Origin", async () => {
    for (const origin of ["https://chat.example.com", `http://127.0.0.1:${t.port}`, undefined]) {
      const client = await RawClient.open(t.url, { origin });
      client.close();
    }
  });

  it("answers a plain HTTP GET /ws with 404", async () => {
    const response = await t.app.inject({ method: "GET", url: "/ws" });
    expect(response.statusCode).toBe(404);
  });
});

describe("revocation and flow control", () => {
  it("ends a session whose token was revoked without a disconnectUser call (checked again periodically)", async () => {
    const user = await staffUser(fast);
    const { client } = await RawClient.connect(fast.url, user.token);
    await sleep(400);
    expect(client.closed).toBeUndefined();
    // What `npm run admin -- reset` does from another process.
    await fast.app.db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, user.id));
    const error = await client.next(isError, 3_000);
    expect(header(error, "message")).toBe("Your session has ended. Please log in again.");
    await client.waitClosed();
  });

  it("ends a session when its token expires", async () => {
    const expiring = await startApp(
      {
        broker: "memory",
        authenticate: async (token) =>
          token === "short-lived"
            ? { id: 1, username: "short.lived", role: "employee", expiresAt: Date.now() + 300 }
            : null,
      },
      { database: t.database },
    );
    try {
      const { client } = await RawClient.connect(expiring.url, "short-lived");
      const error = await client.next(isError, 3_000);
      expect(header(error, "message")).toBe("Your session has ended. Please log in again.");
      await client.waitClosed();
    } finally {
      await expiring.close();
    }
  });

  it("disconnectUser ends every session of the user with an ERROR", async () => {
    const user = await staffUser(t);
    const bystander = await staffUser(t);
    const one = await RawClient.connect(t.url, user.token);
    const two = await RawClient.connect(t.url, user.token);
    const other = await RawClient.connect(t.url, bystander.token);
    await t.app.realtime.disconnectUser(user.username, "Your account was disabled.");
    for (const { client } of [one, two]) {
      expect(header(await client.next(isError), "message")).toBe("Your account was disabled.");
      expect((await client.waitClosed()).code).toBe(1008);
    }
    expect(t.app.realtime.localSessionCount(user.username)).toBe(0);
    expect((await t.app.presence.getStatuses([user.username])).get(user.username)).toBe("OFFLINE");
    await other.client.request("SUBSCRIBE", { id: "s", destination: "/topic/user-status" });
    other.client.close();
  });

  it("drops a client that stops reading once too much is waiting for it", async () => {
    const slow = await startApp(
      { broker: "memory", session: { maxBufferedBytes: 256 * 1024 } },
      { database: t.database },
    );
    try {
      const user = await staffUser(slow);
      const { client } = await RawClient.connect(slow.url, user.token);
      await client.request("SUBSCRIBE", { id: "q", destination: "/user/queue/private" });
      client.socket.pause();
      const chunk = "y".repeat(16 * 1024);
      for (let i = 0; i < 1_500 && slow.app.realtime.localSessionCount(user.username) > 0; i++) {
        await slow.app.realtime.publishToUser(user.username, "/queue/private", { i, chunk });
        if (i % 50 === 0) await sleep(1);
      }
      expect(slow.app.realtime.localSessionCount(user.username)).toBe(0);
      client.socket.resume();
      expect((await client.waitClosed(10_000)).code).toBe(1006);
    } finally {
      await slow.close();
    }
  });
});
