// Presence over real connections (SPEC §4, DESIGN §7), on both brokers.
// The Redis variant always runs: it needs a Redis at REDIS_URL (default redis://127.0.0.1:6379).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/helpers/database.ts";
import {
  bodyJson,
  deleteRedisKeys,
  RawClient,
  REDIS_URL,
  type RealtimeTestApp,
  sleep,
  staffUser,
  startApp,
  uniquePrefix,
  waitFor,
} from "../../../test/helpers/realtime.ts";
import type { RealtimePluginOptions } from "../../plugins/realtime.ts";
import { header } from "../../realtime/stomp/frame.ts";

const prefix = uniquePrefix("presence");
const brokers: [string, RealtimePluginOptions][] = [
  ["in-process", { broker: "memory" }],
  ["redis", { broker: "redis", redisUrl: REDIS_URL, redisKeyPrefix: prefix }],
];
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
  await deleteRedisKeys(prefix);
});

describe.each(brokers)("presence, %s broker", (_name, realtime) => {
  let t: RealtimeTestApp;
  let observer: RawClient;
  beforeAll(async () => {
    t = await startApp(realtime, { database });
    const watcher = await staffUser(t);
    observer = (await RawClient.connect(t.url, watcher.token)).client;
    await observer.request("SUBSCRIBE", { id: "status", destination: "/topic/user-status" });
  });
  afterAll(async () => {
    observer?.close();
    await t?.close();
  });

  /** The statuses the observer has seen for one user, in order. */
  const seen = (username: string) =>
    observer.frames
      .filter((frame) => frame.command === "MESSAGE" && header(frame, "subscription") === "status")
      .map((frame) => bodyJson(frame) as { username: string; status: string })
      .filter((event) => event.username === username)
      .map((event) => event.status);
  const status = async (username: string) => (await t.app.presence.getStatuses([username])).get(username);

  it("is ONLINE on connect, ACTIVE when the page reports hidden, ONLINE again, OFFLINE on close", async () => {
    const user = await staffUser(t);
    expect(await status(user.username)).toBe("OFFLINE");
    const { client } = await RawClient.connect(t.url, user.token);
    await waitFor(() => seen(user.username).length === 1, 3_000, "ONLINE");
    expect(await status(user.username)).toBe("ONLINE");

    await client.request("SEND", { destination: "/app/presence" }, '{"status":"ACTIVE"}');
    await waitFor(() => seen(user.username).length === 2, 3_000, "ACTIVE");
    expect(await status(user.username)).toBe("ACTIVE");
    await client.request("SEND", { destination: "/app/presence" }, '{"status":"ONLINE"}');
    await waitFor(() => seen(user.username).length === 3, 3_000, "ONLINE again");

    client.close();
    await waitFor(() => seen(user.username).length === 4, 3_000, "OFFLINE");
    expect(seen(user.username)).toEqual(["ONLINE", "ACTIVE", "ONLINE", "OFFLINE"]);
    expect(await status(user.username)).toBe("OFFLINE");
  });

  it("with two tabs: ONLINE while either is visible, ACTIVE when both are away, OFFLINE only when the last closes", async () => {
    const user = await staffUser(t);
    const one = (await RawClient.connect(t.url, user.token)).client;
    await waitFor(() => seen(user.username).length === 1, 3_000, "ONLINE");
    const two = (await RawClient.connect(t.url, user.token)).client;
    await one.request("SEND", { destination: "/app/presence" }, '{"status":"ACTIVE"}');
    await sleep(100);
    expect(seen(user.username)).toEqual(["ONLINE"]);
    await two.request("SEND", { destination: "/app/presence" }, '{"status":"ACTIVE"}');
    await waitFor(() => seen(user.username).length === 2, 3_000, "ACTIVE");

    one.close();
    await one.waitClosed();
    await sleep(100);
    expect(seen(user.username)).toEqual(["ONLINE", "ACTIVE"]);
    expect(await status(user.username)).toBe("ACTIVE");
    two.close();
    await waitFor(() => seen(user.username).length === 3, 3_000, "OFFLINE");
    expect(seen(user.username)).toEqual(["ONLINE", "ACTIVE", "OFFLINE"]);
  });

  it("refuses a presence report that is not ONLINE or ACTIVE, on the errors queue", async () => {
    const user = await staffUser(t);
    const { client } = await RawClient.connect(t.url, user.token);
    await client.request("SUBSCRIBE", { id: "e", destination: "/user/queue/errors" });
    expect(await client.request("SEND", { destination: "/app/presence" }, '{"status":"OFFLINE"}')).toBe("refused");
    const refusal = await client.next((frame) => frame.command === "MESSAGE");
    expect(bodyJson(refusal)).toMatchObject({
      code: "INVALID",
      message: 'Presence must be {"status":"ONLINE"} or {"status":"ACTIVE"}.',
      destination: "/app/presence",
    });
    expect(await status(user.username)).toBe("ONLINE");
    client.close();
  });
});
