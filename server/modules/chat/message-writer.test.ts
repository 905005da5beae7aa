/**
 * The group-committing writer on the real database: concurrent sends share one statement, yet each
 * send gets back its own row with the next seq of its conversation, exactly its readers get unread
 * rows, a clientId already used stores nothing, the rate limit holds, and one bad message sinks
 * nothing else.
 */
import { asc, eq, getTableColumns, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/helpers/database.ts";
import { chatConversations, chatGroups, messages, unreadMessages, users } from "../../db/schema.ts";
import type { AccountRef } from "../../plugins/account-events.ts";
import type { MessageRow } from "./message-view.ts";
import { MessageWriter, type NewMessage, storeMessagesCall, type WriteResult } from "./message-writer.ts";

const database = await createTestDatabase();
const { db } = database;
afterAll(() => database.close());

const people = new Map<string, AccountRef>();
const person = (name: string) => people.get(name)!;
beforeAll(async () => {
  const names = ["ann", "bob", "cy", "dee", ...Array.from({ length: 7 }, (_, i) => `u${i}`)];
  names.push(...Array.from({ length: 11 }, (_, i) => `v${i}`), ...Array.from({ length: 50 }, (_, i) => `s${i}`));
  const rows = await db
    .insert(users)
    .values(
      names.map((username) => ({
        kind: "employee" as const,
        name: username,
        email: `${username}@x.test`,
        username,
        passwordHash: "x",
      })),
    )
    .returning({ id: users.id, username: users.username });
  for (const row of rows) people.set(row.username, row);
});

beforeEach(async () => {
  await db.delete(messages);
  await db.delete(chatConversations);
  await db.delete(chatGroups);
});

const privateMessage = (sender: string, recipient: string, content: string, clientId?: string): NewMessage => ({
  type: "PRIVATE_MESSAGE",
  sender: person(sender),
  recipient: person(recipient),
  content,
  clientId,
});

async function newGroup(name: string) {
  const [group] = await db
    .insert(chatGroups)
    .values({ name, createdById: person("ann").id, createdByName: "ann" })
    .returning();
  await db.insert(chatConversations).values({ groupId: group!.id });
  return group!;
}

const stored = (result: WriteResult): MessageRow => {
  if (result.status !== "stored") throw new Error(`not stored: ${result.status}`);
  return result.row;
};

async function unreadOf(messageId: number) {
  const rows = await db
    .select({ userId: unreadMessages.userId })
    .from(unreadMessages)
    .where(eq(unreadMessages.messageId, messageId))
    .orderBy(asc(unreadMessages.userId));
  return rows.map((row) => row.userId);
}

const unlimited = { messages: 1_000_000, windowMs: 10_000 };

describe("MessageWriter", () => {
  it("gives every concurrent send its own committed row, the next seq of its conversation, and exactly its readers as unread", async () => {
    const group = await newGroup("Site team");
    const writer = new MessageWriter(db, unlimited);
    // 1 200 sends at once: more than one batch's worth, mixed kinds and reader counts.
    const sends = Array.from({ length: 1_200 }, (_, i) =>
      i % 3 === 0
        ? {
            message: {
              type: "GROUP_MESSAGE",
              sender: person("ann"),
              groupId: group.id,
              content: `group ${i}`,
            } as NewMessage,
            readers: i % 2 === 0 ? ["bob", "cy", "dee"].map((name) => person(name).id) : [],
          }
        : { message: privateMessage(`u${i % 7}`, `v${i % 11}`, `private ${i}`), readers: [person(`v${i % 11}`).id] },
    );
    const rows = (await Promise.all(sends.map((send) => writer.write(send.message, send.readers)))).map(stored);

    expect(rows.map((row) => row.content)).toEqual(sends.map((send) => send.message.content));
    expect(new Set(rows.map((row) => row.id)).size).toBe(sends.length);
    for (const [i, row] of rows.entries()) {
      const message = sends[i]!.message;
      expect(row).toMatchObject({
        type: message.type,
        senderId: message.sender.id,
        senderName: message.sender.username,
        recipientId: message.recipient?.id ?? null,
        groupId: message.groupId ?? null,
      });
      expect(row.createdAt).toBeInstanceOf(Date);
    }
    // Per conversation: seq 1, 2, 3… in the order the sends were made.
    const byConversation = new Map<number, MessageRow[]>();
    for (const row of rows)
      byConversation.set(row.conversationId, [...(byConversation.get(row.conversationId) ?? []), row]);
    for (const list of byConversation.values()) expect(list.map((row) => row.seq)).toEqual(list.map((_, i) => i + 1));
    const conversations = await db.select().from(chatConversations);
    for (const conversation of conversations) {
      expect(conversation.lastSeq).toBe(byConversation.get(conversation.id)?.length ?? 0);
    }
    // What the promises said is what the database holds.
    const { search: _search, ...columns } = getTableColumns(messages);
    const inDb = await db.select(columns).from(messages).orderBy(asc(messages.id));
    expect(inDb).toEqual([...rows].sort((a, b) => a.id - b.id));
    for (const i of [0, 1, 2, 3, 6, 599, 1_199]) expect(await unreadOf(rows[i]!.id)).toEqual(sends[i]!.readers);
    const unreadCount = sends.reduce((sum, send) => sum + send.readers.length, 0);
    expect(await db.$count(unreadMessages)).toBe(unreadCount);
  });

  it("writes the sends of one turn of the event loop in one statement (one round trip), whichever the driver", async () => {
    let statements = 0;
    const counting = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== "execute" && property !== "transaction") return Reflect.get(target, property, receiver);
        return (...args: never[]) => {
          statements++;
          return (target[property] as (...a: never[]) => unknown)(...args);
        };
      },
    });
    const writer = new MessageWriter(counting, unlimited);
    // 50 sockets readable in the same turn: each callback sends one message.
    const results = await new Promise<Promise<WriteResult>[]>((resolve) => {
      const writes: Promise<WriteResult>[] = [];
      for (let i = 0; i < 50; i++) {
        setImmediate(() => {
          writes.push(writer.write(privateMessage(`s${i}`, "bob", `turn ${i}`), [person("bob").id]));
          if (writes.length === 50) resolve(writes);
        });
      }
    }).then((writes) => Promise.all(writes));
    expect(results.map((result) => result.status)).toEqual(Array(50).fill("stored"));
    expect(statements).toBe(1);
  });

  it("keeps text exactly as sent: quotes, backslashes, JSON-looking text, emoji, other scripts", async () => {
    const writer = new MessageWriter(db, unlimited);
    const texts = [
      'say "hi"',
      "C:\\drawings\\B-12.dwg",
      '{"n": 1, "type": "x"}',
      "🏗️ beam 👍",
      "Träger – 梁",
      "a\nb\tc",
    ];
    const rows = (
      await Promise.all(texts.map((text) => writer.write(privateMessage("ann", "bob", text), [person("bob").id])))
    ).map(stored);
    expect(rows.map((row) => row.content)).toEqual(texts);
    const inDb = await db.select({ content: messages.content }).from(messages).orderBy(asc(messages.id));
    expect(inDb.map((row) => row.content)).toEqual(texts);
  });

  it("rejects only the message that cannot be stored; the rest of its batch is committed, numbered without gaps", async () => {
    const writer = new MessageWriter(db, unlimited);
    const bob = [person("bob").id];
    const good = ["one", "two", "three"].map((text) => writer.write(privateMessage("ann", "bob", text), bob));
    // A group that does not exist, and a NUL byte PostgreSQL text cannot hold.
    const noGroup = writer.write(
      { type: "GROUP_MESSAGE", sender: person("ann"), groupId: 987_654, content: "lost" },
      bob,
    );
    const nul = writer.write(privateMessage("ann", "bob", "nul \u0000 byte"), bob);
    const more = writer.write(privateMessage("ann", "bob", "four"), bob);

    expect(await noGroup).toEqual({ status: "no-conversation" });
    await expect(nul).rejects.toThrow();
    const rows = (await Promise.all([...good, more])).map(stored);
    expect(rows.map((row) => [row.content, row.seq])).toEqual([
      ["one", 1],
      ["two", 2],
      ["three", 3],
      ["four", 4],
    ]);
    await writer.flush();
    const inDb = await db.select({ content: messages.content }).from(messages).orderBy(asc(messages.id));
    expect(inDb.map((row) => row.content)).toEqual(["one", "two", "three", "four"]);
    expect(await db.$count(unreadMessages)).toBe(4);
  });

  it("stores a clientId once: a repeat, in the same batch or a later one, resolves to the stored message and spends no seq", async () => {
    const writer = new MessageWriter(db, unlimited);
    const bob = [person("bob").id];
    const [first, again, other] = await Promise.all([
      writer.write(privateMessage("ann", "bob", "hello", "c-1"), bob),
      writer.write(privateMessage("ann", "bob", "hello", "c-1"), bob),
      // Another sender may use the same clientId: it is the sender's own.
      writer.write(privateMessage("cy", "bob", "hi", "c-1"), bob),
    ]);
    const original = stored(first);
    expect(again).toEqual({ status: "duplicate", messageId: original.id });
    expect(stored(other).clientId).toBe("c-1");
    expect(await writer.write(privateMessage("ann", "bob", "hello", "c-1"), bob)).toEqual({
      status: "duplicate",
      messageId: original.id,
    });
    expect(stored(await writer.write(privateMessage("ann", "bob", "next", "c-2"), bob)).seq).toBe(2);
    expect(await db.$count(messages)).toBe(3);
    expect(await unreadOf(original.id)).toEqual(bob);
    expect(await db.$count(unreadMessages)).toBe(3);
  });

  it("finds a repeated clientId through its index, never by reading every stored message", async () => {
    // PGlite runs no autovacuum, so it never gathers statistics: a plan that leans on them read the
    // whole messages table once per batch, and each batch grew slower as the history grew.
    const writer = new MessageWriter(db, unlimited);
    const senders = Array.from({ length: 50 }, (_, i) => `s${i}`);
    for (let round = 0; round < 4; round++) {
      await Promise.all(
        senders.map((sender, i) =>
          writer.write(privateMessage(sender, "bob", "history ".repeat(20), `h-${round}-${i}`), [person("bob").id]),
        ),
      );
    }
    // Scans of messages so far in this backend (the counters also hold earlier, unflushed work).
    const countSeqScans = async (tx: Pick<typeof db, "execute">) => {
      const { rows } = (await tx.execute(
        sql`SELECT coalesce(sum(seq_scan), 0)::int AS n FROM pg_stat_xact_user_tables WHERE relname = 'messages'`,
      )) as unknown as { rows: { n: number }[] };
      return Number(rows[0]!.n);
    };
    // Both ways the function runs: taking row locks (a server) and as the only connection (PGlite).
    for (const exclusive of [false, true]) {
      const { outcomes, seqScans } = await db.transaction(async (tx) => {
        const before = await countSeqScans(tx);
        const { statement } = storeMessagesCall(
          [
            { message: privateMessage("s0", "bob", "again", "h-0-0"), readers: [] },
            { message: privateMessage("s1", "bob", "new", `new-${exclusive}`), readers: [] },
          ],
          unlimited,
          exclusive,
        );
        const { rows } = (await tx.execute(statement)) as unknown as { rows: { outcome: string }[] };
        return { outcomes: rows.map((row) => row.outcome), seqScans: (await countSeqScans(tx)) - before };
      });
      expect(outcomes).toEqual(["duplicate", "stored"]);
      expect(seqScans).toBe(0);
    }
  });

  it("refuses a sender's messages past the limit in its window, counting the database and the batch", async () => {
    const writer = new MessageWriter(db, { messages: 5, windowMs: 60_000 });
    const bob = [person("bob").id];
    expect(stored(await writer.write(privateMessage("ann", "bob", "first"), bob)).seq).toBe(1);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => writer.write(privateMessage("ann", "bob", `burst ${i}`, `b-${i}`), bob)),
    );
    expect(results.map((result) => result.status)).toEqual([
      "stored",
      "stored",
      "stored",
      "stored",
      "rate-limited",
      "rate-limited",
    ]);
    // Others are not slowed down by ann; a repeat of a stored clientId is no new message.
    expect((await writer.write(privateMessage("cy", "bob", "mine"), bob)).status).toBe("stored");
    expect((await writer.write(privateMessage("ann", "bob", "again", "b-0"), bob)).status).toBe("duplicate");
    expect(await db.$count(messages, eq(messages.senderId, person("ann").id))).toBe(5);
  });
});
