/**
 * The group-committing writer on the real database: concurrent sends share statements, yet each
 * send gets back its own row, exactly its readers get unread rows, and one bad message sinks
 * nothing else.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../test/helpers/database.ts";
import { chatGroups, messages, unreadMessages } from "../../db/schema.ts";
import { MessageWriter, type NewMessage } from "./message-writer.ts";

const database = await createTestDatabase();
const { db } = database;
afterAll(() => database.close());

beforeEach(async () => {
  await db.delete(messages);
  await db.delete(chatGroups);
});

const privateMessage = (sender: string, recipient: string, content: string): NewMessage => ({
  type: "PRIVATE_MESSAGE",
  sender,
  recipient,
  content,
});

async function unreadOf(messageId: number) {
  const rows = await db
    .select({ username: unreadMessages.username })
    .from(unreadMessages)
    .where(eq(unreadMessages.messageId, messageId))
    .orderBy(asc(unreadMessages.username));
  return rows.map((row) => row.username);
}

describe("MessageWriter", () => {
  it("gives every concurrent send its own committed row and exactly its readers as unread", async () => {
    const [group] = await db.insert(chatGroups).values({ name: "Site team", createdBy: "ann" }).returning();
    const writer = new MessageWriter(db);
    // 1 200 sends at once: more than one statement's worth, mixed kinds and reader counts.
    const sends = Array.from({ length: 1_200 }, (_, i) =>
      i % 3 === 0
        ? {
            message: { type: "GROUP_MESSAGE", sender: "ann", groupId: group!.id, content: `group ${i}` } as NewMessage,
            readers: i % 2 === 0 ? ["bob", "cy", "dee"] : [],
          }
        : { message: privateMessage(`u${i % 7}`, `v${i % 11}`, `private ${i}`), readers: [`v${i % 11}`] },
    );
    const rows = await Promise.all(sends.map((send) => writer.write(send.message, send.readers)));

    expect(rows.map((row) => row.content)).toEqual(sends.map((send) => send.message.content));
    expect(new Set(rows.map((row) => row.id)).size).toBe(sends.length);
    for (const [i, row] of rows.entries()) {
      expect(row).toMatchObject({ ...sends[i]!.message });
      expect(typeof row.id).toBe("number");
      expect(row.createdAt).toBeInstanceOf(Date);
    }
    // What the promises said is what the database holds.
    const stored = await db.select().from(messages).orderBy(asc(messages.id));
    expect(stored).toEqual([...rows].sort((a, b) => a.id - b.id));
    for (const i of [0, 1, 2, 3, 6, 599, 1_199]) expect(await unreadOf(rows[i]!.id)).toEqual(sends[i]!.readers);
    const unreadCount = sends.reduce((sum, send) => sum + send.readers.length, 0);
    expect(await db.$count(unreadMessages)).toBe(unreadCount);
  });

  it("writes the sends of one turn of the event loop in one statement, whichever the driver", async () => {
    let statements = 0;
    const counting = new Proxy(db, {
      get(target, property, receiver) {
        if (property !== "execute") return Reflect.get(target, property, receiver);
        return (...args: Parameters<typeof db.execute>) => {
          statements++;
          return target.execute(...args);
        };
      },
    });
    const writer = new MessageWriter(counting);
    // 50 sockets readable in the same turn: each callback sends one message.
    const rows = await new Promise<Promise<unknown>[]>((resolve) => {
      const writes: Promise<unknown>[] = [];
      for (let i = 0; i < 50; i++) {
        setImmediate(() => {
          writes.push(writer.write(privateMessage(`s${i}`, "bob", `turn ${i}`), ["bob"]));
          if (writes.length === 50) resolve(writes);
        });
      }
    }).then((writes) => Promise.all(writes));
    expect(rows).toHaveLength(50);
    expect(statements).toBe(1);
  });

  it("keeps text exactly as sent: quotes, backslashes, JSON-looking text, emoji, other scripts", async () => {
    const writer = new MessageWriter(db);
    const texts = [
      'say "hi"',
      "C:\\drawings\\B-12.dwg",
      '{"n": 1, "type": "x"}',
      "🏗️ beam 👍",
      "Träger – 梁",
      "a\nb\tc",
    ];
    const rows = await Promise.all(texts.map((text) => writer.write(privateMessage("ann", "bob", text), ["bob"])));
    expect(rows.map((row) => row.content)).toEqual(texts);
    const stored = await db.select({ content: messages.content }).from(messages).orderBy(asc(messages.id));
    expect(stored.map((row) => row.content)).toEqual(texts);
  });

  it("rejects only the message that cannot be stored; the rest of its batch is committed", async () => {
    const writer = new MessageWriter(db);
    const good = ["one", "two", "three"].map((text) => writer.write(privateMessage("ann", "bob", text), ["bob"]));
    // A group that does not exist (foreign key) and a NUL byte PostgreSQL text cannot hold.
    const noGroup = writer.write({ type: "GROUP_MESSAGE", sender: "ann", groupId: 987_654, content: "lost" }, ["bob"]);
    const nul = writer.write(privateMessage("ann", "bob", "nul \u0000 byte"), ["bob"]);
    const more = writer.write(privateMessage("ann", "bob", "four"), ["bob"]);

    await expect(noGroup).rejects.toThrow();
    await expect(nul).rejects.toThrow();
    const rows = await Promise.all([...good, more]);
    expect(rows.map((row) => row.content)).toEqual(["one", "two", "three", "four"]);
    await writer.flush();
    const stored = await db.select({ content: messages.content }).from(messages).orderBy(asc(messages.id));
    expect(stored.map((row) => row.content)).toEqual(["one", "two", "three", "four"]);
    expect(await db.$count(unreadMessages)).toBe(4);
  });
});
