/**
 * DESIGN §10 search (GET /api/chat/search) end to end: messages sent over STOMP, found newest
 * first by every word (the last one as a prefix), with escaped highlights, paged; only what the
 * searcher may read now (never others' private chats, groups they left, deleted text, an edit's old
 * words; an administrator's search covers their own groups unless they name one); bad queries are
 * refused, hostile ones never break the query; and the query reads the GIN index.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ChatMessage,
  type ConversationKey,
  chatDestinations,
  chatLimits,
  chatPaths,
  type MessagePage,
} from "../../../shared/chat.ts";
import type { ChatGroup } from "../../../shared/chat-groups.ts";
import { type SearchPage, searchPageSchema } from "../../../shared/chat-search.ts";
import { type ChatPerson, call, chatClients, chatPerson, expectJson } from "../../../test/helpers/chat.ts";
import { createTestDatabase } from "../../../test/helpers/database.ts";
import { adminToken, authHeader, createEmployee, loginAs } from "../../../test/helpers/factories.ts";
import { type RealtimeTestApp, startApp, uniquePrefix } from "../../../test/helpers/realtime.ts";
import { searchTerms, toTsQuery } from "./search.ts";
import { chatStore as chatRepository } from "./store/index.ts";

const database = await createTestDatabase();
let t: RealtimeTestApp;
const clients = chatClients(() => t.url);
let admin: { username: string; token: string };
/** An administrator who is in none of the groups below. */
let otherAdmin: { username: string; token: string };
let alice: ChatPerson;
let bob: ChatPerson;
let carol: ChatPerson;
let dave: ChatPerson;
/** alice, bob and carol (and admin, its creator). */
let group: ChatGroup;
type Connected = Awaited<ReturnType<typeof clients.connect>>;
const connected = new Map<string, Connected>();

beforeAll(async () => {
  // Paging and the index test need more messages from one sender than the rate limit allows in 10 s.
  t = await startApp(
    { redisKeyPrefix: uniquePrefix("chat-search") },
    { database, chat: { rateLimit: { messages: 1_000 } } },
  );
  admin = { username: "admin", token: await adminToken(t) };
  const account = await createEmployee(t, { kind: "admin" });
  otherAdmin = { username: account.username, token: await loginAs(t, account, "admin") };
  [alice, bob, carol, dave] = [await chatPerson(t), await chatPerson(t), await chatPerson(t), await chatPerson(t)];
  group = await newGroup("Search crew", [alice, bob, carol]);
});
afterAll(async () => {
  await clients.closeAll();
  await t?.close();
  await database.close();
});

/** A word of letters only that no other message of this file holds. */
const word = () => Array.from(randomBytes(10), (byte) => String.fromCharCode(97 + (byte % 26))).join("");

const newGroup = (name: string, members: ChatPerson[]) =>
  expectJson<ChatGroup>(t, "POST", chatPaths.createGroup, admin, 201, {
    name,
    members: members.map((m) => m.username),
  });

async function client(who: { username: string; token: string }): Promise<Connected> {
  let open = connected.get(who.username);
  if (!open) {
    open = await clients.connect(who);
    connected.set(who.username, open);
  }
  return open;
}

/** Sends over STOMP (stored once this resolves) and answers the stored message. */
async function say(
  from: { username: string; token: string },
  to: ChatPerson | ChatGroup,
  content: string,
): Promise<ChatMessage> {
  const sender = await client(from);
  const isGroup = "members" in to;
  const body = isGroup ? { groupId: to.id, content } : { recipient: to.username, content };
  expect(await sender.client.send(isGroup ? chatDestinations.sendGroup : chatDestinations.sendPrivate, body)).toBe(
    "done",
  );
  const url = isGroup
    ? chatPaths.groupMessages(to.id, 0, 1)
    : chatPaths.privateHistory(from.username, to.username, 0, 1);
  const [stored] = (await expectJson<MessagePage>(t, "GET", url, from)).content;
  expect(stored?.content).toBe(content);
  return stored!;
}

const searchUrl = (q: string, options: { conversation?: string; page?: number; size?: number } = {}) =>
  chatPaths.search({ q, ...options, conversation: options.conversation as ConversationKey | undefined });

async function search(
  who: { token: string },
  q: string,
  options: { conversation?: string; page?: number; size?: number } = {},
): Promise<SearchPage> {
  return searchPageSchema.parse(await expectJson(t, "GET", searchUrl(q, options), who));
}

