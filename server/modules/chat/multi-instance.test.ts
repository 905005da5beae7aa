// The chat on two instances sharing one database and one Redis (issue: scale-out): a message sent
// on A reaches its recipient on B, group topics and presence span both, revocations too.
// Always runs: it needs a Redis at REDIS_URL (default redis://127.0.0.1:6379) and fails without one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatUser, chatDestinations, chatPaths } from "../../../shared/chat.ts";
import { createTestDatabase } from "../../../test/helpers/database.ts";
import { adminToken, authHeader, employeeSession } from "../../../test/helpers/factories.ts";
import {
  deleteRedisKeys,
  REDIS_URL,
  type RealtimeTestApp,
  type StompTestClient,
  sleep,
  startApp,
  stompClient,
  uniquePrefix,
  waitFor,
} from "../../../test/helpers/realtime.ts";
import type { RealtimePluginOptions } from "../../plugins/realtime.ts";

const prefix = uniquePrefix("chat-multi");
const realtime: RealtimePluginOptions = {
  broker: "redis",
  redisUrl: REDIS_URL,
  redisKeyPrefix: prefix,
  presence: { heartbeatMs: 100, instanceTtlMs: 500, janitorMs: 200 },
};

const database = await createTestDatabase();
let a: RealtimeTestApp;
let b: RealtimeTestApp;
const clients: StompTestClient[] = [];

beforeAll(async () => {
  a = await startApp(realtime, { database });
  b = await startApp(realtime, { database });
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await a?.close();
  await b?.close();
  await database.close();
  await deleteRedisKeys(prefix);
});

async function person(on: RealtimeTestApp) {
  const { employee, token } = await employeeSession(on);
  return { username: employee.username, token };
}

async function connect(on: RealtimeTestApp, who: { username: string; token: string }) {
  const client = await stompClient(on.url, who);
  clients.push(client);
  return client;
}

describe("chat across two instances", () => {
  it("a private message sent on A reaches the recipient connected to B, and the sender's echo on A", async () => {
    const [alice, bob] = [await person(a), await person(a)];
    const bobOnB = await connect(b, bob);
    const bobQueue = await bobOnB.subscribe(chatDestinations.privateQueue(bob.username));
    const aliceOnA = await connect(a, alice);
    const aliceQueue = await aliceOnA.subscribe(chatDestinations.privateQueue(alice.username));
    await aliceOnA.send(chatDestinations.sendPrivate, { recipient: bob.username, content: "Across instances" });
    await waitFor(() => bobQueue.messages.length === 1 && aliceQueue.messages.length === 1, 5_000, "both deliveries");
    expect(bobQueue.json()[0]).toMatchObject({ sender: alice.username, content: "Across instances" });
    // Stored once, readable from either instance.
    const history = await b.app.inject({
      method: "GET",
      url: chatPaths.privateHistory(alice.username, bob.username, 0),
      headers: authHeader(bob.token),
    });
    expect(history.json().totalElements).toBe(1);
  });

  it("a group message sent on B reaches members on A; presence from B shows on A", async () => {
    const [carol, dave] = [await person(a), await person(a)];
    const admin = await adminToken(a);
    const group = (
      await a.app.inject({
        method: "POST",
        url: chatPaths.createGroup,
        headers: authHeader(admin),
        payload: { name: "Two instances", members: [carol.username, dave.username] },
      })
    ).json();
    const carolOnA = await connect(a, carol);
    const topic = await carolOnA.subscribe(chatDestinations.group(group.id));
    const daveOnB = await connect(b, dave);
    await daveOnB.send(chatDestinations.sendGroup, { groupId: group.id, content: "From B" });
    await waitFor(() => topic.messages.length === 1, 5_000, "the group message on A");

    const users = (
      await a.app.inject({ method: "GET", url: chatPaths.users, headers: authHeader(carol.token) })
    ).json() as ChatUser[];
    expect(users.find((user) => user.username === dave.username)?.status).toBe("ONLINE");

    // A member removed through A stops receiving on B at once.
    const daveTopic = await daveOnB.subscribe(chatDestinations.group(group.id));
    const daveErrors = await daveOnB.subscribe(chatDestinations.errorsQueue);
    await a.app.inject({
      method: "PUT",
      url: chatPaths.groupMembers(group.id),
      headers: authHeader(admin),
      payload: { members: [carol.username] },
    });
    await waitFor(() => daveErrors.messages.length === 1, 5_000, "the revocation on B");
    await carolOnA.send(chatDestinations.sendGroup, { groupId: group.id, content: "Dave is gone" });
    await waitFor(() => topic.messages.length === 2, 5_000, "the second message on A");
    await sleep(200);
    expect(daveTopic.messages).toHaveLength(0);
  });
});
