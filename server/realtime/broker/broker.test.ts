// The contract both brokers keep. The Redis variant always runs: it needs a Redis at REDIS_URL (default localhost).
import { afterAll, describe, expect, it } from "vitest";
import { deleteRedisKeys, REDIS_URL, uniquePrefix, waitFor } from "../../../test/helpers/realtime.ts";
import { type Broker, type BrokerMessage, channels } from "./broker.ts";
import { InProcessBroker } from "./memory.ts";
import { RedisBroker } from "./redis.ts";

const prefix = uniquePrefix("broker-contract");
const opened: Broker[] = [];
afterAll(async () => {
  await Promise.all(opened.map((broker) => broker.close()));
  await deleteRedisKeys(prefix);
});

const fail = (error: unknown) => {
  throw error;
};

const factories: [string, () => Promise<Broker>][] = [
  ["in-process", async () => new InProcessBroker(fail)],
  ["redis", () => RedisBroker.connect({ url: REDIS_URL, keyPrefix: prefix, reportError: fail })],
];

describe.each(factories)("%s broker", (_name, create) => {
  const open = async () => {
    const broker = await create();
    opened.push(broker);
    return broker;
  };

  it("delivers a published payload to every subscriber of the channel, and only to them", async () => {
    const broker = await open();
    const received: BrokerMessage[] = [];
    const other: BrokerMessage[] = [];
    const a = broker.subscribe("group:1", (message) => received.push(message));
    const b = broker.subscribe("group:1", (message) => received.push(message));
    const c = broker.subscribe("group:2", (message) => other.push(message));
    await Promise.all([a.ready, b.ready, c.ready]);
    await broker.publish("group:1", { text: "hi", n: 1 });
    await waitFor(() => received.length === 2, 2_000, "two deliveries");
    expect(received[0]).toMatchObject({ channel: "group:1", payload: { text: "hi", n: 1 } });
    expect(JSON.parse(received[0]!.json)).toEqual({ text: "hi", n: 1 });
    expect(other).toEqual([]);

    a.unsubscribe();
    a.unsubscribe();
    await broker.publish("group:1", "second");
    await waitFor(() => received.length === 3, 2_000, "one more delivery");
    b.unsubscribe();
    c.unsubscribe();
    await broker.publish("group:1", "third");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received.map((message) => message.payload)).toEqual([{ text: "hi", n: 1 }, { text: "hi", n: 1 }, "second"]);
  });

  it("publishes a user's status change once, and answers statuses (OFFLINE when unknown)", async () => {
    const broker = await open();
    const username = `u${Math.random().toString(36).slice(2, 8)}`;
    const events: unknown[] = [];
    const subscription = broker.subscribe(channels.userStatus, (message) => {
      const event = message.payload as { username: string };
      if (event.username === username) events.push(event);
    });
    await subscription.ready;
    await broker.setPresence(username, "ONLINE");
    await broker.setPresence(username, "ONLINE");
    expect(Object.fromEntries(await broker.getStatuses([username, "nobody-at-all"]))).toEqual({
      [username]: "ONLINE",
      "nobody-at-all": "OFFLINE",
    });
    await broker.setPresence(username, "ACTIVE");
    await broker.setPresence(username, null);
    await waitFor(() => events.length === 3, 2_000, "three status events");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(events).toEqual([
      { username, status: "ONLINE" },
      { username, status: "ACTIVE" },
      { username, status: "OFFLINE" },
    ]);
    expect((await broker.getStatuses([username])).get(username)).toBe("OFFLINE");
    expect(await broker.getStatuses([])).toEqual(new Map());
    subscription.unsubscribe();
  });
});
