/**
 * DESIGN §10: `seq` grows strictly within a conversation, also when two server instances write to
 * it at once. Two app instances on one database (two connection pools on PostgreSQL; on PGlite the
 * same embedded database), senders on both, all at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CatchUpPage, chatDestinations, chatPaths } from "../../../shared/chat.ts";
import type { ChatGroup } from "../../../shared/chat-groups.ts";
import { type ChatPerson, chatClients, chatPerson, expectJson } from "../../../test/helpers/chat.ts";
import { createTestDatabase } from "../../../test/helpers/database.ts";
import { adminToken } from "../../../test/helpers/factories.ts";
import { type RealtimeTestApp, startApp, uniquePrefix } from "../../../test/helpers/realtime.ts";
import { type Database, openDatabase } from "../../db/client.ts";

const database = await createTestDatabase();
/** The second instance's own pool on PostgreSQL; the very same database on PGlite. */
const second: Database = database.url ? await openDatabase({ databaseUrl: database.url, poolSize: 5 }) : database;
let a: RealtimeTestApp;
let b: RealtimeTestApp;
const onA = chatClients(() => a.url);
const onB = chatClients(() => b.url);

beforeAll(async () => {
  const prefix = uniquePrefix("chat-seq");
  a = await startApp({ redisKeyPrefix: prefix }, { database });
  b = await startApp({ redisKeyPrefix: prefix }, { database: second });
});
afterAll(async () => {
  await Promise.all([onA.closeAll(), onB.closeAll()]);
  await b?.close();
  await a?.close();
  if (second !== database) await second.close();
  await database.close();
});

async function allAfter(path: (after: number) => string, who: ChatPerson) {
  const page = await expectJson<CatchUpPage>(a, "GET", path(0), who);
  expect(page.last).toBe(true);
  return page.content;
}

describe("seq under concurrent writers", () => {
  it("numbers a group's and a pair's messages 1, 2, 3… without gaps or repeats, whichever instance stored them", async () => {
    const senders = await Promise.all(Array.from({ length: 4 }, () => chatPerson(a)));
    const [alice, bob] = [await chatPerson(a), await chatPerson(a)];
    const group = await expectJson<ChatGroup>(a, "POST", chatPaths.createGroup, { token: await adminToken(a) }, 201, {
      name: "Two instances",
      members: [...senders, alice, bob].map((person) => person.username),
    });
    const connected = await Promise.all(senders.map((person, i) => (i % 2 === 0 ? onA : onB).connect(person)));
    const aliceHere = await onA.connect(alice);
    const aliceThere = await onB.connect(alice);

    const PER_SENDER = 25;
    const sends = [
      ...connected.flatMap((client, i) =>
        Array.from({ length: PER_SENDER }, (_, n) =>
          client.client.send(chatDestinations.sendGroup, { groupId: group.id, content: `s${i}-${n}` }),
        ),
      ),
      ...[aliceHere, aliceThere].flatMap((client, i) =>
        Array.from({ length: 14 }, (_, n) =>
          client.client.send(chatDestinations.sendPrivate, { recipient: bob.username, content: `a${i}-${n}` }),
        ),
      ),
    ];
    expect(new Set(await Promise.all(sends))).toEqual(new Set(["done"]));

    const groupMessages = await allAfter((after) => chatPaths.groupAfter(group.id, after, 500), bob);
    expect(groupMessages.map((message) => message.seq)).toEqual(
      Array.from({ length: 4 * PER_SENDER }, (_, i) => i + 1),
    );
    expect(new Set(groupMessages.map((message) => message.content)).size).toBe(4 * PER_SENDER);
    const privateMessages = await allAfter(
      (after) => chatPaths.privateAfter(bob.username, alice.username, after, 500),
      bob,
    );
    expect(privateMessages.map((message) => message.seq)).toEqual(Array.from({ length: 28 }, (_, i) => i + 1));
    expect(new Set(privateMessages.map((message) => message.content)).size).toBe(28);
  });
});
