/**
 * DESIGN §10 read receipts, fed by the existing mark-read calls: READ events to the other people of
 * a conversation, GET …/messages/{id}/readers (never the sender) and GET /api/chat/reads; only a
 * conversation's own people leave receipts, and a member removed from a group leaves none behind.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ChatEvent,
  type ChatMessage,
  chatDestinations,
  chatEventSchema,
  chatPaths,
  type MessagePage,
  type Reader,
  type ReadMark,
} from "../../../shared/chat.ts";
import type { ChatGroup } from "../../../shared/chat-groups.ts";
import { type ChatPerson, call, chatClients, chatPerson, expectJson } from "../../../test/helpers/chat.ts";
import { createTestDatabase } from "../../../test/helpers/database.ts";
import { adminToken, createEmployee, loginAs } from "../../../test/helpers/factories.ts";
import { type RealtimeTestApp, startApp, uniquePrefix, waitFor } from "../../../test/helpers/realtime.ts";

const database = await createTestDatabase();
let t: RealtimeTestApp;
const clients = chatClients(() => t.url);
let admin: { username: string; token: string };
/** An administrator who is in none of the groups below. */
let otherAdmin: { username: string; token: string };

beforeAll(async () => {
  t = await startApp({ redisKeyPrefix: uniquePrefix("chat-receipts") }, { database });
  admin = { username: "admin", token: await adminToken(t) };
  const account = await createEmployee(t, { kind: "admin" });
  otherAdmin = { username: account.username, token: await loginAs(t, account, "admin") };
});
afterAll(async () => {
  await clients.closeAll();
  await t?.close();
  await database.close();
});

/** A person whose username starts with `name` (so a test can choose the alphabetical order). */
const person = (name: string) => chatPerson(t, { username: `${name}.${randomBytes(3).toString("hex")}` });

/** The READ events among what a subscription received. */
const readsIn = (sub: { json: () => unknown[] }) =>
  sub.json().filter((event) => (event as { type?: unknown }).type === "READ") as Extract<ChatEvent, { type: "READ" }>[];

/** A sentinel private message from `from` to `to`: once `to` has it, anything published to them before has arrived. */
async function flushPrivate(
  from: Awaited<ReturnType<typeof clients.connect>>,
  to: ChatPerson,
  toQueue: { json: () => unknown[] },
) {
  const content = `sentinel ${randomBytes(4).toString("hex")}`;
  expect(await from.client.send(chatDestinations.sendPrivate, { recipient: to.username, content })).toBe("done");
  await waitFor(
    () => toQueue.json().some((m) => (m as ChatMessage).content === content),
    5_000,
    "the sentinel message",
  );
}

async function privateMessages(me: ChatPerson, other: ChatPerson): Promise<ChatMessage[]> {
  const page = await expectJson<MessagePage>(
    t,
    "GET",
    chatPaths.privateHistory(me.username, other.username, 0, 100),
    me,
  );
  return page.content;
}

async function groupMessages(me: { token: string }, groupId: number): Promise<ChatMessage[]> {
  return (await expectJson<MessagePage>(t, "GET", chatPaths.groupMessages(groupId, 0, 100), me)).content;
}

const readers = (who: { token: string }, messageId: number) =>
  expectJson<Reader[]>(t, "GET", chatPaths.readers(messageId), who);
const reads = (who: { token: string }, conversation: string) =>
  expectJson<ReadMark[]>(t, "GET", `/api/chat/reads?${new URLSearchParams({ conversation })}`, who);

