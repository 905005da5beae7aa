/**
 * DESIGN §10 Reading: SEND /app/chat.read `{conversation, upToSeq}` moves one watermark per person
 * and conversation, forward only, across sessions; unread rows up to it go; READ follows the write,
 * at most once per second per reader and conversation, a held one sent late and never dropped;
 * refusals name why; more than 20 read or typing frames a second from one session are dropped and
 * counted.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ChatEvent,
  type ChatMessage,
  chatDestinations,
  chatPaths,
  type ReadMark,
  type UnreadItem,
} from "../../../shared/chat.ts";
import type { ChatGroup } from "../../../shared/chat-groups.ts";
import { type ChatPerson, call, chatClients, chatPerson, expectJson } from "../../../test/helpers/chat.ts";
import { createTestDatabase } from "../../../test/helpers/database.ts";
import { adminToken } from "../../../test/helpers/factories.ts";
import { type RealtimeTestApp, startApp, uniquePrefix, waitFor, waitForAsync } from "../../../test/helpers/realtime.ts";
import { chatReadMarks } from "../../db/schema.ts";

const database = await createTestDatabase();
let t: RealtimeTestApp;
const clients = chatClients(() => t.url);
let admin: { username: string; token: string };
/** An administrator in none of the groups below (the one creating them is in them). */
let outsider: ChatPerson;

beforeAll(async () => {
  t = await startApp({ redisKeyPrefix: uniquePrefix("chat-read-watermark") }, { database });
  admin = { username: "admin", token: await adminToken(t) };
  outsider = await chatPerson(t, { kind: "admin" });
});
afterAll(async () => {
  await clients.closeAll();
  await t?.close();
  await database.close();
});

type Connection = Awaited<ReturnType<typeof clients.connect>>;
const read = chatDestinations.read;
const readsIn = (queue: { json: () => unknown[] }) =>
  queue.json().filter((event) => (event as ChatEvent).type === "READ") as Extract<ChatEvent, { type: "READ" }>[];
const refusalsIn = (errors: { json: () => unknown[] }) => errors.json() as { code: string; message: string }[];
const unreadOf = (who: ChatPerson) => expectJson<UnreadItem[]>(t, "GET", chatPaths.unread(who.username), who);
const marksOf = (who: ChatPerson, conversation: string) =>
  expectJson<ReadMark[]>(t, "GET", `/api/chat/reads?${new URLSearchParams({ conversation })}`, who);

async function sayPrivately(from: Connection, to: ChatPerson, count: number): Promise<ChatMessage[]> {
  const tag = randomBytes(3).toString("hex");
  for (let i = 0; i < count; i++) {
    expect(
      await from.client.send(chatDestinations.sendPrivate, { recipient: to.username, content: `${tag} ${i}` }),
    ).toBe("done");
  }
  const sent = () => from.queue.json().filter((m) => String((m as ChatMessage).content).startsWith(tag));
  await waitFor(() => sent().length === count, 5_000, "my copies");
  return sent() as ChatMessage[];
}

