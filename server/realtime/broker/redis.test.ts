// Redis specifics: one SUBSCRIBE per channel per instance, presence across instances, dead instances.
// Always runs: it needs a Redis at REDIS_URL (default redis://127.0.0.1:6379) and fails without one.
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteRedisKeys, REDIS_URL, uniquePrefix, waitFor, waitForAsync } from "../../../test/helpers/realtime.ts";
import { channels } from "./broker.ts";
import { RedisBroker, type RedisBrokerOptions } from "./redis.ts";

const prefix = uniquePrefix("redis-broker");
const timing = { heartbeatMs: 100, instanceTtlMs: 400, janitorMs: 150 };
const opened: RedisBroker[] = [];
let redis: Redis;

beforeAll(async () => {
  redis = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
});
afterAll(async () => {
  await Promise.all(opened.map((broker) => broker.close()));
  await redis?.quit();
  await deleteRedisKeys(prefix);
});

async function open(options: Partial<RedisBrokerOptions> = {}) {
  const broker = await RedisBroker.connect({
    url: REDIS_URL,
    keyPrefix: prefix,
    ...timing,
    reportError: (error) => {
      throw error;
    },
    ...options,
  });
  opened.push(broker);
  return broker;
}

const uniqueName = () => `user-${Math.random().toString(36).slice(2, 10)}`;

async function numsub(channel: string): Promise<number> {
  const [, count] = (await redis.pubsub("NUMSUB", `${prefix}channel:${channel}`)) as [string, number];
  return Number(count);
}

/** Collects `{username, status}` events for one user. */
function statusEvents(broker: RedisBroker, username: string) {
  const events: string[] = [];
  const subscription = broker.subscribe(channels.userStatus, (message) => {
    const event = message.payload as { username: string; status: string };
    if (event.username === username) events.push(event.status);
  });
  return { events, subscription };
}

describe("RedisBroker", () => {
  it("fails to connect to a Redis that is not there", async () => {
    await expect(
      RedisBroker.connect({ url: "redis://127.0.0.1:1", keyPrefix: prefix, connectTimeoutMs: 300 }),
    ).rejects.toThrow(/Could not connect to Redis/);
  });

  it("holds one Redis SUBSCRIBE per channel per instance, released with the last subscriber", async () => {
    const broker = await open();
    const channel = `group:${Date.now()}`;
    const handlers = [broker.subscribe(channel, () => {}), broker.subscribe(channel, () => {})];
    await Promise.all(handlers.map((handler) => handler.ready));
    expect(await numsub(channel)).toBe(1);
    handlers[0]!.unsubscribe();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await numsub(channel)).toBe(1);
    handlers[1]!.unsubscribe();
    await waitForAsync(async () => (await numsub(channel)) === 0, 2_000, "the UNSUBSCRIBE");
    // Subscribing again after the release works.
    const again = broker.subscribe(channel, () => {});
    await again.ready;
    expect(await numsub(channel)).toBe(1);
    again.unsubscribe();
  });

  it("delivers across instances", async () => {
    const a = await open();
    const b = await open();
    const received: unknown[] = [];
    const subscription = b.subscribe(channels.user("Alice"), (message) => received.push(message.payload));
    await subscription.ready;
    await a.publish(channels.user("alice"), { queue: "private", body: { text: "hi" } });
    await waitFor(() => received.length === 1, 2_000, "the message on instance B");
    expect(received).toEqual([{ queue: "private", body: { text: "hi" } }]);
    subscription.unsubscribe();
  });

  it("aggregates presence over instances: ONLINE if any is visible, ACTIVE if all are away, OFFLINE with none", async () => {
    const a = await open();
    const b = await open();
    const username = uniqueName();
    const { events, subscription } = statusEvents(b, username);
    await subscription.ready;
    const status = async () => (await b.getStatuses([username])).get(username);

    await a.setPresence(username, "ACTIVE");
    expect(await status()).toBe("ACTIVE");
    await b.setPresence(username, "ONLINE");
    expect(await status()).toBe("ONLINE");
    await b.setPresence(username, "ACTIVE");
    expect(await status()).toBe("ACTIVE");
    await a.setPresence(username, null);
    expect(await status()).toBe("ACTIVE");
    await b.setPresence(username, null);
    expect(await status()).toBe("OFFLINE");
    await waitFor(() => events.length === 4, 2_000, "four events");
    expect(events).toEqual(["ACTIVE", "ONLINE", "ACTIVE", "OFFLINE"]);
    expect(await redis.exists(`${prefix}presence:${username}`, `${prefix}status:${username}`)).toBe(0);
    expect(await redis.sismember(`${prefix}presence-users`, username)).toBe(0);
    subscription.unsubscribe();
  });

  it("withdraws a dead instance's users: OFFLINE after its liveness key expires and a sweep runs", async () => {
    const a = await open();
    const b = await open();
    const username = uniqueName();
    const { events, subscription } = statusEvents(b, username);
    await subscription.ready;
    await a.setPresence(username, "ONLINE");
    await waitFor(() => events.length === 1, 2_000, "ONLINE");
    const died = Date.now();
    a.destroy();
    await waitFor(() => events.length === 2, 3_000, "OFFLINE after the crash");
    const elapsed = Date.now() - died;
    expect(events).toEqual(["ONLINE", "OFFLINE"]);
    // Not before the key expired; not much later than expiry + one sweep.
    expect(elapsed).toBeGreaterThanOrEqual(timing.instanceTtlMs - timing.heartbeatMs - 50);
    expect(elapsed).toBeLessThan(timing.instanceTtlMs + 2 * timing.janitorMs + 500);
    expect((await b.getStatuses([username])).get(username)).toBe("OFFLINE");
    expect(await redis.sismember(`${prefix}instances`, a.instanceId)).toBe(0);
    subscription.unsubscribe();
  });

  it("says its users' presence again when it finds its liveness key gone (a pause, a Redis restart)", async () => {
    const a = await open();
    const username = uniqueName();
    await a.setPresence(username, "ACTIVE");
    // What another instance's sweep does after our key expired.
    await redis.del(
      `${prefix}instance:${a.instanceId}`,
      `${prefix}presence:${username}`,
      `${prefix}status:${username}`,
    );
    expect((await a.getStatuses([username])).get(username)).toBe("OFFLINE");
    await waitForAsync(
      async () => (await a.getStatuses([username])).get(username) === "ACTIVE",
      2_000,
      "presence re-asserted",
    );
    await a.setPresence(username, null);
  });

  it("withdraws its presence on a graceful close", async () => {
    const a = await open();
    const b = await open();
    const username = uniqueName();
    const { events, subscription } = statusEvents(b, username);
    await subscription.ready;
    await a.setPresence(username, "ONLINE");
    await a.close();
    await waitFor(() => events.length === 2, 2_000, "OFFLINE after close");
    expect(events).toEqual(["ONLINE", "OFFLINE"]);
    expect(await redis.exists(`${prefix}instance:${a.instanceId}`)).toBe(0);
    await expect(a.publish("x", 1)).rejects.toThrow(/closed/);
    subscription.unsubscribe();
  });
});