const ids = (page: SearchPage) => page.content.map((hit) => hit.message.id);

describe("search results", () => {
  it("answers the hits newest first, each with its conversation named from the searcher's side", async () => {
    const tag = word();
    const m1 = await say(alice, bob, `first ${tag} from alice`);
    const m2 = await say(bob, alice, `second ${tag} from bob`);
    const m3 = await say(alice, group, `third ${tag} in the group`);
    const m4 = await say(carol, dave, `fourth ${tag} between carol and dave`);

    const page = await search(alice, tag);
    expect(page).toMatchObject({ page: 0, size: chatLimits.searchPageSize, totalElements: 3, last: true });
    expect(page.content).toEqual([
      { message: m3, conversation: `group:${group.id}`, highlight: `third <mark>${tag}</mark> in the group` },
      { message: m2, conversation: `private:${bob.username}`, highlight: `second <mark>${tag}</mark> from bob` },
      { message: m1, conversation: `private:${bob.username}`, highlight: `first <mark>${tag}</mark> from alice` },
    ]);
    const fromBob = await search(bob, tag);
    expect(fromBob.content.map((hit) => [hit.message.id, hit.conversation])).toEqual([
      [m3.id, `group:${group.id}`],
      [m2.id, `private:${alice.username}`],
      [m1.id, `private:${alice.username}`],
    ]);
    expect((await search(carol, tag)).content.map((hit) => [hit.message.id, hit.conversation])).toEqual([
      [m4.id, `private:${dave.username}`],
      [m3.id, `group:${group.id}`],
    ]);
    expect((await search(dave, tag)).content.map((hit) => [hit.message.id, hit.conversation])).toEqual([
      [m4.id, `private:${carol.username}`],
    ]);
  });

  it("escapes the text of the highlight and marks only the hits", async () => {
    const tag = word();
    const sent = await say(alice, bob, `<script>alert(1)</script> steel beam & "bolts" it's ${tag}`);
    const [hit] = (await search(alice, `steel ${tag}`)).content;
    expect(hit?.message.content).toBe(sent.content);
    expect(hit?.highlight).toBe(
      `&lt;script&gt;alert(1)&lt;/script&gt; <mark>steel</mark> beam &amp; &quot;bolts&quot; it&#39;s <mark>${tag}</mark>`,
    );
    expect(hit?.highlight).not.toContain("<script");
  });

  it("requires every word; the last one matches as a prefix, the others whole", async () => {
    const tag = word();
    const connection = await say(alice, bob, `${tag} connection`);
    const connectionDetail = await say(alice, bob, `${tag} connection detail`);
    const connDetail = await say(alice, bob, `${tag} conn detail`);
    const detail = await say(alice, bob, `${tag} detail`);
    expect(ids(await search(alice, `${tag} conn`))).toEqual([connDetail.id, connectionDetail.id, connection.id]);
    expect(ids(await search(alice, `${tag} detail`))).toEqual([detail.id, connDetail.id, connectionDetail.id]);
    // "conn" is not the last word: it must appear whole, and "det…" too.
    expect(ids(await search(alice, `${tag} conn det`))).toEqual([connDetail.id]);
    expect(ids(await search(alice, `${tag} connection det`))).toEqual([connectionDetail.id]);
    expect(ids(await search(alice, `conn ${tag}`))).toEqual([connDetail.id]);
    expect(ids(await search(alice, `${tag} beam`))).toEqual([]);
    expect((await search(alice, `${tag} conn`)).content[2]?.highlight).toBe(
      `<mark>${tag}</mark> <mark>connection</mark>`,
    );
    // The last word as a prefix of the tag itself.
    expect(ids(await search(alice, tag.slice(0, 6)))).toEqual(
      expect.arrayContaining([connection.id, connectionDetail.id, connDetail.id, detail.id]),
    );
  });

  it("ignores case, and keeps the text's own case in the highlight", async () => {
    const tag = word();
    const sent = await say(alice, bob, `${tag.toUpperCase()} Steel BEAM`);
    for (const q of [
      `${tag} steel beam`,
      `${tag.toUpperCase()} STEEL Beam`,
      `sTeEl ${tag.slice(0, 5).toUpperCase()}`,
    ]) {
      const page = await search(alice, q);
      expect(ids(page), q).toEqual([sent.id]);
    }
    for (const q of [`${tag} steel beam`, `${tag.toUpperCase()} STEEL Beam`]) {
      expect((await search(alice, q)).content[0]?.highlight, q).toBe(
        `<mark>${tag.toUpperCase()}</mark> <mark>Steel</mark> <mark>BEAM</mark>`,
      );
    }
  });

  it("pages: size 10 over 25 hits answers 10, 10 and 5, the last page marked last", async () => {
    const tag = word();
    const sent: number[] = [];
    for (let i = 0; i < 25; i++) sent.push((await say(i % 2 ? bob : alice, i % 2 ? alice : bob, `${tag} n${i}`)).id);
    const pages = [];
    for (const page of [0, 1, 2, 3]) pages.push(await search(alice, tag, { page, size: 10 }));
    expect(pages.map((p) => [p.page, p.size, p.totalElements, p.last, p.content.length])).toEqual([
      [0, 10, 25, false, 10],
      [1, 10, 25, false, 10],
      [2, 10, 25, true, 5],
      [3, 10, 25, true, 0],
    ]);
    expect(pages.flatMap(ids)).toEqual([...sent].reverse());
    // Default size.
    const first = await search(alice, tag);
    expect([first.size, first.content.length, first.last]).toEqual([chatLimits.searchPageSize, 20, false]);
    expect(ids(await search(alice, tag, { size: 25 }))).toHaveLength(25);
    expect((await search(alice, tag, { size: 25 })).last).toBe(true);
  });

  it("filters by conversation: private:<name> and group:<id>", async () => {
    const tag = word();
    const withBob = await say(bob, alice, `${tag} with bob`);
    const withCarol = await say(alice, carol, `${tag} with carol`);
    const inGroup = await say(carol, group, `${tag} in the group`);
    expect(ids(await search(alice, tag))).toEqual([inGroup.id, withCarol.id, withBob.id]);
    expect(ids(await search(alice, tag, { conversation: `private:${bob.username}` }))).toEqual([withBob.id]);
    // The name is matched as usernames are, regardless of case.
    expect(ids(await search(alice, tag, { conversation: `private:${bob.username.toUpperCase()}` }))).toEqual([
      withBob.id,
    ]);
    expect(ids(await search(alice, tag, { conversation: `private:${carol.username}` }))).toEqual([withCarol.id]);
    const inGroupOnly = await search(alice, tag, { conversation: `group:${group.id}` });
    expect(inGroupOnly.content).toEqual([
      { message: inGroup, conversation: `group:${group.id}`, highlight: `<mark>${tag}</mark> in the group` },
    ]);
    // No conversation with dave yet, or with nobody: nothing, not an error.
    expect(await search(alice, tag, { conversation: `private:${dave.username}` })).toEqual({
      content: [],
      page: 0,
      size: chatLimits.searchPageSize,
      totalElements: 0,
      last: true,
    });
    expect((await search(alice, tag, { conversation: "private:nobody.at.all" })).content).toEqual([]);
    // Someone else's group, one that does not exist, and names that are no conversation.
    expect((await call(t, "GET", searchUrl(tag, { conversation: `group:${group.id}` }), dave)).statusCode).toBe(403);
    expect((await call(t, "GET", searchUrl(tag, { conversation: "group:987654321" }), alice)).statusCode).toBe(404);
    for (const conversation of ["group:abc", "x:y", "private:", "group:0"]) {
      expect((await call(t, "GET", searchUrl(tag, { conversation }), alice)).statusCode, conversation).toBe(400);
    }
  });
});

