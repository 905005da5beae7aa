/**
 * DESIGN §10 reactions, @mentions and typing, end to end with real STOMP clients on a real port:
 * one emoji per reaction and at most 20 different ones per message, told live to the
 * conversation; mentions of group members only; typing never stored and at most once per 3 s.
 * Edit, delete and replies: actions.test.ts.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CatchUpPage,
  type ChatEvent,
  type ChatMessage,
  chatDestinations,
  chatLimits,
  chatPaths,
  type ReactionsResult,
  type UnreadItem,
} from "../../../shared/chat.ts";
import type { ChatGroup } from "../../../shared/chat-groups.ts";
import { type Refusal, refusalSchema } from "../../../shared/realtime.ts";
import { type ChatPerson, call, chatClients, chatPerson, expectJson } from "../../../test/helpers/chat.ts";
import { createTestDatabase } from "../../../test/helpers/database.ts";
import { adminToken } from "../../../test/helpers/factories.ts";
import { type RealtimeTestApp, startApp, uniquePrefix, waitFor } from "../../../test/helpers/realtime.ts";
import { messages } from "../../db/schema.ts";
import { actionRefusals } from "./actions.ts";
import { chatRefusals } from "./service.ts";

const database = await createTestDatabase();
let t: RealtimeTestApp;
const clients = chatClients(() => t.url);
let admin: ChatPerson;

beforeAll(async () => {
  t = await startApp(
    { redisKeyPrefix: uniquePrefix("chat-reactions") },
    { database, chat: { rateLimit: { messages: 1_000 } } },
  );
  admin = { id: 0, username: "admin", password: "", token: await adminToken(t) };
});
afterAll(async () => {
  await clients.closeAll();
  await t?.close();
  await database.close();
});

type Connection = Awaited<ReturnType<typeof clients.connect>> & { person: ChatPerson };
const connect = async (person: ChatPerson): Promise<Connection> => ({ ...(await clients.connect(person)), person });

const newGroup = (name: string, members: ChatPerson[], by: ChatPerson = admin) =>
  expectJson<ChatGroup>(t, "POST", chatPaths.createGroup, by, 201, {
    name,
    members: members.map((member) => member.username),
  });

const historyOf = async (who: ChatPerson, to: ChatPerson | ChatGroup) =>
  (
    await expectJson<CatchUpPage>(
      t,
      "GET",
      "members" in to ? chatPaths.groupAfter(to.id, 0, 500) : chatPaths.privateAfter(who.username, to.username, 0, 500),
      who,
    )
  ).content;

let sent = 0;
/** Sends over STOMP (RECEIPT awaited) and answers the message as stored. */
async function say(from: Connection, to: ChatPerson | ChatGroup, content: string): Promise<ChatMessage> {
  const clientId = `r-${++sent}`;
  const isGroup = "members" in to;
  const body = { ...(isGroup ? { groupId: to.id } : { recipient: to.username }), content, clientId };
  expect(await from.client.send(isGroup ? chatDestinations.sendGroup : chatDestinations.sendPrivate, body)).toBe(
    "done",
  );
  const stored = (await historyOf(from.person, to)).find((message) => message.clientId === clientId);
  if (!stored) throw new Error(`message ${clientId} not in history`);
  return stored;
}

/** Waits until a message (not an event) with this content is on the queue: what was published before it is there too. */
const waitForMessage = (queue: { json: () => unknown[] }, content: string) =>
  waitFor(
    () => queue.json().some((body) => "seq" in (body as object) && (body as ChatMessage).content === content),
    5_000,
    `"${content}"`,
  );

const reactionEvents = (queue: { json: () => unknown[] }, messageId: number) =>
  queue
    .json()
    .filter(
      (body) =>
        (body as ChatEvent).type === "REACTIONS_UPDATED" && (body as { messageId: number }).messageId === messageId,
    );

const react = (who: ChatPerson, id: number, emoji: string) => call(t, "PUT", chatPaths.reaction(id, emoji), who);
const unreact = (who: ChatPerson, id: number, emoji: string) => call(t, "DELETE", chatPaths.reaction(id, emoji), who);
const unreadOf = (who: ChatPerson) => expectJson<UnreadItem[]>(t, "GET", chatPaths.unread(who.username), who);
const refusals = (errors: { json: () => unknown[] }) =>
  errors.json().map((body) => refusalSchema.parse(body) as Refusal);

/** 30 different emojis, each one RGI emoji. */
const emojis = [..."😀😃😄😁😆😅😂🤣😊😇🙂🙃😉😌😍🥰😘😗😙😚😋😛😝😜🤪🤨🧐🤓😎🥸"];