describe("SEND /app/chat.read", () => {
  it("moves the watermark forward only, clears unread rows up to it, and tells the other with READ", async () => {
    const [alice, bob] = [await chatPerson(t), await chatPerson(t)];
    const [a, b] = [await clients.connect(alice), await clients.connect(bob)];
    const [, second, third] = await sayPrivately(a, bob, 3);
    const conversation = `private:${alice.username}`;

    expect(await b.client.send(read, { conversation, upToSeq: second!.seq })).toBe("done");
    // The RECEIPT followed the write: the unread rows up to it are gone already.
    expect((await unreadOf(bob)).map((item) => item.id)).toEqual([third!.id]);
    expect(await marksOf(alice, `private:${bob.username}`)).toEqual([
      { username: bob.username, upToSeq: second!.seq, at: expect.any(String) },
    ]);
    await waitFor(() => readsIn(a.queue).length === 1, 5_000, "the READ");

    // Lower: nothing moves. Then the end, within the same second: its READ is held, then sent.
    expect(await b.client.send(read, { conversation, upToSeq: 1 })).toBe("done");
    expect(await b.client.send(read, { conversation, upToSeq: third!.seq })).toBe("done");
    expect(await unreadOf(bob)).toEqual([]);
    await waitFor(() => readsIn(a.queue).length === 2, 5_000, "the held READ");
    expect(readsIn(a.queue).map((event) => [event.conversation, event.reader, event.upToSeq])).toEqual([
      [`private:${bob.username}`, bob.username, second!.seq],
      [`private:${bob.username}`, bob.username, third!.seq],
    ]);
    expect(refusalsIn(b.errors)).toEqual([]);
  });

  it("is one watermark across a person's sessions: a lower one from another session changes nothing", async () => {
    const [alice, bob] = [await chatPerson(t), await chatPerson(t)];
    const a = await clients.connect(alice);
    const [phone, desk] = [await clients.connect(bob), await clients.connect(bob)];
    const [, second, third] = await sayPrivately(a, bob, 3);
    const conversation = `private:${alice.username}`;
    expect(await desk.client.send(read, { conversation, upToSeq: third!.seq })).toBe("done");
    expect(await phone.client.send(read, { conversation, upToSeq: second!.seq })).toBe("done");
    expect((await marksOf(alice, `private:${bob.username}`)).map((mark) => mark.upToSeq)).toEqual([third!.seq]);
  });

  it("in a group: READ on its topic; an administrator outside it is accepted but leaves no receipt", async () => {
    const [alice, bob] = [await chatPerson(t), await chatPerson(t)];
    const group = await expectJson<ChatGroup>(t, "POST", chatPaths.createGroup, admin, 201, {
      name: `Watermark ${randomBytes(2).toString("hex")}`,
      members: [alice.username, bob.username],
    });
    const [a, b, boss] = [await clients.connect(alice), await clients.connect(bob), await clients.connect(outsider)];
    const topic = await a.client.subscribe(chatDestinations.group(group.id));
    expect(await a.client.send(chatDestinations.sendGroup, { groupId: group.id, content: "grid C?" })).toBe("done");
    await waitFor(() => topic.json().length === 1, 5_000, "the message");
    const { seq } = topic.json()[0] as ChatMessage;
    const conversation = `group:${group.id}`;

    expect(await boss.client.send(read, { conversation, upToSeq: seq })).toBe("done");
    expect(await b.client.send(read, { conversation, upToSeq: seq })).toBe("done");
    await waitFor(() => readsIn(topic).length === 1, 5_000, "bob's READ");
    expect(readsIn(topic)[0]).toMatchObject({ conversation, reader: bob.username, upToSeq: seq });
    expect((await marksOf(alice, conversation)).map((mark) => mark.username)).toEqual([bob.username]);
    expect(readsIn(topic)).toHaveLength(1);
    expect(refusalsIn(boss.errors)).toEqual([]);
  });

  it("refuses a group that was left; a deleted group's marks go with it", async () => {
    const [alice, bob] = [await chatPerson(t), await chatPerson(t)];
    const group = await expectJson<ChatGroup>(t, "POST", chatPaths.createGroup, admin, 201, {
      name: `Leaving ${randomBytes(2).toString("hex")}`,
      members: [alice.username, bob.username],
    });
    const [a, b] = [await clients.connect(alice), await clients.connect(bob)];
    expect(await a.client.send(chatDestinations.sendGroup, { groupId: group.id, content: "one" })).toBe("done");
    const conversation = `group:${group.id}`;
    expect(await b.client.send(read, { conversation, upToSeq: 1 })).toBe("done");
    expect(await a.client.send(read, { conversation, upToSeq: 1 })).toBe("done");
    const marks = () =>
      t.app.db.$count(
        chatReadMarks,
        sql`${chatReadMarks.conversationId} = (select id from chat_conversations where group_id = ${group.id})`,
      );
    expect(await marks()).toBe(2);

    // Removed: bob's marks go with him (receipts.test.ts), and he can no longer read it.
    await expectJson(t, "PUT", chatPaths.groupMembers(group.id), admin, 200, { members: [alice.username] });
    expect(await marks()).toBe(1);
    expect(await b.client.send(read, { conversation, upToSeq: 1 })).toBe("refused");
    expect(refusalsIn(b.errors).at(-1)).toMatchObject({ code: "FORBIDDEN" });

    const before = await t.app.db.$count(chatReadMarks);
    expect((await call(t, "DELETE", chatPaths.deleteGroup(group.id), admin)).statusCode).toBe(204);
    expect(await t.app.db.$count(chatReadMarks)).toBe(before - 1);
  });

  it("refuses what cannot be read now (FORBIDDEN) and a seq it does not have or no integer (INVALID)", async () => {
    const [alice, bob, carol] = [await chatPerson(t), await chatPerson(t), await chatPerson(t)];
    const group = await expectJson<ChatGroup>(t, "POST", chatPaths.createGroup, admin, 201, {
      name: `Closed ${randomBytes(2).toString("hex")}`,
      members: [alice.username],
    });
    const a = await clients.connect(alice);
    const c = await clients.connect(carol);
    const [only] = await sayPrivately(a, carol, 1);
    const refusedWith = async (body: unknown) => {
      const before = refusalsIn(c.errors).length;
      expect(await c.client.send(read, body)).toBe("refused");
      return refusalsIn(c.errors)[before]?.code;
    };

    expect(await refusedWith({ conversation: `group:${group.id}`, upToSeq: 1 })).toBe("FORBIDDEN");
    expect(await refusedWith({ conversation: "group:999999999", upToSeq: 1 })).toBe("FORBIDDEN");
    expect(await refusedWith({ conversation: `private:nobody-${randomBytes(3).toString("hex")}`, upToSeq: 1 })).toBe(
      "FORBIDDEN",
    );
    expect(await refusedWith({ conversation: `private:${alice.username}`, upToSeq: only!.seq + 1 })).toBe("INVALID");
    // No conversation with bob yet: nothing to have read.
    expect(await refusedWith({ conversation: `private:${bob.username}`, upToSeq: 1 })).toBe("INVALID");
    expect(await refusedWith({ conversation: `private:${alice.username}`, upToSeq: 1.5 })).toBe("INVALID");
    expect(await refusedWith({ conversation: `private:${alice.username}`, upToSeq: "1" })).toBe("INVALID");
    expect(await refusedWith({ conversation: "direct:alice", upToSeq: 1 })).toBe("INVALID");
    expect(await refusedWith({ conversation: `private:${alice.username}`, upToSeq: 1, extra: true })).toBe("INVALID");

    // Without a receipt the session does not wait for the write; the refusal still comes, on the errors queue.
    const before = refusalsIn(c.errors).length;
    c.client.client.publish({
      destination: read,
      body: JSON.stringify({ conversation: `group:${group.id}`, upToSeq: 1 }),
    });
    await waitFor(() => refusalsIn(c.errors).length === before + 1, 5_000, "the refusal");
    expect(refusalsIn(c.errors)[before]).toMatchObject({ code: "FORBIDDEN", destination: read });
    // Nothing was read.
    expect((await unreadOf(carol)).map((item) => item.id)).toEqual([only!.id]);
  });

  it("drops (and counts) more than 20 read and typing frames a second from one session; others go on", async () => {
    const [alice, bob] = [await chatPerson(t), await chatPerson(t)];
    const [a, b] = [await clients.connect(alice), await clients.connect(bob)];
    const [message] = await sayPrivately(a, bob, 1);
    const droppedBefore = t.app.realtime.droppedFrames();
    const conversation = `private:${alice.username}`;
    for (let i = 0; i < 30; i++) {
      b.client.client.publish({ destination: read, body: JSON.stringify({ conversation, upToSeq: message!.seq }) });
      b.client.client.publish({
        destination: chatDestinations.typing,
        body: JSON.stringify({ recipient: alice.username }),
      });
    }
    // A message from the same session still goes through, in order after the flood.
    expect(await b.client.send(chatDestinations.sendPrivate, { recipient: alice.username, content: "after" })).toBe(
      "done",
    );
    const dropped = t.app.realtime.droppedFrames() - droppedBefore;
    // 60 frames within at most two one-second windows: at least 20 were dropped, at most 40 admitted.
    expect(dropped).toBeGreaterThanOrEqual(20);
    expect(dropped).toBeLessThanOrEqual(60 - 20);
    const metrics = await t.app.inject({ method: "GET", url: "/metrics" });
    const counted = /^stomp_frames_dropped_total (\d+)$/m.exec(metrics.body);
    expect(Number(counted?.[1])).toBeGreaterThanOrEqual(dropped);
    expect(refusalsIn(b.errors)).toEqual([]);
    await waitForAsync(async () => (await unreadOf(bob)).length === 0, 5_000, "an admitted read to be written");
  });
});