describe("what search never shows", () => {
  it("private messages between two other people (to anyone, administrators too)", async () => {
    const tag = word();
    const theirs = await say(carol, dave, `${tag} between carol and dave`);
    expect(ids(await search(carol, tag))).toEqual([theirs.id]);
    expect(ids(await search(dave, tag))).toEqual([theirs.id]);
    for (const who of [alice, bob, admin, otherAdmin]) expect(ids(await search(who, tag))).toEqual([]);
    // Not through a conversation filter either: alice has no conversation named carol↔dave.
    expect(ids(await search(alice, tag, { conversation: `private:${carol.username}` }))).toEqual([]);
    expect(ids(await search(alice, tag, { conversation: `private:${dave.username}` }))).toEqual([]);
  });

  it("the messages of a group the searcher was removed from", async () => {
    const tag = word();
    const left = await newGroup("Leaving", [alice, bob]);
    const earlier = await say(bob, left, `${tag} before alice left`);
    const own = await say(alice, left, `${tag} alice wrote this`);
    expect(ids(await search(alice, tag))).toEqual([own.id, earlier.id]);
    const updated = await expectJson<ChatGroup>(t, "PUT", chatPaths.groupMembers(left.id), admin, 200, {
      members: [bob.username],
    });
    expect(updated.members).not.toContain(alice.username);
    expect(ids(await search(alice, tag))).toEqual([]);
    expect((await call(t, "GET", searchUrl(tag, { conversation: `group:${left.id}` }), alice)).statusCode).toBe(403);
    // The group's members still find them.
    expect(ids(await search(bob, tag))).toEqual([own.id, earlier.id]);
  });

  it("deleted messages", async () => {
    const tag = word();
    const kept = await say(alice, bob, `${tag} kept`);
    const gone = await say(alice, bob, `${tag} gone soon`);
    expect(ids(await search(bob, tag))).toEqual([gone.id, kept.id]);
    expect((await call(t, "DELETE", chatPaths.message(gone.id), alice)).statusCode).toBe(204);
    for (const who of [alice, bob]) {
      expect(ids(await search(who, tag))).toEqual([kept.id]);
      expect(ids(await search(who, `${tag} gone`))).toEqual([]);
    }
  });

  it("an edited message's old words; its new words find it", async () => {
    const tag = word();
    const sent = await say(alice, bob, `${tag} oldword here`);
    expect(ids(await search(bob, `${tag} oldword`))).toEqual([sent.id]);
    const response = await t.app.inject({
      method: "PATCH",
      url: chatPaths.message(sent.id),
      headers: authHeader(alice.token),
      payload: { content: `${tag} newword here` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(ids(await search(bob, `${tag} oldword`))).toEqual([]);
    expect(ids(await search(bob, "oldword"))).toEqual([]);
    const [hit] = (await search(bob, `${tag} newword`)).content;
    expect(hit?.message).toMatchObject({ id: sent.id, content: `${tag} newword here`, editedAt: expect.any(String) });
    expect(hit?.highlight).toBe(`<mark>${tag}</mark> <mark>newword</mark> here`);
  });

  it("an administrator's search covers their own groups, others only when named", async () => {
    const tag = word();
    const crew = await newGroup("Admin's crew", [alice, bob]);
    const sent = await say(alice, crew, `${tag} for the crew`);
    // admin created the group, so is a member.
    expect(ids(await search(admin, tag))).toEqual([sent.id]);
    expect(ids(await search(otherAdmin, tag))).toEqual([]);
    const named = await search(otherAdmin, tag, { conversation: `group:${crew.id}` });
    expect(named.content.map((hit) => [hit.message.id, hit.conversation])).toEqual([[sent.id, `group:${crew.id}`]]);
  });
});

describe("bad and hostile queries", () => {
  const status = async (url: string) => (await call(t, "GET", url, alice)).statusCode;

  it("refuses queries too short, too long or without a word, and bad paging", async () => {
    expect(await status(searchUrl("a"))).toBe(400);
    expect(await status(searchUrl(" a "))).toBe(400);
    expect(await status(searchUrl(""))).toBe(400);
    expect(await status("/api/chat/search")).toBe(400);
    expect(await status(searchUrl("!!"))).toBe(400);
    expect(await status(searchUrl("-- ;; ''"))).toBe(400);
    expect(await status(searchUrl("x".repeat(chatLimits.searchQueryMax + 1)))).toBe(400);
    expect(await status(searchUrl("x".repeat(chatLimits.searchQueryMax)))).toBe(200);
    expect(await status(searchUrl("steel", { size: chatLimits.maxSearchPageSize + 1 }))).toBe(400);
    expect(await status(searchUrl("steel", { size: chatLimits.maxSearchPageSize }))).toBe(200);
    expect(await status(searchUrl("steel", { size: 0 }))).toBe(400);
    expect(await status(searchUrl("steel", { page: -1 }))).toBe(400);
    expect(await status("/api/chat/search?q=steel&page=abc")).toBe(400);
    expect(await status("/api/chat/search?q=steel&size=1.5")).toBe(400);
    // Only staff search.
    expect((await t.app.inject({ method: "GET", url: searchUrl("steel") })).statusCode).toBe(401);
  });

  it("never fails on text-search syntax, quotes or backslashes", async () => {
    const tag = word();
    const sent = await say(alice, bob, `${tag} a b x it's`);
    const hostile = [
      "a' & b",
      "x:*",
      "(!",
      "\\",
      "\\\\'",
      "' | '",
      "a:* & !b",
      "foo <-> bar",
      "a' OR '1'='1",
      "%_%",
      "$$ $1",
      "'); drop table messages; --",
      `${tag}:*`,
      `${tag}' & 'x`,
      `'${tag}'`,
      "\u200b\u200b",
      "😀😀",
      "a".repeat(64 * 3),
      Array.from({ length: 60 }, (_, i) => `w${i}`).join(" "),
    ];
    for (const q of hostile) {
      const response = await call(t, "GET", searchUrl(q), alice);
      expect([200, 400], `${JSON.stringify(q)}: ${response.body}`).toContain(response.statusCode);
      if (response.statusCode === 200) searchPageSchema.parse(response.json());
    }
    // Syntax around the words is ignored: the words are still searched.
    expect(ids(await search(alice, `${tag}:*`))).toEqual([sent.id]);
    expect(ids(await search(alice, `${tag}' & 'x`))).toEqual([sent.id]);
    expect(ids(await search(alice, `'${tag}' | 'zzzz'`))).toEqual([]);
  });
});

describe("the search index", () => {
  it("the search query reads messages_search_idx (both the page and the count)", async () => {
    const tag = word();
    // Two conversations to fill: alice's (searched) and carol↔dave's (never readable by alice).
    await say(alice, bob, "filler starts");
    await say(carol, dave, "filler starts");
    const { db } = t.app;
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    const conversations = await rows<{ id: number | string; last_seq: number | string; user_low: number | string }>(sql`
      select id, last_seq, user_low from chat_conversations
      where group_id is null and (user_low, user_high) in ((${Math.min(alice.id, bob.id)}, ${Math.max(alice.id, bob.id)}),
        (${Math.min(carol.id, dave.id)}, ${Math.max(carol.id, dave.id)}))`);
    expect(conversations).toHaveLength(2);
    // Filler as a history of ~2 000 messages has it, written straight to the table (sending as
    // many over STOMP would take half a minute): varied words, none of them the tag.
    // Sent a day ago, so that no rate limit counts them.
    for (const conversation of conversations) {
      const [from, to] = [alice.id, bob.id].includes(Number(conversation.user_low)) ? [alice, bob] : [carol, dave];
      await db.execute(sql`
        insert into messages (conversation_id, seq, type, sender_id, sender_name, recipient_id, recipient_name, content, created_at)
        select ${Number(conversation.id)}, ${Number(conversation.last_seq)} + g, 'PRIVATE_MESSAGE',
          ${from.id}, ${from.username}, ${to.id}, ${to.username},
          'w' || md5(g::text) || ' beam column bolt weld plate ' || (array['grid','slab','truss','brace'])[1 + g % 4] || ' ' || g,
          now() - interval '1 day'
        from generate_series(1, 1000) g`);
      await db.execute(
        sql`update chat_conversations set last_seq = last_seq + 1000 where id = ${Number(conversation.id)}`,
      );
    }
    const sent: number[] = [];
    for (let i = 0; i < 6; i++) sent.push((await say(i % 2 ? bob : alice, i % 2 ? alice : bob, `${tag} hit ${i}`)).id);
    // What autovacuum does on PostgreSQL: statistics, and the GIN index's pending list merged.
    await db.execute(sql`vacuum (analyze) messages`);

    // Index scans made in this transaction (exact and immediate, unlike pg_stat_user_indexes,
    // which a server updates only when a backend flushes its counters).
    const scans = async (tx: Pick<typeof db, "execute">) => {
      const { rows: counted } = (await tx.execute(
        sql`select pg_stat_get_xact_numscans('messages_search_idx'::regclass)::int as n`,
      )) as unknown as { rows: { n: number }[] };
      return Number(counted[0]!.n);
    };
    const { found, used } = await db.transaction(async (tx) => {
      const before = await scans(tx);
      const repository = chatRepository(tx as unknown as typeof db);
      const result = await repository.search(alice.id, toTsQuery(searchTerms(tag)!), undefined, 0, 20);
      return { found: result, used: (await scans(tx)) - before };
    });
    expect(found.total).toBe(6);
    expect(found.messages.map((message) => message.id)).toEqual([...sent].reverse());
    // Both statements of the search (its page and its count) read the index.
    expect(used).toBeGreaterThanOrEqual(2);
    // The API answers the same.
    expect(ids(await search(alice, tag))).toEqual([...sent].reverse());
  });
});