describe("reactions (PUT / DELETE /api/chat/messages/{id}/reactions/{emoji})", () => {
  it("add, append and take back, told live to both sides once per change; history shows them", async () => {
    const [alice, bob] = [await chatPerson(t), await chatPerson(t)];
    const [a, b] = [await connect(alice), await connect(bob)];
    const message = await say(a, bob, "Pour approved");

    expect(await expectJson<ReactionsResult>(t, "PUT", chatPaths.reaction(message.id, "👍"), alice)).toEqual({
      messageId: message.id,
      reactions: { "👍": [alice.username] },
    });
    await waitFor(() => reactionEvents(b.queue, message.id).length === 1, 5_000, "bob's event");
    expect(reactionEvents(b.queue, message.id)).toEqual([
      { type: "REACTIONS_UPDATED", messageId: message.id, reactions: { "👍": [alice.username] } },
    ]);

    const both = { "👍": [alice.username, bob.username] };
    expect((await react(bob, message.id, "👍")).json()).toEqual({ messageId: message.id, reactions: both });
    await waitFor(() => reactionEvents(a.queue, message.id).length === 2, 5_000, "alice's second event");
    expect(reactionEvents(a.queue, message.id)[1]).toMatchObject({ reactions: both });

    // The same reaction again changes nothing: the same answer, no event.
    const again = await react(alice, message.id, "👍");
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ messageId: message.id, reactions: both });
    // Taking back a reaction one never made: nothing either.
    expect((await unreact(alice, message.id, "🎉")).json()).toEqual({ messageId: message.id, reactions: both });

    const taken = await unreact(alice, message.id, "👍");
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toEqual({ messageId: message.id, reactions: { "👍": [bob.username] } });
    for (const side of [a, b]) {
      await waitFor(() => reactionEvents(side.queue, message.id).length >= 3, 5_000, "the third event");
      expect(reactionEvents(side.queue, message.id).map((event) => (event as ReactionsResult).reactions)).toEqual([
        { "👍": [alice.username] },
        both,
        { "👍": [bob.username] },
      ]);
    }
    await say(a, bob, "later");
    for (const side of [a, b]) {
      await waitForMessage(side.queue, "later");
      expect(reactionEvents(side.queue, message.id)).toHaveLength(3);
    }
    expect((await historyOf(alice, bob)).find((m) => m.id === message.id)?.reactions).toEqual({ "👍": [bob.username] });
    expect((await unreact(bob, message.id, "👍")).json()).toEqual({ messageId: message.id, reactions: {} });
    expect((await historyOf(bob, alice)).find((m) => m.id === message.id)?.reactions).toEqual({});
  });

  it("in a group: told on the group topic", async () => {
    const [alice, bob] = [await chatPerson(t), await chatPerson(t)];
    const group = await newGroup("Reaction crew", [alice, bob]);
    const a = await connect(alice);
    const topic = await a.client.subscribe(chatDestinations.group(group.id));
    const message = await say(a, group, "Trusses delivered");
    expect((await react(bob, message.id, "🎉")).statusCode).toBe(200);
    await waitFor(() => reactionEvents(topic, message.id).length === 1, 5_000, "the topic's event");
    expect(reactionEvents(topic, message.id)[0]).toMatchObject({ reactions: { "🎉": [bob.username] } });
    expect((await historyOf(alice, group))[0]?.reactions).toEqual({ "🎉": [bob.username] });
  });

  it("take exactly one emoji: flags, families, skin tones and ❤️ are one; words, pairs and long strings are not", async () => {
    const [alice, bob] = [await chatPerson(t), await chatPerson(t)];
    const a = await connect(alice);
    const message = await say(a, bob, "Which one?");
    const accepted = ["🇳🇱", "👨‍👩‍👧", "❤️", "👍🏽", "🏳️‍🌈"];
    for (const emoji of accepted) expect((await react(alice, message.id, emoji)).statusCode, emoji).toBe(200);
    expect(Object.keys((await historyOf(alice, bob))[0]!.reactions)).toEqual(accepted);

    const refused = ["abc", "👍👍", "", "a".repeat(40), "👍".repeat(20), "1", "#", "👍 ", "<b>", "\u200d"];
    for (const emoji of refused) {
      const response = await react(alice, message.id, emoji);
      expect(response.statusCode, JSON.stringify(emoji)).toBe(400);
      expect((await unreact(alice, message.id, emoji)).statusCode, JSON.stringify(emoji)).toBe(400);
    }
    expect((await react(alice, message.id, "abc")).json().message).toBe(actionRefusals.notEmoji);
    expect(Object.keys((await historyOf(alice, bob))[0]!.reactions)).toEqual(accepted);
  });

  it(`allow ${chatLimits.maxReactionsPerMessage} different emojis on a message, not one more; more people may join one of them`, async () => {
    const [alice, bob] = [await chatPerson(t), await chatPerson(t)];
    const a = await connect(alice);
    const message = await say(a, bob, "Vote");
    for (const emoji of emojis.slice(0, chatLimits.maxReactionsPerMessage)) {
      expect((await react(alice, message.id, emoji)).statusCode).toBe(200);
    }
    const full = await react(bob, message.id, emojis[chatLimits.maxReactionsPerMessage]!);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(actionRefusals.tooManyReactions);
    expect((await react(bob, message.id, emojis[0]!)).json().reactions[emojis[0]!]).toEqual([
      alice.username,
      bob.username,
    ]);
    // Taking one back makes room for another.
    expect((await unreact(alice, message.id, emojis[1]!)).statusCode).toBe(200);
    expect((await react(bob, message.id, emojis[chatLimits.maxReactionsPerMessage]!)).statusCode).toBe(200);
    expect(Object.keys((await historyOf(bob, alice))[0]!.reactions)).toHaveLength(chatLimits.maxReactionsPerMessage);
  });

  it("at once: 30 different emojis from three people leave exactly 20", async () => {
    const people = [await chatPerson(t), await chatPerson(t), await chatPerson(t)];
    const group = await newGroup("Rush", people);
    const a = await connect(people[0]!);
    const message = await say(a, group, "Everyone react");
    const responses = await Promise.all(emojis.map((emoji, i) => react(people[i % 3]!, message.id, emoji)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(chatLimits.maxReactionsPerMessage);
    expect(statuses.filter((status) => status === 409)).toHaveLength(emojis.length - chatLimits.maxReactionsPerMessage);
    const stored = (await historyOf(people[1]!, group))[0]!.reactions;
    expect(Object.keys(stored)).toHaveLength(chatLimits.maxReactionsPerMessage);
    const accepted = emojis.filter((_, i) => statuses[i] === 200);
    expect(Object.keys(stored).sort()).toEqual(accepted.sort());

    // The same person, the same emoji, many times at once: one reaction.
    const same = await Promise.all(Array.from({ length: 10 }, () => react(people[2]!, message.id, accepted[0]!)));
    expect(same.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const after = (await historyOf(people[1]!, group))[0]!.reactions[accepted[0]!]!;
    expect(after.filter((name) => name === people[2]!.username)).toHaveLength(1);
  });

  it("are refused to those who may not read the message (404), on a deleted message (409), and for bad ids", async () => {
    const [alice, bob, carol] = [await chatPerson(t), await chatPerson(t), await chatPerson(t)];
    const a = await connect(alice);
    const message = await say(a, bob, "Just us");
    for (const outsider of [carol, admin]) {
      const response = await react(outsider, message.id, "👍");
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(actionRefusals.noMessage);
      expect((await unreact(outsider, message.id, "👍")).statusCode).toBe(404);
    }
    expect((await react(alice, 999_999_999, "👍")).statusCode).toBe(404);
    expect((await call(t, "PUT", "/api/chat/messages/abc/reactions/%F0%9F%91%8D", alice)).statusCode).toBe(400);
    expect((await call(t, "PUT", "/api/chat/messages/0/reactions/%F0%9F%91%8D", alice)).statusCode).toBe(400);
    expect((await t.app.inject({ method: "PUT", url: chatPaths.reaction(message.id, "👍") })).statusCode).toBe(401);
    expect((await historyOf(alice, bob))[0]!.reactions).toEqual({});

    expect((await react(bob, message.id, "👍")).statusCode).toBe(200);
    expect((await call(t, "DELETE", chatPaths.message(message.id), alice)).statusCode).toBe(204);
    for (const response of [await react(bob, message.id, "🎉"), await unreact(bob, message.id, "👍")]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(actionRefusals.deleted);
    }
    expect((await historyOf(alice, bob))[0]!.reactions).toEqual({});
  });
});

describe("@mentions", () => {
  it("name group members only (any case), never the author; the mentioned get the mention badge", async () => {
    const [alice, bob, carol, dave] = [
      await chatPerson(t),
      await chatPerson(t),
      await chatPerson(t),
      await chatPerson(t),
    ];
    const group = await newGroup("Mention crew", [alice, bob, carol]);
    const a = await connect(alice);
    const topic = await a.client.subscribe(chatDestinations.group(group.id));
    const text = `@${bob.username.toUpperCase()} please check, cc @${dave.username} @${alice.username} @admin.`;
    const message = await say(a, group, text);
    // admin created the group: a member, so mentioned; dave is not one; alice wrote it.
    expect(message.mentions).toEqual(["admin", bob.username].sort());
    await waitFor(() => topic.json().some((body) => (body as ChatMessage).id === message.id), 5_000, "the message");
    expect((topic.json().find((body) => (body as ChatMessage).id === message.id) as ChatMessage).mentions).toEqual(
      message.mentions,
    );
    const unreadItem = async (who: ChatPerson) => (await unreadOf(who)).find((item) => item.id === message.id);
    expect(await unreadItem(bob)).toMatchObject({ mentioned: true, group: { id: group.id } });
    expect(await unreadItem(carol)).toMatchObject({ mentioned: false });
    expect(await unreadItem(dave)).toBeUndefined();

    // Inside a word (an e-mail address) is no mention.
    const mail = await say(a, group, `Write to ${carol.username}@example.com or x@${carol.username}`);
    expect(mail.mentions).toEqual([]);
    expect((await unreadOf(carol)).find((item) => item.id === mail.id)?.mentioned).toBe(false);
  });

  it("are never part of a private message", async () => {
    const [alice, bob] = [await chatPerson(t), await chatPerson(t)];
    const a = await connect(alice);
    const message = await say(a, bob, `@${bob.username} are you there?`);
    expect(message.mentions).toEqual([]);
    expect((await unreadOf(bob)).find((item) => item.id === message.id)).toMatchObject({ mentioned: false });
  });
});

describe("typing (SEND /app/chat.typing)", () => {
  const typing = chatDestinations.typing;
  const typingEvents = (queue: { json: () => unknown[] }) =>
    queue.json().filter((body) => (body as ChatEvent).type === "TYPING");

  it("reaches the other person only, at most once per 3 s per conversation, and is never stored", async () => {
    const [alice, bob, carol] = [await chatPerson(t), await chatPerson(t), await chatPerson(t)];
    const [a, b, c] = [await connect(alice), await connect(bob), await connect(carol)];
    const stored = () => t.app.db.$count(messages);
    const before = await stored();

    expect(await a.client.send(typing, { recipient: bob.username })).toBe("done");
    await waitFor(() => typingEvents(b.queue).length === 1, 5_000, "bob's TYPING");
    expect(typingEvents(b.queue)).toEqual([
      { type: "TYPING", conversation: `private:${alice.username}`, from: alice.username },
    ]);
    // Again at once: dropped (but not refused); to someone else: a conversation of its own.
    expect(await a.client.send(typing, { recipient: bob.username.toUpperCase() })).toBe("done");
    expect(await a.client.send(typing, { recipient: carol.username })).toBe("done");
    await waitFor(() => typingEvents(c.queue).length === 1, 5_000, "carol's TYPING");
    // bob's reply types too: the throttle is per person.
    expect(await b.client.send(typing, { recipient: alice.username })).toBe("done");
    await waitFor(() => typingEvents(a.queue).length === 1, 5_000, "alice's TYPING");
    expect(typingEvents(a.queue)).toEqual([
      { type: "TYPING", conversation: `private:${bob.username}`, from: bob.username },
    ]);

    expect(await stored()).toBe(before);
    expect(await historyOf(alice, bob)).toEqual([]);
    // A message sent after the second TYPING arrives after anything that TYPING could have sent.
    await say(a, bob, "ping");
    await waitForMessage(b.queue, "ping");
    expect(typingEvents(b.queue)).toHaveLength(1);
    expect(refusals(a.errors)).toEqual([]);
  });

  it("stopped goes only after a TYPING that went out in the last 6 s, and once", async () => {
    const [alice, bob, carol] = [await chatPerson(t), await chatPerson(t), await chatPerson(t)];
    const [a, b, c] = [await connect(alice), await connect(bob), await connect(carol)];
    // No TYPING went out to carol: her stopped goes nowhere.
    expect(await a.client.send(typing, { recipient: carol.username, stopped: true })).toBe("done");
    expect(await a.client.send(typing, { recipient: bob.username })).toBe("done");
    expect(await a.client.send(typing, { recipient: bob.username, stopped: true })).toBe("done");
    expect(await a.client.send(typing, { recipient: bob.username, stopped: true })).toBe("done");
    await waitFor(() => typingEvents(b.queue).length === 2, 5_000, "TYPING then stopped");
    expect(typingEvents(b.queue)).toEqual([
      { type: "TYPING", conversation: `private:${alice.username}`, from: alice.username },
      { type: "TYPING", conversation: `private:${alice.username}`, from: alice.username, stopped: true },
    ]);
    // Whatever reached bob or carol before this message is in their queues by the time it arrives.
    await say(a, bob, "sentinel");
    await waitForMessage(b.queue, "sentinel");
    await say(a, carol, "sentinel");
    await waitForMessage(c.queue, "sentinel");
    expect(typingEvents(b.queue)).toHaveLength(2);
    expect(typingEvents(c.queue)).toEqual([]);
    // `stopped` must be true when given.
    expect(await a.client.send(typing, { recipient: bob.username, stopped: false })).toBe("refused");
  });

  it("to a group goes to its topic; refused to non-members, to those who may not send there, and to nobody", async () => {
    const [alice, bob, dave] = [await chatPerson(t), await chatPerson(t), await chatPerson(t)];
    const group = await newGroup("Typing crew", [alice, bob]);
    const quiet = await newGroup("Announcements", [alice, bob]);
    await expectJson(t, "PUT", chatPaths.groupPermissions(quiet.id), admin, 200, {
      adminOnlyMessage: true,
      allowedSenders: [],
    });
    const [a, b, d, boss] = [await connect(alice), await connect(bob), await connect(dave), await connect(admin)];
    const topic = await b.client.subscribe(chatDestinations.group(group.id));
    const quietTopic = await a.client.subscribe(chatDestinations.group(quiet.id));
    const before = await t.app.db.$count(messages);

    expect(await a.client.send(typing, { groupId: group.id })).toBe("done");
    await waitFor(() => typingEvents(topic).length === 1, 5_000, "the group's TYPING");
    expect(typingEvents(topic)).toEqual([{ type: "TYPING", conversation: `group:${group.id}`, from: alice.username }]);
    // Only the group's admin may write in the announcements group: their typing shows there.
    expect(await boss.client.send(typing, { groupId: String(quiet.id) })).toBe("done");
    await waitFor(() => typingEvents(quietTopic).length === 1, 5_000, "the quiet group's TYPING");

    // Each refusal is told every time (a refusal is not a typing event to throttle).
    for (let i = 0; i < 2; i++) {
      expect(await d.client.send(typing, { groupId: group.id })).toBe("refused");
      expect(await a.client.send(typing, { groupId: quiet.id })).toBe("refused");
      expect(await a.client.send(typing, { recipient: "nobody.at.all" })).toBe("refused");
      expect(await a.client.send(typing, { groupId: 987_654 })).toBe("refused");
    }
    expect(refusals(d.errors)).toMatchObject([
      { code: "FORBIDDEN", message: chatRefusals.notMember, destination: typing },
      { code: "FORBIDDEN", message: chatRefusals.notMember, destination: typing },
    ]);
    expect(refusals(a.errors)).toMatchObject([
      { code: "FORBIDDEN", message: chatRefusals.noPermission },
      { code: "NOT_FOUND", message: chatRefusals.noRecipient },
      { code: "NOT_FOUND", message: chatRefusals.noGroup },
      { code: "FORBIDDEN", message: chatRefusals.noPermission },
      { code: "NOT_FOUND", message: chatRefusals.noRecipient },
      { code: "NOT_FOUND", message: chatRefusals.noGroup },
    ]);
    expect(await a.client.send(typing, { recipient: alice.username })).toBe("refused");
    expect(refusals(a.errors).at(-1)).toMatchObject({ code: "NOT_FOUND" });

    const invalid: unknown[] = [
      {},
      { recipient: "x", groupId: group.id },
      { recipient: bob.username, content: "hi" },
      { groupId: group.id, from: bob.username },
      { recipient: "" },
      { groupId: 0 },
      { groupId: "abc" },
      "not json",
      [],
    ];
    const seen = refusals(a.errors).length;
    for (const body of invalid) expect(await a.client.send(typing, body), JSON.stringify(body)).toBe("refused");
    const told = refusals(a.errors).slice(seen);
    expect(told.map((refusal) => refusal.code)).toEqual(invalid.map(() => "INVALID"));

    // Nothing of it was stored, and nothing reached the group but alice's first TYPING.
    expect(await t.app.db.$count(messages)).toBe(before);
    await say(b, group, "done typing");
    await waitFor(
      () => topic.json().some((body) => (body as ChatMessage).content === "done typing"),
      5_000,
      "the message",
    );
    expect(typingEvents(topic)).toHaveLength(1);
    expect(await historyOf(alice, group)).toHaveLength(1);
    expect(await t.app.db.$count(messages, sql`${messages.groupId} = ${quiet.id}`)).toBe(0);
  });
});
