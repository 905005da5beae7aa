/**
 * DESIGN §10 delivery, over real STOMP clients: a SEND repeating a clientId stores nothing new, gets
 * its RECEIPT again and the stored message once more on the sender's queue only; refusals carry
 * the SEND's clientId and a code saying why.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ChatMessage, chatDestinations, chatPaths } from "../../../shared/chat.ts";
import type { ChatGroup } from "../../../shared/chat-groups.ts";
import { type Refusal, refusalSchema } from "../../../shared/realtime.ts";
import { type ChatPerson, chatClients, chatPerson, expectJson, uploadText } from "../../../test/helpers/chat.ts";
import { createTestDatabase } from "../../../test/helpers/database.ts";
import { adminToken } from "../../../test/helpers/factories.ts";
import { type RealtimeTestApp, startApp, uniquePrefix, waitFor } from "../../../test/helpers/realtime.ts";
import { messages, unreadMessages } from "../../db/schema.ts";
import { chatRefusals } from "./service.ts";

const database = await createTestDatabase();
let t: RealtimeTestApp;
const clients = chatClients(() => t.url);

beforeAll(async () => {
  t = await startApp({ redisKeyPrefix: uniquePrefix("chat-idempotency") }, { database });
});
afterAll(async () => {
  await clients.closeAll();
  await t?.close();
  await database.close();
});

const storedWith = (sender: ChatPerson, clientId: string) =>
  t.app.db
    .select()
    .from(messages)
    .where(eq(messages.clientId, clientId))
    .then((rows) => rows.filter((row) => row.senderId === sender.id));
const refusals = (errors: { json: () => unknown[] }) =>
  errors.json().map((body) => refusalSchema.parse(body) as Refusal);
const contents = (queue: { json: () => unknown[] }) => queue.json().map((body) => (body as ChatMessage).content);

describe("a SEND with a clientId the sender already used", () => {
  it("stores nothing new, is receipted again, and only the sender gets the stored message again", async () => {
    const [alice, bob] = [await chatPerson(t), await chatPerson(t)];
    const a = await clients.connect(alice);
    const b = await clients.connect(bob);
    const body = { recipient: bob.username, content: "Shop drawings attached", clientId: "alice-1" };
    expect(await a.client.send(chatDestinations.sendPrivate, body)).toBe("done");
    // A reconnecting client sends it again, word for word or not: the clientId decides.
    expect(await a.client.send(chatDestinations.sendPrivate, { ...body, content: "edited on retry" })).toBe("done");
    await waitFor(() => a.queue.messages.length === 2, 5_000, "the sender's two copies");
    const [first, again] = a.queue.json() as ChatMessage[];
    expect(again).toEqual(first);
    expect(first).toMatchObject({ clientId: "alice-1", seq: 1, content: "Shop drawings attached" });

    // Whatever reaches bob after a later message was sent before it: he had the original once.
    expect(await a.client.send(chatDestinations.sendPrivate, { recipient: bob.username, content: "next" })).toBe(
      "done",
    );
    await waitFor(() => contents(b.queue).includes("next"), 5_000, "the next message");
    expect(contents(b.queue)).toEqual(["Shop drawings attached", "next"]);
    expect(await storedWith(alice, "alice-1")).toHaveLength(1);
    expect(await t.app.db.$count(unreadMessages, eq(unreadMessages.userId, bob.id))).toBe(2);
    expect(refusals(a.errors)).toEqual([]);
  });

  it("stores one of two identical SENDs made at once", async () => {
    const [alice, bob] = [await chatPerson(t), await chatPerson(t)];
    const a = await clients.connect(alice);
    const body = { recipient: bob.username, content: "twice at once", clientId: "same-turn" };
    const outcomes = await Promise.all([
      a.client.send(chatDestinations.sendPrivate, body),
      a.client.send(chatDestinations.sendPrivate, body),
    ]);
    expect(outcomes).toEqual(["done", "done"]);
    expect(await storedWith(alice, "same-turn")).toHaveLength(1);
    await waitFor(() => a.queue.messages.length === 2, 5_000, "both copies");
    expect(new Set((a.queue.json() as ChatMessage[]).map((message) => message.id)).size).toBe(1);
  });

  it("in a group: the topic has it once, the sender's own queue gets the copy", async () => {
    const [alice, bob] = [await chatPerson(t), await chatPerson(t)];
    const admin = { token: await adminToken(t) };
    const group = await expectJson<ChatGroup>(t, "POST", chatPaths.createGroup, admin, 201, {
      name: "Idempotent crew",
      members: [alice.username, bob.username],
    });
    const a = await clients.connect(alice);
    const b = await clients.connect(bob);
    const topic = await b.client.subscribe(chatDestinations.group(group.id));
    const body = { groupId: group.id, content: "Crane at 7", clientId: "g-1" };
    expect(await a.client.send(chatDestinations.sendGroup, body)).toBe("done");
    expect(await a.client.send(chatDestinations.sendGroup, body)).toBe("done");
    await waitFor(() => a.queue.messages.length === 1, 5_000, "the sender's copy");
    expect(a.queue.json()[0]).toMatchObject({ type: "GROUP_MESSAGE", groupId: group.id, clientId: "g-1" });
    expect(await a.client.send(chatDestinations.sendGroup, { groupId: group.id, content: "then this" })).toBe("done");
    await waitFor(() => contents(topic).includes("then this"), 5_000, "the next group message");
    expect(contents(topic)).toEqual(["Crane at 7", "then this"]);
    expect(contents(b.queue)).toEqual([]);
  });

  it("is the sender's own: another sender's identical clientId is a message of its own", async () => {
    const [alice, carol, bob] = [await chatPerson(t), await chatPerson(t), await chatPerson(t)];
    const a = await clients.connect(alice);
    const c = await clients.connect(carol);
    const body = { recipient: bob.username, content: "hello", clientId: "1" };
    expect(await a.client.send(chatDestinations.sendPrivate, body)).toBe("done");
    expect(await c.client.send(chatDestinations.sendPrivate, body)).toBe("done");
    expect(await storedWith(alice, "1")).toHaveLength(1);
    expect(await storedWith(carol, "1")).toHaveLength(1);
  });
});

describe("a refused SEND", () => {
  it("carries its clientId and a code; a clientId over 64 characters is itself refused, not echoed", async () => {
    const [alice, bob] = [await chatPerson(t), await chatPerson(t)];
    const a = await clients.connect(alice);
    const file = await uploadText(t, bob, "not alice's");
    const cases: [object, Refusal["code"], string | RegExp][] = [
      [{ recipient: bob.username, content: "  ", clientId: "c-empty" }, "INVALID", chatRefusals.empty],
      [{ recipient: "nobody.at.all", content: "hi", clientId: "c-nobody" }, "NOT_FOUND", chatRefusals.noRecipient],
      [{ recipient: alice.username, content: "me", clientId: "c-self" }, "INVALID", chatRefusals.toSelf],
      [{ recipient: bob.username, content: "x".repeat(10_001), clientId: "c-long" }, "INVALID", /content/],
      [{ recipient: bob.username, content: "nul \u0000", clientId: "c-nul" }, "INVALID", /control characters/],
      [{ recipient: bob.username, content: "", ...file, clientId: "c-file" }, "FORBIDDEN", chatRefusals.badAttachment],
    ];
    for (const [body] of cases) expect(await a.client.send(chatDestinations.sendPrivate, body)).toBe("refused");
    expect(
      await a.client.send(chatDestinations.sendGroup, { groupId: 987_654, content: "?", clientId: "c-group" }),
    ).toBe("refused");
    const tooLong = "x".repeat(65);
    expect(
      await a.client.send(chatDestinations.sendPrivate, { recipient: bob.username, content: "hi", clientId: tooLong }),
    ).toBe("refused");

    const seen = refusals(a.errors);
    expect(seen).toHaveLength(cases.length + 2);
    for (const [i, [body, code, message]] of cases.entries()) {
      expect(seen[i]).toMatchObject({
        code,
        clientId: (body as { clientId: string }).clientId,
        receipt: expect.any(String),
        destination: chatDestinations.sendPrivate,
      });
      expect(seen[i]!.message).toMatch(message);
    }
    expect(seen[cases.length]).toMatchObject({ code: "NOT_FOUND", clientId: "c-group", message: chatRefusals.noGroup });
    expect(seen[cases.length + 1]).toMatchObject({ code: "INVALID", message: expect.stringMatching(/clientId/) });
    expect(seen[cases.length + 1]!.clientId).toBeUndefined();
    expect(await t.app.db.$count(messages, eq(messages.senderId, alice.id))).toBe(0);
  });
});
