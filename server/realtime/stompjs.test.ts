// The browser's client library (@stomp/stompjs) against the real server, on both brokers.
// The Redis variant always runs: it needs a Redis at REDIS_URL (default redis://127.0.0.1:6379).
import { Client } from "@stomp/stompjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createTestDatabase } from "../../test/helpers/database.ts";
import {
  deleteRedisKeys,
  REDIS_URL,
  type RealtimeTestApp,
  roomFeature,
  SUBPROTOCOLS,
  sendFeature,
  sleep,
  staffUser,
  startApp,
  stompClient,
  uniquePrefix,
  waitFor,
} from "../../test/helpers/realtime.ts";
import type { RealtimePluginOptions } from "../plugins/realtime.ts";
import { RealtimeRefusal } from "./types.ts";

const prefix = uniquePrefix("stompjs");
const brokers: [string, RealtimePluginOptions][] = [
  ["in-process", { broker: "memory" }],
  ["redis", { broker: "redis", redisUrl: REDIS_URL, redisKeyPrefix: prefix }],
];
// One database for the file's apps: opening one is the slow part of starting an app.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
  await deleteRedisKeys(prefix);
});

describe.each(brokers)("stompjs client, %s broker", (_name, realtime) => {
  let t: RealtimeTestApp;
  /** A stand-in handler (the chat module has the real ones): store, then deliver to both parties. */
  const stored: { from: string; to: string; text: string }[] = [];

  beforeAll(async () => {
    t = await startApp({ ...realtime, session: { heartBeatMs: 10_000 } }, { database });
    t.app.realtime.register(
      sendFeature("/app/test.echo", async ({ user, body }) => {
        const { to, text } = body as { to: string; text: string };
        if (typeof to !== "string" || typeof text !== "string") throw new RealtimeRefusal("Invalid message.");
        await sleep(30);
        const message = { from: user.username, to, text };
        stored.push(message);
        await t.app.realtime.publishToUser(to, "/queue/private", message);
        await t.app.realtime.publishToUser(user.username, "/queue/private", message);
      }),
    );
    t.app.realtime.register(roomFeature((_user, room) => room === 3));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("connects with Authorization and username, subscribes, and receives its queue, groups and presence", async () => {
    const alice = await staffUser(t);
    const client = await stompClient(t.url, alice);
    const privateQueue = await client.subscribe(`/user/${alice.username}/queue/private`);
    const group = await client.subscribe("/topic/room/3");
    const status = await client.subscribe("/topic/user-status");

    await t.app.realtime.publishToUser(alice.username, "/queue/private", { id: 1, content: "hello" });
    await t.app.realtime.publishToTopic("/topic/room/3", { id: 2, groupId: 3 });
    await waitFor(() => privateQueue.messages.length === 1 && group.messages.length === 1, 5_000, "deliveries");
    expect(privateQueue.json()).toEqual([{ id: 1, content: "hello" }]);
    expect(group.json()).toEqual([{ id: 2, groupId: 3 }]);
    expect(privateQueue.messages[0]!.headers.destination).toBe(`/user/${alice.username}/queue/private`);
    expect(privateQueue.messages[0]!.headers["content-type"]).toBe("application/json");

    const bob = await staffUser(t);
    const bobClient = await stompClient(t.url, bob);
    await waitFor(
      () =>
        status
          .json()
          .some((event) => JSON.stringify(event) === JSON.stringify({ username: bob.username, status: "ONLINE" })),
      5_000,
      "bob ONLINE",
    );
    await bobClient.close();
    await client.close();
  });

  it("sends with a receipt that arrives once the handler stored the message; both parties receive it", async () => {
    const alice = await staffUser(t);
    const bob = await staffUser(t);
    const aliceClient = await stompClient(t.url, alice);
    const bobClient = await stompClient(t.url, bob);
    const aliceQueue = await aliceClient.subscribe(`/user/${alice.username}/queue/private`);
    const bobQueue = await bobClient.subscribe(`/user/${bob.username}/queue/private`);
    const errors = await aliceClient.subscribe(`/user/${alice.username}/queue/errors`);

    await aliceClient.send("/app/test.echo", { to: bob.username, text: "Hi Bob" });
    expect(stored).toContainEqual({ from: alice.username, to: bob.username, text: "Hi Bob" });
    const expected = { from: alice.username, to: bob.username, text: "Hi Bob" };
    await waitFor(() => aliceQueue.messages.length === 1 && bobQueue.messages.length === 1, 5_000, "both copies");
    expect(aliceQueue.json()).toEqual([expected]);
    expect(bobQueue.json()).toEqual([expected]);

    expect(await aliceClient.send("/app/test.echo", { to: 42 })).toBe("refused");
    expect(errors.json()).toMatchObject([
      { code: "INVALID", message: "Invalid message.", destination: "/app/test.echo" },
    ]);
    expect(aliceClient.client.connected).toBe(true);
    await aliceClient.close();
    await bobClient.close();
  });

  it("deactivate() sends DISCONNECT, gets its RECEIPT, and the server lets the session go", async () => {
    const alice = await staffUser(t);
    const client = await stompClient(t.url, alice);
    expect(t.app.realtime.localSessionCount(alice.username)).toBe(1);
    // Who is connected here is known by id, whatever the case of the name asked for.
    expect(t.app.realtime.connectedUser(alice.username.toUpperCase())).toMatchObject({
      id: alice.id,
      username: alice.username,
    });
    let disconnectReceipt = false;
    client.client.onDisconnect = () => {
      disconnectReceipt = true;
    };
    await client.close();
    expect(disconnectReceipt).toBe(true);
    await waitFor(() => t.app.realtime.localSessionCount(alice.username) === 0, 2_000, "the session to end");
    expect(t.app.realtime.connectedUser(alice.username)).toBeUndefined();
  });

  it("reports a bad token through onStompError and the socket closes", async () => {
    const errors: string[] = [];
    let closed = false;
    const client = new Client({
      webSocketFactory: () => new WebSocket(t.url, SUBPROTOCOLS),
      connectHeaders: { Authorization: "Bearer nope", username: "nobody" },
      reconnectDelay: 0,
      debug: () => {},
      onStompError: (frame) => errors.push(frame.headers.message ?? ""),
      onWebSocketClose: () => {
        closed = true;
      },
    });
    client.activate();
    await waitFor(() => closed, 5_000, "the close");
    expect(errors).toEqual(["Your session has ended. Please log in again."]);
    await client.deactivate();
  });
});

describe("stompjs heart-beats", () => {
  let t: RealtimeTestApp;
  beforeAll(async () => {
    t = await startApp({ broker: "memory", session: { heartBeatMs: 100 } }, { database });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("keeps an idle connection alive both ways with short heart-beats", async () => {
    const alice = await staffUser(t);
    const client = await stompClient(t.url, alice, { heartbeatMs: 100 });
    let received = 0;
    client.client.onHeartbeatReceived = () => {
      received++;
    };
    await sleep(1_000);
    expect(client.socketClosed).toBe(false);
    expect(client.client.connected).toBe(true);
    expect(received).toBeGreaterThanOrEqual(5);
    expect(t.app.realtime.localSessionCount(alice.username)).toBe(1);
    await client.close();
  });
});
