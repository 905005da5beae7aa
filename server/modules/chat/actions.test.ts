/**
 * DESIGN §10 actions on a sent message, end to end with real STOMP clients on a real port: edit
 * (its sender, within the window), delete (its sender, or an admin in a group: a tombstone stays,
 * text and attachment are erased), and replies (a quote of an original in the same conversation).
 * Reactions, mentions and typing: actions-reactions.test.ts.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CatchUpPage,
  type ChatEvent,
  type ChatMessage,
  chatDestinations,
  chatLimits,
  chatMessageSchema,
  chatPaths,
  type UnreadItem,
} from "../../../shared/chat.ts";
import type { ChatGroup } from "../../../shared/chat-groups.ts";
import { type Refusal, refusalSchema } from "../../../shared/realtime.ts";
import { type ChatPerson, call, chatClients, chatPerson, expectJson, uploadText } from "../../../test/helpers/chat.ts";
import { createTestDatabase } from "../../../test/helpers/database.ts";
import { adminToken, createEmployee, loginAs } from "../../../test/helpers/factories.ts";
import { type RealtimeTestApp, startApp, uniquePrefix, waitFor } from "../../../test/helpers/realtime.ts";
import { chatAttachments, messages } from "../../db/schema.ts";
import { actionRefusals } from "./actions.ts";
import { chatRefusals } from "./service.ts";

const database = await createTestDatabase();
let t: RealtimeTestApp;
const clients = chatClients(() => t.url);
/** The built-in admin: creates the groups, so is a member of each. */
let admin: ChatPerson;
/** An administrator who is a member of no group. */
let outsideAdmin: ChatPerson;

beforeAll(async () => {
  // These tests send more than the 30 messages in 10 s one account may (rate-limit.test.ts covers that).
  t = await startApp(
    { redisKeyPrefix: uniquePrefix("chat-actions") },
    { database, chat: { rateLimit: { messages: 1_000 } } },
  );
  admin = { id: 0, username: "admin", password: "", token: await adminToken(t) };
  const other = await createEmployee(t, { kind: "admin" });
  outsideAdmin = { id: other.id, username: other.username, password: other.password, token: await loginAs(t, other) };
});
afterAll(async () => {
  await clients.closeAll();
  await t?.close();
  await database.close();
});

type Connection = Awaited<ReturnType<typeof clients.connect>> & { person: ChatPerson };
const connect = async (person: ChatPerson): Promise<Connection> => ({ ...(await clients.connect(person)), person });

const newGroup = (name: string, members: ChatPerson[]) =>
  expectJson<ChatGroup>(t, "POST", chatPaths.createGroup, admin, 201, {
    name,
    members: members.map((member) => member.username),
  });

/** The conversation's messages, oldest first, as `who` reads them. */
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
async function say(
  from: Connection,
  to: ChatPerson | ChatGroup,
  content: string,
  extra: Record<string, unknown> = {},
): Promise<ChatMessage> {
  const clientId = `a-${++sent}`;
  const isGroup = "members" in to;
  const body = { ...(isGroup ? { groupId: to.id } : { recipient: to.username }), content, clientId, ...extra };
  expect(await from.client.send(isGroup ? chatDestinations.sendGroup : chatDestinations.sendPrivate, body)).toBe(
    "done",
  );
  const stored = (await historyOf(from.person, to)).find((message) => message.clientId === clientId);
  if (!stored) throw new Error(`message ${clientId} not in history`);
  return stored;
}

/** The live events about one message on a queue or topic. */
const eventsOn = (queue: { json: () => unknown[] }, type: ChatEvent["type"], messageId: number) =>
  queue
    .json()
    .filter(
      (body) => (body as ChatEvent).type === type && (body as { message?: ChatMessage }).message?.id === messageId,
    ) as (ChatEvent & { message: ChatMessage })[];

/** Waits until a message (not an event) with this content is on the queue: what was published before it is there too. */
const waitForMessage = (queue: { json: () => unknown[] }, content: string) =>
  waitFor(
    () => queue.json().some((body) => (body as ChatMessage).content === content && !("message" in (body as object))),
    5_000,
    `"${content}"`,
  );

