// Two server instances on one database and one Redis act as one (DESIGN §2).
// Always runs: it needs a Redis at REDIS_URL (default redis://127.0.0.1:6379) and fails without one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/helpers/database.ts";
import {
  bodyJson,
  deleteRedisKeys,
  RawClient,
  REDIS_URL,
  type RealtimeTestApp,
  roomFeature,
  staffUser,
  startApp,
  stompClient,
  uniquePrefix,
  waitFor,
  waitForAsync,
} from "../../test/helpers/realtime.ts";
import type { RealtimePluginOptions } from "../plugins/realtime.ts";
import type { RedisBroker } from "./broker/redis.ts";
import { header } from "./stomp/frame.ts";

const prefix = uniquePrefix("multi-instance");
/** Short presence upkeep: a dead instance's users go OFFLINE within about a second, not 25 s. */
const presence = { heartbeatMs: 100, instanceTtlMs: 500, janitorMs: 200 };
const realtime: RealtimePluginOptions = { broker: "redis", redisUrl: REDIS_URL, redisKeyPrefix: prefix, presence };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let a: RealtimeTestApp;
let b: RealtimeTestApp;
let observer: RawClient;

beforeAll(async () => {
  database = await createTestDatabase();
  a = await startApp(realtime, { database });
  b = await startApp(realtime, { database });
  for (const app of [a, b]) {
    app.app.realtime.register(roomFeature((_user, room) => room === 5));
  }
  const watcher = await staffUser(b);
  observer = (await RawClient.connect(b.url, watcher.token)).client;
  await observer.request("SUBSCRIBE", { id: "status", destination: "/topic/user-status" });
});
afterAll(async () => {
  observer?.close();
  await a?.close();
  await b?.close();
  await database?.close();
  await deleteRedisKeys(prefix);
});

/** Statuses of one user as seen by the observer connected to instance B. */
const seenOnB = (username: string) =>
  observer.frames
    .filter((frame) => frame.command === "MESSAGE" && header(frame, "subscription") === "status")
    .map((frame) => bodyJson(frame) as { username: string; status: string })
    .filter((event) => event.username === username)
    .map((event) => event.status);

describe("two instances sharing Redis", () => {
  it("delivers publishToUser on A to a stompjs client on B, and group messages both ways", async () => {
    const alice = await staffUser(a);
    const onB = await stompClient(b.url, alice);
    const onA = await stompClient(a.url, alice);
    const queueB = await onB.subscribe(`/user/${alice.username}/queue/private`);
    const queueA = await onA.subscribe("/user/queue/private");
    const groupA = await onA.subscribe("/topic/room/5");

    await a.app.realtime.publishToUser(alice.username, "/queue/private", { id: 1, text: "from A" });
    await b.app.realtime.publishToTopic("/topic/room/5", { id: 2, text: "group, from B" });
    await waitFor(() => queueB.messages.length === 1 && queueA.messages.length === 1, 5_000, "both tabs");
    expect(queueB.json()).toEqual([{ id: 1, text: "from A" }]);
    expect(queueA.json()).toEqual([{ id: 1, text: "from A" }]);
    await waitFor(() => groupA.messages.length === 1, 5_000, "the group message on A");
    expect(groupA.json()).toEqual([{ id: 2, text: "group, from B" }]);
    await onA.close();
    await onB.close();
  });

  it("shows one presence across instances: OFFLINE only when the last session anywhere ends", async () => {
    const bob = await staffUser(a);
    const tabA = (await RawClient.connect(a.url, bob.token)).client;
    await waitFor(() => seenOnB(bob.username).length === 1, 3_000, "ONLINE");
    const tabB = (await RawClient.connect(b.url, bob.token)).client;
    await tabB.request("SEND", { destination: "/app/presence" }, '{"status":"ACTIVE"}');
    tabA.close();
    await waitFor(() => seenOnB(bob.username).length === 2, 3_000, "ACTIVE");
    expect((await a.app.presence.getStatuses([bob.username])).get(bob.username)).toBe("ACTIVE");
    tabB.close();
    await waitFor(() => seenOnB(bob.username).length === 3, 3_000, "OFFLINE");
    expect(seenOnB(bob.username)).toEqual(["ONLINE", "ACTIVE", "OFFLINE"]);
  });

  it("disconnectUser on one instance ends the user's sessions on the other", async () => {
    const carol = await staffUser(a);
    const { client } = await RawClient.connect(b.url, carol.token);
    await a.app.realtime.disconnectUser(carol.username, "Your password was changed.");
    const error = await client.next((frame) => frame.command === "ERROR");
    expect(header(error, "message")).toBe("Your password was changed.");
    await client.waitClosed();
    await waitFor(() => b.app.realtime.localSessionCount(carol.username) === 0, 2_000, "the session to end");
  });

  it("an instance that stops closes its sockets with 1001 and its users go OFFLINE at once", async () => {
    const leaving = await startApp(realtime, { database });
    const erin = await staffUser(leaving);
    const { client } = await RawClient.connect(leaving.url, erin.token);
    await waitFor(() => seenOnB(erin.username).length === 1, 3_000, "ONLINE");
    await leaving.close();
    expect((await client.waitClosed()).code).toBe(1001);
    await waitFor(() => seenOnB(erin.username).length === 2, 1_000, "OFFLINE right after the stop");
    expect(seenOnB(erin.username)).toEqual(["ONLINE", "OFFLINE"]);
  });

  it("marks the users of an instance that dies OFFLINE on the survivors", async () => {
    const doomed = await startApp(realtime, { database });
    try {
      const dave = await staffUser(doomed);
      const { client } = await RawClient.connect(doomed.url, dave.token);
      await waitFor(() => seenOnB(dave.username).length === 1, 3_000, "ONLINE");
      // A crash: its Redis connections drop and its heartbeat stops, with no goodbye.
      const died = Date.now();
      (doomed.app.realtime.broker as RedisBroker).destroy();
      await waitFor(() => seenOnB(dave.username).length === 2, 10_000, "OFFLINE after the crash");
      expect(seenOnB(dave.username)).toEqual(["ONLINE", "OFFLINE"]);
      expect(Date.now() - died).toBeLessThan(presence.instanceTtlMs + 2 * presence.janitorMs + 1_000);
      await waitForAsync(
        async () => (await b.app.presence.getStatuses([dave.username])).get(dave.username) === "OFFLINE",
        2_000,
        "OFFLINE status",
      );
      client.close();
    } finally {
      await doomed.close();
    }
  });
});
