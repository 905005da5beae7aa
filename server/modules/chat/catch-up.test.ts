/**
 * DESIGN §10 history by seq: `after=SEQ` answers what came after, ascending, in bounded pages;
 * `around=ID` answers the ordinary page that holds a message; the access rules are those of
 * history (participants; group members and admins).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CatchUpPage,
  type ChatMessage,
  chatDestinations,
  chatPaths,
  type MessagePage,
} from "../../../shared/chat.ts";
import type { ChatGroup } from "../../../shared/chat-groups.ts";
import { type ChatPerson, call, chatClients, chatPerson, expectJson } from "../../../test/helpers/chat.ts";
import { createTestDatabase } from "../../../test/helpers/database.ts";
import { adminToken } from "../../../test/helpers/factories.ts";
import { type RealtimeTestApp, startApp, uniquePrefix } from "../../../test/helpers/realtime.ts";

const database = await createTestDatabase();
let t: RealtimeTestApp;
const clients = chatClients(() => t.url);
let admin: { token: string };
let alice: ChatPerson;
let bob: ChatPerson;
let carol: ChatPerson;
let group: ChatGroup;
/** alice ↔ bob: 12 messages; the group: 4 (ids in send order). */
const privateIds: number[] = [];
const groupIds: number[] = [];

beforeAll(async () => {
  t = await startApp({ redisKeyPrefix: uniquePrefix("chat-catch-up") }, { database });
  admin = { token: await adminToken(t) };
  [alice, bob, carol] = [await chatPerson(t), await chatPerson(t), await chatPerson(t)];
  group = await expectJson<ChatGroup>(t, "POST", chatPaths.createGroup, admin, 201, {
    name: "Catch-up crew",
    members: [alice.username, bob.username],
  });
  const a = await clients.connect(alice);
  const b = await clients.connect(bob);
  for (let i = 1; i <= 12; i++) {
    const from = i % 3 === 0 ? b : a;
    const to = from === a ? bob : alice;
    expect(await from.client.send(chatDestinations.sendPrivate, { recipient: to.username, content: `p${i}` })).toBe(
      "done",
    );
  }
  for (let i = 1; i <= 4; i++) {
    expect(await a.client.send(chatDestinations.sendGroup, { groupId: group.id, content: `g${i}` })).toBe("done");
  }
  const page = await expectJson<MessagePage>(
    t,
    "GET",
    chatPaths.privateHistory(alice.username, bob.username, 0, 100),
    alice,
  );
  privateIds.push(...page.content.map((message) => message.id));
  const groupPage = await expectJson<MessagePage>(t, "GET", chatPaths.groupMessages(group.id, 0), alice);
  groupIds.push(...groupPage.content.map((message) => message.id));
  await clients.closeAll();
});
afterAll(async () => {
  await t?.close();
  await database.close();
});

const seqs = (page: { content: ChatMessage[] }) => page.content.map((message) => message.seq);
const texts = (page: { content: ChatMessage[] }) => page.content.map((message) => message.content);