describe("read receipts in a private conversation", () => {
  it("mark-read sends READ to the other person; readers and reads show it, never for the sender", async () => {
    const [alice, bob] = [await person("alice"), await person("bob")];
    const a = await clients.connect(alice);
    const b = await clients.connect(bob);
    for (const content of ["drawings ready", "please check grid C"]) {
      expect(await a.client.send(chatDestinations.sendPrivate, { recipient: bob.username, content })).toBe("done");
    }
    expect(await b.client.send(chatDestinations.sendPrivate, { recipient: alice.username, content: "on it" })).toBe(
      "done",
    );
    const [first, second, fromBob] = await privateMessages(alice, bob);
    if (!first || !second || !fromBob) throw new Error("three messages expected");
    expect(fromBob.sender).toBe(bob.username);

    // Nobody has read anything yet.
    expect(await readers(alice, first.id)).toEqual([]);
    expect(await reads(alice, `private:${bob.username}`)).toEqual([]);

    const before = Date.now();
    const marked = await expectJson<{ marked: number }>(
      t,
      "POST",
      chatPaths.markPrivateRead(alice.username, bob.username),
      bob,
    );
    expect(marked).toEqual({ marked: 2 });
    await waitFor(() => readsIn(a.queue).length === 1, 5_000, "the READ event");
    const [read] = readsIn(a.queue);
    expect(chatEventSchema.parse(read)).toEqual({
      type: "READ",
      conversation: `private:${bob.username}`,
      reader: bob.username,
      upToSeq: fromBob.seq,
      at: expect.any(String),
    });
    expect(Date.parse(read!.at)).toBeGreaterThanOrEqual(before - 1_000);
    // The reader is not told about their own read.
    expect(readsIn(b.queue)).toEqual([]);

    expect(await readers(alice, first.id)).toEqual([{ username: bob.username, at: read!.at }]);
    expect(await readers(alice, second.id)).toEqual([{ username: bob.username, at: read!.at }]);
    // bob's own message: his read position covers it, but a sender is never among its readers.
    expect(await readers(bob, fromBob.id)).toEqual([]);
    expect(await reads(alice, `private:${bob.username}`)).toEqual([
      { username: bob.username, upToSeq: fromBob.seq, at: read!.at },
    ]);
    // From bob's side: alice has read nothing; his own mark is not listed.
    expect(await reads(bob, `private:${alice.username}`)).toEqual([]);

    // A message after the mark is not read by bob.
    expect(await a.client.send(chatDestinations.sendPrivate, { recipient: bob.username, content: "one more" })).toBe(
      "done",
    );
    const later = (await privateMessages(alice, bob)).at(-1)!;
    expect(later.content).toBe("one more");
    expect(await readers(alice, later.id)).toEqual([]);
    expect(await readers(alice, first.id)).toEqual([{ username: bob.username, at: read!.at }]);
  });

  it("marking again with nothing new sends no second READ", async () => {
    const [alice, bob] = [await person("alice"), await person("bob")];
    const a = await clients.connect(alice);
    const b = await clients.connect(bob);
    expect(await a.client.send(chatDestinations.sendPrivate, { recipient: bob.username, content: "ping" })).toBe(
      "done",
    );
    await expectJson(t, "POST", chatPaths.markPrivateRead(alice.username, bob.username), bob);
    await waitFor(() => readsIn(a.queue).length === 1, 5_000, "the first READ");
    const [first] = readsIn(a.queue);
    expect(await expectJson(t, "POST", chatPaths.markPrivateRead(alice.username, bob.username), bob)).toEqual({
      marked: 0,
    });
    // Anything published to alice before this message has reached her.
    await flushPrivate(b, alice, a.queue);
    expect(readsIn(a.queue)).toEqual([first]);
    expect(await reads(alice, `private:${bob.username}`)).toEqual([
      { username: bob.username, upToSeq: first!.upToSeq, at: first!.at },
    ]);
    // Something new to read: marking again moves the position and tells alice.
    await expectJson(t, "POST", chatPaths.markPrivateRead(alice.username, bob.username), bob);
    await waitFor(() => readsIn(a.queue).length === 2, 5_000, "the second READ");
    expect(readsIn(a.queue)[1]).toMatchObject({ reader: bob.username, upToSeq: first!.upToSeq + 1 });
  });

  it("reading one message marks the conversation up to that message's seq", async () => {
    const [alice, bob] = [await person("alice"), await person("bob")];
    const a = await clients.connect(alice);
    const b = await clients.connect(bob);
    for (const content of ["m1", "m2", "m3"]) {
      expect(await a.client.send(chatDestinations.sendPrivate, { recipient: bob.username, content })).toBe("done");
    }
    const [m1, m2, m3] = await privateMessages(alice, bob);
    if (!m1 || !m2 || !m3) throw new Error("three messages expected");

    const response = await call(t, "POST", chatPaths.readMessage(m2.id, bob.username), bob);
    expect(response.statusCode, response.body).toBe(204);
    await waitFor(() => readsIn(a.queue).length === 1, 5_000, "the READ event");
    const [read] = readsIn(a.queue);
    expect(read).toMatchObject({ conversation: `private:${bob.username}`, reader: bob.username, upToSeq: m2.seq });
    expect(await readers(alice, m1.id)).toEqual([{ username: bob.username, at: read!.at }]);
    expect(await readers(alice, m2.id)).toEqual([{ username: bob.username, at: read!.at }]);
    expect(await readers(alice, m3.id)).toEqual([]);
    expect(await reads(alice, `private:${bob.username}`)).toEqual([
      { username: bob.username, upToSeq: m2.seq, at: read!.at },
    ]);

    // Reading an earlier one moves nothing back and tells nobody.
    expect((await call(t, "POST", chatPaths.readMessage(m1.id, bob.username), bob)).statusCode).toBe(204);
    await flushPrivate(b, alice, a.queue);
    expect(readsIn(a.queue)).toHaveLength(1);
    expect(await reads(alice, `private:${bob.username}`)).toEqual([
      { username: bob.username, upToSeq: m2.seq, at: read!.at },
    ]);

    // Reading the last one: the others keep the time they were first read.
    expect((await call(t, "POST", chatPaths.readMessage(m3.id, bob.username), bob)).statusCode).toBe(204);
    await waitFor(() => readsIn(a.queue).length === 2, 5_000, "the second READ");
    const third = readsIn(a.queue)[1]!;
    expect(third.upToSeq).toBe(m3.seq);
    expect(await readers(alice, m1.id)).toEqual([{ username: bob.username, at: read!.at }]);
    expect(await readers(alice, m3.id)).toEqual([{ username: bob.username, at: third.at }]);
  });

  it("many mark-reads at once, one per message as an open chat makes them: all answered, READs only forward", async () => {
    const [alice, bob] = [await person("alice"), await person("bob")];
    const a = await clients.connect(alice);
    const b = await clients.connect(bob);
    const sent = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        a.client.send(chatDestinations.sendPrivate, { recipient: bob.username, content: `part ${i}` }),
      ),
    );
    expect(sent.every((outcome) => outcome === "done")).toBe(true);
    const received = await privateMessages(bob, alice);
    expect(received).toHaveLength(25);
    const last = received.at(-1)!;

    // bob's browser marks each message as it is shown, all in flight together (and the last one twice).
    const answers = await Promise.all(
      [...received, last].map((message) => call(t, "POST", chatPaths.readMessage(message.id, bob.username), bob)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 204));
    expect(await expectJson(t, "GET", chatPaths.unread(bob.username), bob)).toEqual([]);

    await waitFor(() => readsIn(a.queue).at(-1)?.upToSeq === last.seq, 5_000, "the READ up to the last message");
    await flushPrivate(b, alice, a.queue);
    const seqs = readsIn(a.queue).map((read) => read.upToSeq);
    // However the calls were batched, each READ moves the position strictly forward.
    expect(seqs).toEqual([...new Set(seqs)].sort((x, y) => x - y));
    expect(seqs.every((seq) => seq >= received[0]!.seq && seq <= last.seq)).toBe(true);
    expect(await reads(alice, `private:${bob.username}`)).toEqual([
      { username: bob.username, upToSeq: last.seq, at: readsIn(a.queue).at(-1)!.at },
    ]);
  });

  it("someone outside the conversation leaves no receipt by reading its messages", async () => {
    const [alice, bob, mallory] = [await person("alice"), await person("bob"), await person("mallory")];
    const a = await clients.connect(alice);
    const b = await clients.connect(bob);
    expect(await a.client.send(chatDestinations.sendPrivate, { recipient: bob.username, content: "private" })).toBe(
      "done",
    );
    const [message] = await privateMessages(alice, bob);
    // A message mallory cannot read is one she is not told exists; nor is one that does not exist.
    expect((await call(t, "POST", chatPaths.readMessage(message!.id, mallory.username), mallory)).statusCode).toBe(404);
    expect((await call(t, "POST", chatPaths.readMessage(message!.id + 1_000_000, bob.username), bob)).statusCode).toBe(
      404,
    );
    expect((await call(t, "GET", chatPaths.readers(message!.id), mallory)).statusCode).toBe(404);
    await flushPrivate(b, alice, a.queue);
    expect(readsIn(a.queue)).toEqual([]);
    expect(await readers(alice, message!.id)).toEqual([]);
    expect(await reads(alice, `private:${bob.username}`)).toEqual([]);
  });
});

