/**
 * Private chat end to end with real clients on a real port: @stomp/stompjs over ws sends, the
 * server stamps, stores and delivers; the REST side lists users, unread state and history.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatMessage, chatDestinations, chatPaths } from "../../../shared/chat.ts";
import { createTestDatabase } from "../../../test/helpers/database.ts";
import { adminToken, authHeader, createEmployee, employeeSession } from "../../../test/helpers/factories.ts";
import {
  bodyJson,
  RawClient as Raw,
  type RawClient,
  type RealtimeTestApp,
  type StompTestClient,
  startApp,
  stompClient,
  uniquePrefix,
  waitFor,
} from "../../../test/helpers/realtime.ts";
import { chatRefusals } from "./service.ts";

const database = await createTestDatabase();
let t: RealtimeTestApp;

interface Person {
  username: string;
  token: string;
}
const people: Record<"alice" | "bob" | "carol", Person> = {} as never;
const clients: StompTestClient[] = [];

async function connect(person: Person) {
  const client = await stompClient(t.url, person);
  clients.push(client);
  const queue = await client.subscribe(chatDestinations.privateQueue(person.username));
  const errors = await client.subscribe(chatDestinations.errorsQueue);
  return { client, queue, errors };
}

const get = (url: string, person: Person) => t.app.inject({ method: "GET", url, headers: authHeader(person.token) });
const post = (url: string, person: Person) => t.app.inject({ method: "POST", url, headers: authHeader(person.token) });

beforeAll(async () => {
  // Paging needs more messages from one sender than the rate limit allows in 10 s (rate-limit.test.ts covers it).
  t = await startApp(
    { redisKeyPrefix: uniquePrefix("chat-messages") },
    { database, chat: { rateLimit: { messages: 1_000 } } },
  );
  for (const name of ["alice", "bob", "carol"] as const) {
    const { employee, token } = await employeeSession(t, { name: `${name[0]!.toUpperCase()}${name.slice(1)} Test` });
    people[name] = { username: employee.username, token };
  }
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await t?.close();
  await database.close();
});

describe("private messages over STOMP", () => {
  it("are stamped by the server, stored, then delivered to both sides", async () => {
    const alice = await connect(people.alice);
    const bob = await connect(people.bob);
    const before = Date.now();
    // The body's sender, id, timestamp and type are the client's words: all ignored.
    await alice.client.send(chatDestinations.sendPrivate, {
      recipient: people.bob.username,
      content: "  Hi Bob, the GA drawings are ready.  ",
      sender: people.carol.username,
      id: 987_654,
      timestamp: "2000-01-01T00:00:00.000Z",
      type: "GROUP_MESSAGE",
    });
    // The RECEIPT means stored: history has it before any delivery is awaited.
    const history = (
      await get(chatPaths.privateHistory(people.alice.username, people.bob.username, 0), people.alice)
    ).json();
    expect(history.content).toHaveLength(1);
    const stored = history.content[0] as ChatMessage;
    expect(stored).toMatchObject({
      type: "PRIVATE_MESSAGE",
      sender: people.alice.username,
      recipient: people.bob.username,
      groupId: null,
      content: "Hi Bob, the GA drawings are ready.",
      fileUrl: null,
    });
    expect(stored.id).not.toBe(987_654);
    expect(Date.parse(stored.timestamp)).toBeGreaterThanOrEqual(before - 1000);

    await waitFor(() => bob.queue.messages.length === 1 && alice.queue.messages.length === 1, 5_000, "both deliveries");
    expect(bob.queue.json()).toEqual([stored]);
    expect(alice.queue.json()).toEqual([stored]);
    expect(alice.errors.messages).toHaveLength(0);
  });

  it("refuses empty, oversized, self-addressed and unknown-recipient messages: told on the errors queue, nothing stored, still connected", async () => {
    const alice = await connect(people.alice);
    const count = async () =>
      (await get(chatPaths.privateHistory(people.alice.username, people.carol.username, 0), people.alice)).json()
        .totalElements;
    const before = await count();
    await alice.client.send(chatDestinations.sendPrivate, { recipient: people.carol.username, content: "   " });
    await alice.client.send(chatDestinations.sendPrivate, {
      recipient: people.carol.username,
      content: "x".repeat(10_001),
    });
    await alice.client.send(chatDestinations.sendPrivate, { recipient: people.alice.username, content: "me" });
    await alice.client.send(chatDestinations.sendPrivate, { recipient: "nobody.here", content: "hello?" });
    await alice.client.send(chatDestinations.sendPrivate, { content: "to whom?" });
    await waitFor(() => alice.errors.messages.length === 5, 5_000, "five refusals");
    const messages = alice.errors.json().map((error) => (error as { message: string }).message);
    expect(messages[0]).toBe(chatRefusals.empty);
    expect(messages[1]).toMatch(/content.*At most 10000 characters/);
    expect(messages[2]).toBe(chatRefusals.toSelf);
    expect(messages[3]).toBe(chatRefusals.noRecipient);
    expect(messages[4]).toMatch(/recipient/);
    expect(await count()).toBe(before);
    expect(alice.client.socketClosed).toBe(false);
    expect(alice.client.client.connected).toBe(true);
  });

  it("reach a disabled account never (it is not a recipient any more)", async () => {
    const gone = await createEmployee(t, { status: "disabled" });
    const alice = await connect(people.alice);
    expect(
      await alice.client.send(chatDestinations.sendPrivate, { recipient: gone.username, content: "Still there?" }),
    ).toBe("refused");
    await waitFor(() => alice.errors.messages.length === 1, 5_000, "the refusal");
    expect(alice.errors.json()).toMatchObject([
      { message: chatRefusals.noRecipient, destination: chatDestinations.sendPrivate },
    ]);
  });

  it("stop reaching an account disabled while it is connected and being written to", async () => {
    const { employee: dan, token } = await employeeSession(t);
    const danClient = await connect({ username: dan.username, token });
    const alice = await connect(people.alice);
    await alice.client.send(chatDestinations.sendPrivate, { recipient: dan.username, content: "Before" });
    await waitFor(() => danClient.queue.messages.length === 1, 5_000, "the first message");

    const admin = await adminToken(t);
    const disabled = await t.app.inject({
      method: "PUT",
      url: `/api/admin/employees/${dan.id}`,
      headers: authHeader(admin),
      payload: {
        name: dan.name,
        email: dan.email,
        role: dan.jobRole,
        username: dan.username,
        performance: dan.performance,
        projects: dan.projects,
        status: "disabled",
      },
    });
    expect(disabled.statusCode).toBe(200);
    await waitFor(() => danClient.client.socketClosed, 5_000, "the disabled account's session to end");

    expect(await alice.client.send(chatDestinations.sendPrivate, { recipient: dan.username, content: "After" })).toBe(
      "refused",
    );
    await waitFor(() => alice.errors.messages.length === 1, 5_000, "the refusal");
    expect(alice.errors.json()).toMatchObject([
      { message: chatRefusals.noRecipient, destination: chatDestinations.sendPrivate },
    ]);
    const history = await get(chatPaths.privateHistory(people.alice.username, dan.username, 0), people.alice);
    expect(history.json().content.map((message: ChatMessage) => message.content)).toEqual(["Before"]);
  });

  it("cannot be eavesdropped: subscribing to another user's queue is refused", async () => {
    const { client } = await Raw.connect(t.url, people.carol.token);
    client.sendFrame("SUBSCRIBE", { id: "errors", destination: chatDestinations.errorsQueue, receipt: "e" });
    await client.next((frame) => frame.command === "RECEIPT");
    client.sendFrame("SUBSCRIBE", { id: "spy", destination: chatDestinations.privateQueue(people.bob.username) });
    const refusal = await client.next((frame) => frame.command === "MESSAGE");
    expect(bodyJson(refusal)).toMatchObject({ message: expect.stringMatching(/another user/i) });
    // A message to Bob does not reach Carol.
    const alice = await connect(people.alice);
    await alice.client.send(chatDestinations.sendPrivate, { recipient: people.bob.username, content: "private" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(client.frames.filter((frame: RawClient["frames"][number]) => frame.command === "MESSAGE")).toHaveLength(1);
    client.close();
  });
});

describe("chat REST", () => {
  it("GET /users lists the others with their presence, never oneself nor disabled accounts", async () => {
    const disabled = await createEmployee(t, { status: "disabled" });
    await connect(people.bob);
    const response = await get(chatPaths.users, people.alice);
    expect(response.statusCode).toBe(200);
    const users = response.json() as { username: string; status: string; role: string; name: string }[];
    const names = users.map((user) => user.username);
    expect(names).not.toContain(people.alice.username);
    expect(names).not.toContain(disabled.username);
    expect(names).toEqual(expect.arrayContaining([people.bob.username, people.carol.username, "admin"]));
    expect(users.find((user) => user.username === people.bob.username)).toMatchObject({
      status: "ONLINE",
      role: "employee",
      name: "Bob Test",
    });
    expect(users.find((user) => user.username === "admin")).toMatchObject({ role: "admin" });
    expect((await t.app.inject({ method: "GET", url: chatPaths.users })).statusCode).toBe(401);
  });

  it("keeps unread state per reader: listed, marked one by one or per conversation, only one's own", async () => {
    const dave = await employeeSession(t);
    const erin = await employeeSession(t);
    const d = { username: dave.employee.username, token: dave.token };
    const e = { username: erin.employee.username, token: erin.token };
    const client = (await connect(d)).client;
    for (const text of ["one", "two", "three"]) {
      await client.send(chatDestinations.sendPrivate, { recipient: e.username, content: text });
    }
    const unread = (await get(chatPaths.unread(e.username), e)).json() as { id: number }[];
    expect(unread).toHaveLength(3);
    expect(unread[0]).toMatchObject({
      type: "PRIVATE_MESSAGE",
      sender: d.username,
      recipient: e.username,
      group: null,
    });
    // The sender has nothing unread; nobody reads another's unread list or marks for them.
    expect((await get(chatPaths.unread(d.username), d)).json()).toEqual([]);
    expect((await get(chatPaths.unread(e.username), d)).statusCode).toBe(403);
    expect((await post(chatPaths.readMessage(unread[0]!.id, e.username), d)).statusCode).toBe(403);
    expect((await post(chatPaths.markPrivateRead(d.username, e.username), d)).statusCode).toBe(403);
    expect((await post(chatPaths.readMessage(999_999_999, e.username), e)).statusCode).toBe(404);

    expect((await post(chatPaths.readMessage(unread[0]!.id, e.username), e)).statusCode).toBe(204);
    expect((await get(chatPaths.unread(e.username), e)).json()).toHaveLength(2);
    const marked = await post(chatPaths.markPrivateRead(d.username, e.username), e);
    expect(marked.json()).toEqual({ marked: 2 });
    expect((await get(chatPaths.unread(e.username), e)).json()).toEqual([]);
  });

  it("pages history 20 at a time, page 0 newest and ascending inside, to its two participants only", async () => {
    const frank = await employeeSession(t);
    const grace = await employeeSession(t);
    const f = { username: frank.employee.username, token: frank.token };
    const g = { username: grace.employee.username, token: grace.token };
    const client = (await connect(f)).client;
    for (let i = 1; i <= 45; i++) {
      await client.send(chatDestinations.sendPrivate, { recipient: g.username, content: `message ${i}` });
    }
    const page = async (n: number) => (await get(chatPaths.privateHistory(g.username, f.username, n), g)).json();
    const [p0, p1, p2, p3] = [await page(0), await page(1), await page(2), await page(3)];
    const texts = (p: { content: ChatMessage[] }) => p.content.map((message) => message.content);
    expect(texts(p0)).toEqual(Array.from({ length: 20 }, (_, i) => `message ${26 + i}`));
    expect(p0).toMatchObject({ page: 0, size: 20, totalElements: 45, last: false });
    expect(texts(p1)[0]).toBe("message 6");
    expect(texts(p2)).toEqual(["message 1", "message 2", "message 3", "message 4", "message 5"]);
    expect(p2.last).toBe(true);
    expect(p3.content).toEqual([]);

    // Strangers, admins included, are refused; bad paging is a 400.
    expect((await get(chatPaths.privateHistory(f.username, g.username, 0), people.carol)).statusCode).toBe(403);
    const admin = { username: "admin", token: await adminToken(t) };
    expect((await get(chatPaths.privateHistory(f.username, g.username, 0), admin)).statusCode).toBe(403);
    expect((await get(chatPaths.privateHistory(f.username, g.username, 0, 500), f)).statusCode).toBe(400);
    expect((await get(`/private/history?user1=${f.username}&user2=${g.username}&page=-1`, f)).statusCode).toBe(400);
  });
});