const edit = (who: ChatPerson, id: number | string, content: unknown) =>
  call(t, "PATCH", `/api/chat/messages/${id}`, who, { content });
const remove = (who: ChatPerson, id: number | string) => call(t, "DELETE", `/api/chat/messages/${id}`, who);
const backdate = (id: number, minutes: number) =>
  t.app.db
    .update(messages)
    .set({ createdAt: sql`now() - make_interval(mins => ${minutes})` })
    .where(eq(messages.id, id));
const unreadOf = (who: ChatPerson) => expectJson<UnreadItem[]>(t, "GET", chatPaths.unread(who.username), who);
const refusals = (errors: { json: () => unknown[] }) =>
  errors.json().map((body) => refusalSchema.parse(body) as Refusal);

describe("PATCH /api/chat/messages/{id} (edit)", () => {
  it("lets the sender edit: the new text and editedAt, MESSAGE_UPDATED on both queues, and in history", async () => {
    const [alice, bob] = [await chatPerson(t), await chatPerson(t)];
    const [a, b] = [await connect(alice), await connect(bob)];
    const original = await say(a, bob, "Beam B12 is 305 deep");
    expect(original.editedAt).toBeNull();

    const response = await edit(alice, original.id, "  Beam B12 is 356 deep  ");
    expect(response.statusCode, response.body).toBe(200);
    const edited = chatMessageSchema.parse(response.json());
    expect(edited).toEqual({ ...original, content: "Beam B12 is 356 deep", editedAt: expect.any(String) });
    expect(Date.parse(edited.editedAt!)).toBeGreaterThanOrEqual(Date.parse(original.timestamp));

    for (const side of [a, b]) {
      await waitFor(() => eventsOn(side.queue, "MESSAGE_UPDATED", original.id).length === 1, 5_000, "MESSAGE_UPDATED");
      expect(eventsOn(side.queue, "MESSAGE_UPDATED", original.id)).toEqual([
        { type: "MESSAGE_UPDATED", message: edited },
      ]);
    }
    expect(await historyOf(bob, alice)).toEqual([edited]);
    // Edited again: the latest text wins, and it is still one message.
    expect((await edit(alice, original.id, "Beam B12 is 406 deep")).json()).toMatchObject({
      content: "Beam B12 is 406 deep",
    });
    expect((await historyOf(alice, bob)).map((message) => message.content)).toEqual(["Beam B12 is 406 deep"]);
  });

  it("in a group: the event goes to the group topic, and the @mentions are read again", async () => {
    const [alice, bob, carol] = [await chatPerson(t), await chatPerson(t), await chatPerson(t)];
    const group = await newGroup("Edit crew", [alice, bob, carol]);
    const a = await connect(alice);
    const c = await connect(carol);
    const topic = await c.client.subscribe(chatDestinations.group(group.id));
    const original = await say(a, group, `@${bob.username} please check the anchor bolts`);
    expect(original.mentions).toEqual([bob.username]);
    const mentionedIn = async (who: ChatPerson) =>
      (await unreadOf(who)).find((item) => item.id === original.id)?.mentioned;
    expect([await mentionedIn(bob), await mentionedIn(carol)]).toEqual([true, false]);

    const edited = await expectJson<ChatMessage>(t, "PATCH", chatPaths.message(original.id), alice, 200, {
      content: `@${carol.username.toUpperCase()} please check the anchor bolts`,
    });
    expect(edited.mentions).toEqual([carol.username]);
    await waitFor(() => eventsOn(topic, "MESSAGE_UPDATED", original.id).length === 1, 5_000, "the group's event");
    expect(eventsOn(topic, "MESSAGE_UPDATED", original.id)[0]?.message).toEqual(edited);
    expect((await historyOf(carol, group)).find((message) => message.id === original.id)?.mentions).toEqual([
      carol.username,
    ]);
    // The mention badge follows the text: carol's unread message mentions her now, bob's no longer.
    expect([await mentionedIn(bob), await mentionedIn(carol)]).toEqual([false, true]);

    const plain = await expectJson<ChatMessage>(t, "PATCH", chatPaths.message(original.id), alice, 200, {
      content: "Anchor bolts: anyone?",
    });
    expect(plain.mentions).toEqual([]);
    expect(await mentionedIn(carol)).toBe(false);
  });

  it("refuses the recipient (403), others (404), a stale message (403), bad text (400), a deleted message (409), bad ids", async () => {
    const [alice, bob, carol] = [await chatPerson(t), await chatPerson(t), await chatPerson(t)];
    const [a, b] = [await connect(alice), await connect(bob)];
    const message = await say(a, bob, "Level 3 pour on Friday");

    const recipient = await edit(bob, message.id, "Level 3 pour on Monday");
    expect(recipient.statusCode).toBe(403);
    expect(recipient.json().message).toBe(actionRefusals.notSender);
    // Whoever may not read it is not told it exists: the same answer as for no message at all.
    for (const outsider of [carol, admin]) {
      const refused = await edit(outsider, message.id, "mine now");
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(actionRefusals.noMessage);
    }
    expect((await edit(alice, 999_999_999, "gone")).statusCode).toBe(404);
    for (const content of ["", "   \n\t ", "x".repeat(chatLimits.maxContentChars + 1), undefined, 42]) {
      expect((await edit(alice, message.id, content)).statusCode, JSON.stringify(content)?.slice(0, 20)).toBe(400);
    }
    for (const id of ["0", "-1", "abc", "1.5", "1e400"]) {
      expect((await edit(alice, id, "text")).statusCode, id).toBe(400);
    }
    expect(
      (await t.app.inject({ method: "PATCH", url: chatPaths.message(message.id), payload: { content: "x" } }))
        .statusCode,
    ).toBe(401);
    expect((await historyOf(alice, bob)).map((m) => m.content)).toEqual(["Level 3 pour on Friday"]);

    // Exactly the longest text is fine; none of the refusals above told anyone anything.
    const longest = "y".repeat(chatLimits.maxContentChars);
    expect((await edit(alice, message.id, longest)).statusCode).toBe(200);
    await waitFor(() => eventsOn(b.queue, "MESSAGE_UPDATED", message.id).length > 0, 5_000, "the one edit");
    expect(eventsOn(b.queue, "MESSAGE_UPDATED", message.id).map((event) => event.message.content)).toEqual([longest]);

    // The window: 59 minutes after sending is within it, 61 is not.
    await backdate(message.id, 59);
    expect((await edit(alice, message.id, "Level 3 pour on Saturday")).statusCode).toBe(200);
    await backdate(message.id, 61);
    const stale = await edit(alice, message.id, "Level 3 pour on Sunday");
    expect(stale.statusCode).toBe(403);
    expect(stale.json().message).toBe(actionRefusals.editWindow(chatLimits.editWindowMin));
    expect((await historyOf(bob, alice)).map((m) => m.content)).toEqual(["Level 3 pour on Saturday"]);

    const doomed = await say(a, bob, "to be deleted");
    expect((await remove(alice, doomed.id)).statusCode).toBe(204);
    const deleted = await edit(alice, doomed.id, "resurrected");
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().message).toBe(actionRefusals.deleted);
    expect((await historyOf(alice, bob)).find((m) => m.id === doomed.id)).toMatchObject({ content: "", deleted: true });
  });
});

