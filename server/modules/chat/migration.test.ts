/**
 * Migration 0006 (chat rows by account id) on a database holding username-keyed chat data, as
 * 0005 left it: every message, group, membership, allowed sender and unread row is kept, names
 * resolve to accounts regardless of case, and each conversation's messages are numbered in order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseAtMigration, type MigrationHarness } from "../../../test/helpers/migration-harness.ts";

let database: MigrationHarness;
const query = (text: string) => database.query(text);

beforeAll(async () => {
  database = await databaseAtMigration("0005");
  await seed0005();
  await database.migrateToLatest();
});
afterAll(async () => database?.close());

/**
 * Accounts ann, Bob and cy; "dora" was deleted long ago (her rows stayed). Names are written in
 * another case here and there, as renames and hand-typed lists left them.
 */
async function seed0005() {
  await query(`
    insert into users (id, kind, name, email, username, password_hash) values
      (1, 'employee', 'Ann', 'ann@example.com', 'ann', 'x'),
      (2, 'employee', 'Bob', 'bob@example.com', 'Bob', 'x'),
      (3, 'admin', 'Cy', 'cy@example.com', 'cy', 'x')`);
  await query(`
    insert into chat_groups (id, name, created_by, admin_only_message, allowed_senders) values
      (10, 'Site team', 'cy', false, '["bob", "dora"]'),
      (11, 'Quiet room', 'dora', true, '[]')`);
  await query(`
    insert into group_members (group_id, username) values
      (10, 'cy'), (10, 'ann'), (10, 'bob'), (10, 'dora'), (11, 'ann')`);
  await query(`
    insert into messages (id, type, sender, recipient, group_id, content) values
      (100, 'PRIVATE_MESSAGE', 'ann', 'Bob', null, 'ann to bob 1'),
      (101, 'GROUP_MESSAGE', 'cy', null, 10, 'site 1'),
      (102, 'PRIVATE_MESSAGE', 'bob', 'ann', null, 'bob to ann'),
      (103, 'PRIVATE_MESSAGE', 'dora', 'ann', null, 'dora to ann'),
      (104, 'GROUP_MESSAGE', 'dora', null, 10, 'site from dora'),
      (105, 'PRIVATE_MESSAGE', 'ann', 'dora', null, 'ann to dora'),
      (106, 'PRIVATE_MESSAGE', 'ann', 'bob', null, 'ann to bob 2'),
      (107, 'GROUP_MESSAGE', 'ann', null, 10, 'site 2'),
      (108, 'PRIVATE_MESSAGE', 'dora', 'eve', null, 'both gone')`);
  await query(`
    insert into unread_messages (message_id, username) values
      (100, 'bob'), (101, 'ann'), (101, 'Bob'), (103, 'ann'), (104, 'ann'), (106, 'Bob'), (104, 'dora')`);
  await query(`
    insert into chat_attachments (key, uploader, file_name, content_type, size_bytes) values
      ('k1', 'ANN', 'a.pdf', 'application/pdf', 1), ('k2', 'dora', 'd.pdf', 'application/pdf', 1)`);
  await query(`
    insert into push_subscriptions (username, endpoint, p256dh, auth) values
      ('bob', 'https://push.example.com/1', 'p', 'a'), ('dora', 'https://push.example.com/2', 'p', 'a')`);
}