describe("read receipts in a group", () => {
  let members: { zed: ChatPerson; amy: ChatPerson; mia: ChatPerson };
  let group: ChatGroup;
  let messages: ChatMessage[];
  let topic: { json: () => unknown[] };
  let zedClient: Awaited<ReturnType<typeof clients.connect>>;

  beforeAll(async () => {
    // zed reads first, amy second: the opposite of alphabetical order.
    members = { zed: await person("zed"), amy: await person("amy"), mia: await person("mia") };
    group = await expectJson<ChatGroup>(t, "POST", chatPaths.createGroup, admin, 201, {
      name: "Receipts crew",
      members: [members.zed.username, members.amy.username, members.mia.username],
    });
    zedClient = await clients.connect(members.zed);
    const mia = await clients.connect(members.mia);
    topic = await mia.client.subscribe(chatDestinations.group(group.id));
    for (const content of ["g1 for all", "g2 for all"]) {
      expect(await mia.client.send(chatDestinations.sendGroup, { groupId: group.id, content })).toBe("done");
    }
    messages = await groupMessages(members.mia, group.id);
    expect(messages.map((m) => m.content)).toEqual(["g1 for all", "g2 for all"]);
  });

  /** A group message from mia: once the topic has it, everything published there before has arrived. */
  async function flushTopic() {
    const content = `sentinel ${randomBytes(4).toString("hex")}`;
    expect(await zedClient.client.send(chatDestinations.sendGroup, { groupId: group.id, content })).toBe("done");
    await waitFor(() => topic.json().some((m) => (m as ChatMessage).content === content), 5_000, "the sentinel");
  }

  it("each member's read goes to the topic; readers lists them in the order they read", async () => {
    const { zed, amy, mia } = members;
    const [g1, g2] = messages;
    expect(await expectJson(t, "POST", chatPaths.markGroupRead(group.id, zed.username), zed)).toEqual({ marked: 2 });
    await waitFor(() => readsIn(topic).length === 1, 5_000, "zed's READ");
    expect(await expectJson(t, "POST", chatPaths.markGroupRead(group.id, amy.username), amy)).toEqual({ marked: 2 });
    await waitFor(() => readsIn(topic).length === 2, 5_000, "amy's READ");
    const [zedRead, amyRead] = readsIn(topic);
    for (const [event, reader] of [
      [zedRead, zed],
      [amyRead, amy],
    ] as const) {
      expect(chatEventSchema.parse(event)).toEqual({
        type: "READ",
        conversation: `group:${group.id}`,
        reader: reader.username,
        upToSeq: g2!.seq,
        at: expect.any(String),
      });
    }
    expect(Date.parse(amyRead!.at)).toBeGreaterThanOrEqual(Date.parse(zedRead!.at));

    const expected = [
      { username: zed.username, at: zedRead!.at },
      { username: amy.username, at: amyRead!.at },
    ];
    // The sender, a member, the group's admin and an admin from outside all see the same list.
    for (const who of [mia, zed, admin, otherAdmin]) {
      expect(await readers(who, g1!.id)).toEqual(expected);
      expect(await readers(who, g2!.id)).toEqual(expected);
    }
    const marks = await reads(mia, `group:${group.id}`);
    expect(marks).toHaveLength(2);
    expect(marks).toEqual(
      expect.arrayContaining([
        { username: zed.username, upToSeq: g2!.seq, at: zedRead!.at },
        { username: amy.username, upToSeq: g2!.seq, at: amyRead!.at },
      ]),
    );
    // Nobody's own position is in their list.
    expect((await reads(zed, `group:${group.id}`)).map((m) => m.username)).toEqual([amy.username]);
  });

  it("an administrator who is not a member leaves no receipt; an outsider neither", async () => {
    const [g1] = messages;
    const outsider = await person("outsider");
    const before = readsIn(topic).length;
    const readersBefore = await readers(members.mia, g1!.id);
    await expectJson(t, "POST", chatPaths.markGroupRead(group.id, otherAdmin.username), otherAdmin);
    expect((await call(t, "POST", chatPaths.readMessage(g1!.id, otherAdmin.username), otherAdmin)).statusCode).toBe(
      204,
    );
    expect((await call(t, "POST", chatPaths.readMessage(g1!.id, outsider.username), outsider)).statusCode).toBe(404);
    await flushTopic();
    expect(readsIn(topic)).toHaveLength(before);
    expect(await readers(members.mia, g1!.id)).toEqual(readersBefore);
    const names = (await reads(members.mia, `group:${group.id}`)).map((m) => m.username);
    expect(names).not.toContain(otherAdmin.username);
    expect(names).not.toContain(outsider.username);
  });

  it("refuses outsiders, groups that are not theirs or do not exist, and malformed names", async () => {
    const outsider = await person("outsider");
    const [g1] = messages;
    expect((await call(t, "GET", chatPaths.readers(g1!.id), outsider)).statusCode).toBe(404);
    expect((await call(t, "GET", chatPaths.readers(987_654_321), members.mia)).statusCode).toBe(404);
    const readsOf = (who: { token: string }, conversation: string) =>
      call(t, "GET", `/api/chat/reads?${new URLSearchParams({ conversation })}`, who);
    expect((await readsOf(outsider, `group:${group.id}`)).statusCode).toBe(403);
    expect((await readsOf(members.mia, "group:987654321")).statusCode).toBe(404);
    for (const malformed of ["group:abc", "x:y", "private:", "group:0", "group:-1", "group:", ""]) {
      const response = await readsOf(members.mia, malformed);
      expect(response.statusCode, malformed).toBe(400);
    }
    expect((await call(t, "GET", "/api/chat/reads", members.mia)).statusCode).toBe(400);
    // A private conversation that does not exist (yet): nobody has read anything.
    expect(await reads(outsider, `private:${members.mia.username}`)).toEqual([]);
    expect(await reads(outsider, "private:nobody.at.all")).toEqual([]);
  });

  it("a member removed from the group disappears from readers and reads", async () => {
    const { zed, amy, mia } = members;
    const [g1] = messages;
    expect((await readers(mia, g1!.id)).map((r) => r.username)).toEqual([zed.username, amy.username]);
    const updated = await expectJson<ChatGroup>(t, "PUT", chatPaths.groupMembers(group.id), admin, 200, {
      members: [amy.username, mia.username],
    });
    expect(updated.members).not.toContain(zed.username);
    expect((await readers(mia, g1!.id)).map((r) => r.username)).toEqual([amy.username]);
    expect((await reads(mia, `group:${group.id}`)).map((m) => m.username)).toEqual([amy.username]);
    // Removed, zed can no longer ask.
    expect((await call(t, "GET", chatPaths.readers(g1!.id), zed)).statusCode).toBe(404);
    expect((await call(t, "GET", `/api/chat/reads?conversation=group:${group.id}`, zed)).statusCode).toBe(403);
    // Nor leave a receipt by marking.
    await expectJson(t, "POST", chatPaths.markGroupRead(group.id, zed.username), zed);
    expect((await readers(mia, g1!.id)).map((r) => r.username)).toEqual([amy.username]);
  });
});