describe("DELETE /api/chat/messages/{id}", () => {
  it("lets the sender delete: a tombstone in history, MESSAGE_DELETED on both queues, unread rows and reactions gone, replies quote nothing", async () => {
    const [alice, bob] = [await chatPerson(t), await chatPerson(t)];
    const [a, b] = [await connect(alice), await connect(bob)];
    const original = await say(a, bob, "The crane arrives at 7");
    const reply = await say(b, alice, "Noted", { replyToId: original.id });
    expect(reply.replyTo).toEqual({ id: original.id, sender: alice.username, excerpt: "The crane arrives at 7" });
    await expectJson(t, "PUT", chatPaths.reaction(original.id, "👍"), bob);
    expect((await unreadOf(bob)).map((item) => item.id)).toContain(original.id);

    expect((await remove(alice, original.id)).statusCode).toBe(204);

    const tombstone = (await historyOf(bob, alice)).find((message) => message.id === original.id);
    expect(tombstone).toEqual({
      ...original,
      content: "",
      deleted: true,
      fileUrl: null,
      fileType: null,
      fileName: null,
      reactions: {},
      mentions: [],
    });
    for (const side of [a, b]) {
      await waitFor(() => eventsOn(side.queue, "MESSAGE_DELETED", original.id).length === 1, 5_000, "MESSAGE_DELETED");
      expect(eventsOn(side.queue, "MESSAGE_DELETED", original.id)).toEqual([
        { type: "MESSAGE_DELETED", message: tombstone },
      ]);
    }
    expect((await unreadOf(bob)).map((item) => item.id)).not.toContain(original.id);
    expect((await historyOf(alice, bob)).find((message) => message.id === reply.id)?.replyTo).toEqual({
      id: original.id,
      sender: alice.username,
      excerpt: "",
    });
    // The text is gone from storage, not only from view (search reads the same column).
    const [row] = await t.app.db.select().from(messages).where(eq(messages.id, original.id));
    expect(row).toMatchObject({ content: "", deletedAt: expect.any(Date) });

    // Again: nothing to do, no second event (a later message on the same queues shows the first is all).
    expect((await remove(alice, original.id)).statusCode).toBe(204);
    await say(a, bob, "after the second delete");
    for (const side of [a, b]) {
      await waitForMessage(side.queue, "after the second delete");
      expect(eventsOn(side.queue, "MESSAGE_DELETED", original.id)).toHaveLength(1);
    }
  });

  it("erases the attachment: its file and row go, unless another message still carries it", async () => {
    const [alice, bob] = [await chatPerson(t), await chatPerson(t)];
    const a = await connect(alice);
    const file = await uploadText(t, alice, "Rebar schedule rev C", "rebar.txt");
    const key = file.fileUrl.slice(chatPaths.chatFilesPrefix.length);
    // Asked of the store itself, so the same holds on disk and in S3.
    const stored = async () => (await t.app.storage.objects.stat(`chat/${key}`)) !== undefined;
    expect(await stored()).toBe(true);
    const first = await say(a, bob, "", file);
    const second = await say(a, bob, "same file again", file);
    expect(first).toMatchObject({ content: "rebar.txt", fileUrl: file.fileUrl, fileName: "rebar.txt" });
    const readFile = (who: ChatPerson) => call(t, "GET", file.fileUrl, who);
    expect((await readFile(bob)).body).toBe("Rebar schedule rev C");

    expect((await remove(alice, first.id)).statusCode).toBe(204);
    expect((await historyOf(bob, alice)).find((m) => m.id === first.id)).toMatchObject({
      deleted: true,
      content: "",
      fileUrl: null,
      fileType: null,
      fileName: null,
    });
    // The second message still carries the file.
    expect((await readFile(bob)).statusCode).toBe(200);
    expect(await stored()).toBe(true);

    expect((await remove(alice, second.id)).statusCode).toBe(204);
    expect((await readFile(bob)).statusCode).toBe(404);
    expect((await readFile(alice)).statusCode).toBe(404);
    expect(await t.app.db.$count(chatAttachments, eq(chatAttachments.key, key))).toBe(0);
    expect(await stored()).toBe(false);
  });

  it("refuses the recipient (403) and those who may not read it (404), the admin included for a private message", async () => {
    const [alice, bob, carol] = [await chatPerson(t), await chatPerson(t), await chatPerson(t)];
    const [a, b] = [await connect(alice), await connect(bob)];
    const message = await say(a, bob, "Keep this one");
    const refused = await remove(bob, message.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(actionRefusals.cannotDelete);
    for (const outsider of [carol, admin, outsideAdmin]) {
      const hidden = await remove(outsider, message.id);
      expect(hidden.statusCode).toBe(404);
      expect(hidden.json().message).toBe(actionRefusals.noMessage);
    }
    expect((await remove(alice, 999_999_999)).statusCode).toBe(404);
    for (const id of ["0", "-1", "abc"]) expect((await remove(alice, id)).statusCode, id).toBe(400);
    expect((await t.app.inject({ method: "DELETE", url: chatPaths.message(message.id) })).statusCode).toBe(401);

    expect((await historyOf(alice, bob)).map((m) => [m.content, m.deleted])).toEqual([["Keep this one", false]]);
    await say(a, bob, "still here");
    await waitForMessage(b.queue, "still here");
    expect(eventsOn(b.queue, "MESSAGE_DELETED", message.id)).toEqual([]);
  });

  it("in a group: not another member (403) nor an outsider (404); any admin may, member or not; the sender even after leaving", async () => {
    const [alice, bob, carol] = [await chatPerson(t), await chatPerson(t), await chatPerson(t)];
    const group = await newGroup("Delete crew", [alice, bob]);
    const a = await connect(alice);
    const b = await connect(bob);
    const topic = await b.client.subscribe(chatDestinations.group(group.id));
    const [one, two, three] = [await say(a, group, "one"), await say(a, group, "two"), await say(a, group, "three")];

    expect((await remove(bob, one.id)).statusCode).toBe(403);
    expect((await remove(carol, one.id)).statusCode).toBe(404);
    expect((await historyOf(bob, group)).map((m) => m.deleted)).toEqual([false, false, false]);

    // The admin who created the group, and one who is no member of it.
    expect((await remove(admin, one.id)).statusCode).toBe(204);
    expect((await remove(outsideAdmin, two.id)).statusCode).toBe(204);

    // Removed from the group, alice may still take back what she wrote there.
    await expectJson(t, "PUT", chatPaths.groupMembers(group.id), admin, 200, { members: [bob.username] });
    expect((await remove(alice, three.id)).statusCode).toBe(204);

    expect((await historyOf(bob, group)).map((m) => [m.content, m.deleted])).toEqual([
      ["", true],
      ["", true],
      ["", true],
    ]);
    await waitFor(() => topic.json().filter((body) => (body as ChatEvent).type === "MESSAGE_DELETED").length === 3);
    expect(
      topic
        .json()
        .filter((body) => (body as ChatEvent).type === "MESSAGE_DELETED")
        .map((body) => (body as { message: ChatMessage }).message.id),
    ).toEqual([one.id, two.id, three.id]);
  });
});

describe("replies (SEND replyToId)", () => {
  it("carry a quote of the original, delivered and in history; the excerpt is cut to its limit", async () => {
    const [alice, bob] = [await chatPerson(t), await chatPerson(t)];
    const [a, b] = [await connect(alice), await connect(bob)];
    const long = `Site meeting notes:\n\n  ${"the north stair needs another look ".repeat(10)}`;
    const original = await say(a, bob, long);
    const exact = await say(a, bob, "z".repeat(chatLimits.replyExcerptChars));

    const reply = await say(b, alice, "On it", { replyToId: original.id });
    const quote = reply.replyTo!;
    expect(quote).toMatchObject({ id: original.id, sender: alice.username });
    expect(quote.excerpt.length).toBeLessThanOrEqual(chatLimits.replyExcerptChars);
    expect(quote.excerpt.length).toBeGreaterThan(chatLimits.replyExcerptChars - 10);
    expect(quote.excerpt.endsWith("…")).toBe(true);
    expect(long.replace(/\s+/g, " ").startsWith(quote.excerpt.slice(0, -1))).toBe(true);
    expect(quote.excerpt.startsWith("Site meeting notes: the north stair")).toBe(true);

    const whole = await say(b, alice, "Fine", { replyToId: exact.id });
    expect(whole.replyTo).toEqual({ id: exact.id, sender: alice.username, excerpt: exact.content });

    // As delivered live, on both sides: the same message history has.
    for (const side of [a, b]) {
      await waitForMessage(side.queue, "Fine");
      const delivered = side.queue.json() as ChatMessage[];
      expect(delivered.find((m) => m.id === reply.id)).toEqual(reply);
      expect(delivered.find((m) => m.id === whole.id)).toEqual(whole);
    }
  });

  it("work in a group, quoting whoever wrote the original", async () => {
    const [alice, bob] = [await chatPerson(t), await chatPerson(t)];
    const group = await newGroup("Reply crew", [alice, bob]);
    const a = await connect(alice);
    const b = await connect(bob);
    const topic = await a.client.subscribe(chatDestinations.group(group.id));
    const original = await say(b, group, "Who has the survey?");
    const reply = await say(a, group, "I do", { replyToId: original.id });
    expect(reply.replyTo).toEqual({ id: original.id, sender: bob.username, excerpt: "Who has the survey?" });
    await waitFor(() => topic.json().some((body) => (body as ChatMessage).id === reply.id), 5_000, "the reply");
    expect(topic.json().find((body) => (body as ChatMessage).id === reply.id)).toEqual(reply);
  });

  it("to a message of another conversation, or none, are refused (INVALID, with the clientId) and nothing is stored", async () => {
    const [alice, bob, carol] = [await chatPerson(t), await chatPerson(t), await chatPerson(t)];
    const [a, c] = [await connect(alice), await connect(carol)];
    const groupA = await newGroup("Reply A", [alice, bob]);
    const groupB = await newGroup("Reply B", [alice, bob]);
    const withCarol = await say(a, carol, "Only for Carol");
    const carolsOwn = await say(c, bob, "Carol to Bob");
    const inB = await say(a, groupB, "In group B");
    const before = [await historyOf(alice, bob), await historyOf(alice, groupA)];

    const cases: [string, object][] = [
      ["other pair", { recipient: bob.username, replyToId: withCarol.id }],
      ["a pair alice is not in", { recipient: bob.username, replyToId: carolsOwn.id }],
      ["a group message", { recipient: bob.username, replyToId: inB.id }],
      ["no such message", { recipient: bob.username, replyToId: 999_999_999 }],
      ["a private message, in a group", { groupId: groupA.id, replyToId: withCarol.id }],
      ["another group", { groupId: groupA.id, replyToId: inB.id }],
      ["nothing, in a group", { groupId: groupA.id, replyToId: 999_999_999 }],
    ];
    for (const [name, body] of cases) {
      const destination = "groupId" in body ? chatDestinations.sendGroup : chatDestinations.sendPrivate;
      expect(await a.client.send(destination, { ...body, content: "re", clientId: `bad-${name}` }), name).toBe(
        "refused",
      );
    }
    for (const replyToId of [0, -3, "abc"]) {
      expect(
        await a.client.send(chatDestinations.sendPrivate, {
          recipient: bob.username,
          content: "re",
          replyToId,
          clientId: `bad-${replyToId}`,
        }),
      ).toBe("refused");
    }
    const seen = refusals(a.errors);
    expect(seen).toHaveLength(cases.length + 3);
    for (const [i, [name]] of cases.entries()) {
      expect(seen[i], name).toMatchObject({ code: "INVALID", clientId: `bad-${name}`, message: chatRefusals.badReply });
    }
    expect(seen.slice(cases.length)).toMatchObject([
      { code: "INVALID", clientId: "bad-0", message: expect.stringMatching(/replyToId/) },
      { code: "INVALID", clientId: "bad--3" },
      { code: "INVALID", clientId: "bad-abc" },
    ]);
    expect([await historyOf(alice, bob), await historyOf(alice, groupA)]).toEqual(before);
    expect(await t.app.db.$count(messages, sql`${messages.clientId} like 'bad-%'`)).toBe(0);
  });
});