describe("migration 0006: chat rows by account id", () => {
  it("keeps every message, with its sender and recipient resolved to accounts (or kept by name)", async () => {
    const rows = await query(`
      select id::int, sender_id::int, sender_name, recipient_id::int, recipient_name, group_id::int
      from messages order by id`);
    expect(rows).toEqual([
      { id: 100, sender_id: 1, sender_name: "ann", recipient_id: 2, recipient_name: "Bob", group_id: null },
      { id: 101, sender_id: 3, sender_name: "cy", recipient_id: null, recipient_name: null, group_id: 10 },
      { id: 102, sender_id: 2, sender_name: "bob", recipient_id: 1, recipient_name: "ann", group_id: null },
      { id: 103, sender_id: null, sender_name: "dora", recipient_id: 1, recipient_name: "ann", group_id: null },
      { id: 104, sender_id: null, sender_name: "dora", recipient_id: null, recipient_name: null, group_id: 10 },
      { id: 105, sender_id: 1, sender_name: "ann", recipient_id: null, recipient_name: "dora", group_id: null },
      { id: 106, sender_id: 1, sender_name: "ann", recipient_id: 2, recipient_name: "bob", group_id: null },
      { id: 107, sender_id: 1, sender_name: "ann", recipient_id: null, recipient_name: null, group_id: 10 },
      { id: 108, sender_id: null, sender_name: "dora", recipient_id: null, recipient_name: "eve", group_id: null },
    ]);
  });

  it("gives every group and every private pair one conversation, numbering its messages in order", async () => {
    const conversations = await query(`
      select c.group_id::int, c.user_low::int, c.user_high::int, c.last_seq::int,
        array_agg(m.id::int order by m.seq) as ids, array_agg(m.seq::int order by m.seq) as seqs
      from chat_conversations c left join messages m on m.conversation_id = c.id
      group by c.id order by c.id`);
    expect(conversations).toEqual([
      { group_id: 10, user_low: null, user_high: null, last_seq: 3, ids: [101, 104, 107], seqs: [1, 2, 3] },
      // A group without messages has its conversation too.
      { group_id: 11, user_low: null, user_high: null, last_seq: 0, ids: [null], seqs: [null] },
      // ann and Bob, whichever way each message went and however the name was written.
      { group_id: null, user_low: 1, user_high: 2, last_seq: 3, ids: [100, 102, 106], seqs: [1, 2, 3] },
      // A removed side: ann's conversation with dora, apart from anyone who takes the name next.
      { group_id: null, user_low: 1, user_high: null, last_seq: 2, ids: [103, 105], seqs: [1, 2] },
      { group_id: null, user_low: null, user_high: null, last_seq: 1, ids: [108], seqs: [1] },
    ]);
  });

  it("keeps groups, their creator, members and allowed senders by id; rows of a name with no account go", async () => {
    expect(
      await query(
        `select id::int, created_by_id::int, created_by_name, admin_only_message from chat_groups order by id`,
      ),
    ).toEqual([
      { id: 10, created_by_id: 3, created_by_name: "cy", admin_only_message: false },
      { id: 11, created_by_id: null, created_by_name: "dora", admin_only_message: true },
    ]);
    expect(await query(`select group_id::int, user_id::int from group_members order by group_id, user_id`)).toEqual([
      { group_id: 10, user_id: 1 },
      { group_id: 10, user_id: 2 },
      { group_id: 10, user_id: 3 },
      { group_id: 11, user_id: 1 },
    ]);
    expect(await query(`select group_id::int, user_id::int from group_allowed_senders`)).toEqual([
      { group_id: 10, user_id: 2 },
    ]);
  });

  it("keeps unread rows, attachments and push subscriptions by account", async () => {
    expect(
      await query(`select user_id::int, message_id::int from unread_messages order by message_id, user_id`),
    ).toEqual([
      { user_id: 2, message_id: 100 },
      { user_id: 1, message_id: 101 },
      { user_id: 2, message_id: 101 },
      { user_id: 1, message_id: 103 },
      { user_id: 1, message_id: 104 },
      { user_id: 2, message_id: 106 },
    ]);
    expect(await query(`select key, uploader_id::int from chat_attachments order by key`)).toEqual([
      { key: "k1", uploader_id: 1 },
      { key: "k2", uploader_id: null },
    ]);
    expect(await query(`select user_id::int, endpoint from push_subscriptions`)).toEqual([
      { user_id: 2, endpoint: "https://push.example.com/1" },
    ]);
  });

  it("leaves the constraints in place: seq unique per conversation, ids tied to accounts", async () => {
    await expect(
      query(`insert into messages (conversation_id, seq, type, sender_name, content)
        select conversation_id, seq, type, sender_name, 'again' from messages where id = 100`),
    ).rejects.toThrow();
    await query(`delete from users where id = 2`);
    expect(await query(`select user_low::int, user_high::int from chat_conversations where user_low = 1`)).toEqual(
      expect.arrayContaining([{ user_low: 1, user_high: null }]),
    );
    expect(await query(`select count(*)::int as n from unread_messages where user_id = 2`)).toEqual([{ n: 0 }]);
    expect(await query(`select count(*)::int as n from messages`)).toEqual([{ n: 9 }]);
  });
});