describe("after=SEQ", () => {
  it("answers the messages after it, ascending by seq, size at a time, last when there are no more", async () => {
    const since = (seq: number, size?: number) =>
      expectJson<CatchUpPage>(t, "GET", chatPaths.privateAfter(bob.username, alice.username, seq, size), bob);
    const first = await since(0, 5);
    expect(first).toMatchObject({ last: false });
    expect(seqs(first)).toEqual([1, 2, 3, 4, 5]);
    expect(texts(first)).toEqual(["p1", "p2", "p3", "p4", "p5"]);
    expect(seqs(await since(5, 5))).toEqual([6, 7, 8, 9, 10]);
    const end = await since(10, 5);
    expect(seqs(end)).toEqual([11, 12]);
    expect(end.last).toBe(true);
    expect(await since(12)).toEqual({ content: [], last: true });
    // The default size (100) takes them all; so does either participant, whichever order the names are in.
    expect(seqs(await since(0))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    const other = await expectJson<CatchUpPage>(
      t,
      "GET",
      chatPaths.privateAfter(alice.username, bob.username, 9),
      alice,
    );
    expect(seqs(other)).toEqual([10, 11, 12]);
  });

  it("works for groups, members and admins alike; an empty conversation is an empty page", async () => {
    const page = await expectJson<CatchUpPage>(t, "GET", chatPaths.groupAfter(group.id, 2), bob);
    expect(texts(page)).toEqual(["g3", "g4"]);
    expect(seqs(page)).toEqual([3, 4]);
    expect(texts(await expectJson<CatchUpPage>(t, "GET", chatPaths.groupAfter(group.id, 0), admin))).toEqual([
      "g1",
      "g2",
      "g3",
      "g4",
    ]);
    expect(await expectJson(t, "GET", chatPaths.privateAfter(carol.username, alice.username, 0), carol)).toEqual({
      content: [],
      last: true,
    });
  });

  it("keeps to its bounds: size 1–500, after ≥ 0, one of page, after and around", async () => {
    const base = `/private/history?user1=${alice.username}&user2=${bob.username}`;
    expect((await call(t, "GET", `${base}&after=0&size=500`, alice)).statusCode).toBe(200);
    for (const query of [
      "after=0&size=501",
      "after=0&size=0",
      "after=-1",
      "after=x",
      "after=0&page=0",
      "after=0&around=1",
      "page=0&around=1",
    ]) {
      expect((await call(t, "GET", `${base}&${query}`, alice)).statusCode, query).toBe(400);
    }
    // An ordinary page is still at most 100.
    expect((await call(t, "GET", `${base}&page=0&size=101`, alice)).statusCode).toBe(400);
    expect((await call(t, "GET", `/api/group/${group.id}/messages?after=0&page=1`, alice)).statusCode).toBe(400);
  });

  it("is for the conversation's people only", async () => {
    expect((await call(t, "GET", chatPaths.privateAfter(alice.username, bob.username, 0), carol)).statusCode).toBe(403);
    expect((await call(t, "GET", chatPaths.privateAfter(alice.username, bob.username, 0), admin)).statusCode).toBe(403);
    expect((await call(t, "GET", chatPaths.groupAfter(group.id, 0), carol)).statusCode).toBe(403);
    expect((await call(t, "GET", chatPaths.groupAfter(987_654, 0), carol)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: chatPaths.groupAfter(group.id, 0) })).statusCode).toBe(401);
  });
});

describe("around=ID", () => {
  it("answers the page, numbered as page= numbers it, that holds the message", async () => {
    // 12 messages, 5 a page: page 0 holds seq 8–12, page 1 seq 3–7, page 2 seq 1–2.
    const pageAround = (id: number) =>
      expectJson<MessagePage>(t, "GET", chatPaths.privateAround(alice.username, bob.username, id, 5), alice);
    const third = await pageAround(privateIds[2]!);
    expect(third).toMatchObject({ page: 1, size: 5, totalElements: 12, last: false });
    expect(seqs(third)).toEqual([3, 4, 5, 6, 7]);
    expect(third).toEqual(
      await expectJson(t, "GET", chatPaths.privateHistory(alice.username, bob.username, 1, 5), alice),
    );
    expect(seqs(await pageAround(privateIds[0]!))).toEqual([1, 2]);
    expect(seqs(await pageAround(privateIds[11]!))).toEqual([8, 9, 10, 11, 12]);
    const inGroup = await expectJson<MessagePage>(t, "GET", chatPaths.groupAround(group.id, groupIds[0]!, 2), bob);
    expect(inGroup).toMatchObject({ page: 1, totalElements: 4, last: true });
    expect(texts(inGroup)).toEqual(["g1", "g2"]);
  });

  it("is a 404 for a message of another conversation or none, and keeps the access rules", async () => {
    const path = (id: number) => chatPaths.privateAround(alice.username, bob.username, id);
    expect((await call(t, "GET", path(groupIds[0]!), alice)).statusCode).toBe(404);
    expect((await call(t, "GET", path(999_999_999), alice)).statusCode).toBe(404);
    expect((await call(t, "GET", chatPaths.groupAround(group.id, privateIds[0]!), bob)).statusCode).toBe(404);
    expect((await call(t, "GET", path(privateIds[0]!), carol)).statusCode).toBe(403);
    expect((await call(t, "GET", chatPaths.groupAround(group.id, groupIds[0]!), carol)).statusCode).toBe(403);
  });
});
