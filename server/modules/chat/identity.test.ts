/**
 * DESIGN §10 identity: chat rows name accounts by id. A rename changes one row and everything
 * follows; a new account that takes a deleted account's username sees nothing of its chats, files
 * or groups; a deleted account's messages stay readable by the others, under the name it had, with
 * senderRemoved.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type ChatMessage,
  chatDestinations,
  chatPaths,
  type MessagePage,
  type UnreadItem,
} from "../../../shared/chat.ts";
import type { ChatGroup } from "../../../shared/chat-groups.ts";
import { type ChatPerson, call, chatClients, chatPerson, expectJson, uploadText } from "../../../test/helpers/chat.ts";
import { createTestDatabase } from "../../../test/helpers/database.ts";
import { adminToken, loginAs } from "../../../test/helpers/factories.ts";
import { type RealtimeTestApp, startApp, uniquePrefix } from "../../../test/helpers/realtime.ts";
import {
  chatAttachments,
  chatConversations,
  chatGroups,
  groupAllowedSenders,
  groupMembers,
  messages,
  pushSubscriptions,
  unreadMessages,
  users,
} from "../../db/schema.ts";

const database = await createTestDatabase();
let t: RealtimeTestApp;
let admin: { username: string; token: string };
const clients = chatClients(() => t.url);

beforeAll(async () => {
  t = await startApp({ redisKeyPrefix: uniquePrefix("chat-identity") }, { database });
  admin = { username: "admin", token: await adminToken(t) };
});
afterAll(async () => {
  await clients.closeAll();
  await t?.close();
  await database.close();
});

const texts = (page: { content: ChatMessage[] }) => page.content.map((message) => message.content);
const history = (me: ChatPerson, other: string) =>
  expectJson<MessagePage>(t, "GET", chatPaths.privateHistory(me.username, other, 0), me);

async function createGroup(name: string, members: string[], by: { token: string } = admin) {
  return expectJson<ChatGroup>(t, "POST", chatPaths.createGroup, by, 201, { name, members });
}

/** Every chat row, to show a rename leaves them as they were. */
async function chatRows() {
  const db = t.app.db;
  return {
    messages: await db.select().from(messages).orderBy(asc(messages.id)),
    conversations: await db.select().from(chatConversations).orderBy(asc(chatConversations.id)),
    groups: await db.select().from(chatGroups).orderBy(asc(chatGroups.id)),
    members: await db.select().from(groupMembers).orderBy(asc(groupMembers.groupId), asc(groupMembers.userId)),
    allowed: await db.select().from(groupAllowedSenders).orderBy(asc(groupAllowedSenders.groupId)),
    unread: await db.select().from(unreadMessages).orderBy(asc(unreadMessages.messageId), asc(unreadMessages.userId)),
    attachments: await db.select().from(chatAttachments).orderBy(asc(chatAttachments.key)),
    push: await db.select().from(pushSubscriptions).orderBy(asc(pushSubscriptions.id)),
  };
}

async function editAccount(person: ChatPerson, changes: { username?: string }) {
  const [row] = (await t.app.db.select().from(users)).filter((user) => user.id === person.id);
  if (!row) throw new Error("no such account");
  const response = await call(t, "PUT", `/api/admin/employees/${person.id}`, admin, {
    name: row.name,
    email: row.email,
    role: row.jobRole,
    username: changes.username ?? row.username,
    status: row.status,
    performance: row.performance,
    projects: row.projects,
  });
  expect(response.statusCode, response.body).toBe(200);
}

async function deleteAccount(person: ChatPerson) {
  expect((await call(t, "DELETE", `/api/admin/employees/${person.id}`, admin)).statusCode).toBe(204);
}

async function register(username: string): Promise<ChatPerson> {
  const password = "a-new-password-for-the-name-9";
  const created = await expectJson<{ id: number }>(t, "POST", "/api/admin/register-employee", admin, 201, {
    name: "Newcomer",
    email: `${username}@example.com`,
    role: "Detailer",
    username,
    password,
  });
  return { id: created.id, username, password, token: await loginAs(t, { username, password }) };
}

/** alice and bob talk privately (bob sends a file), and in a group bob is an allowed sender of. */
async function conversationBetween(alice: ChatPerson, bob: ChatPerson) {
  const group = await createGroup("Site team", [alice.username, bob.username]);
  await expectJson(t, "PUT", chatPaths.groupPermissions(group.id), admin, 200, {
    allowedSenders: [bob.username],
    adminOnlyMessage: false,
  });
  const file = await uploadText(t, bob, "beam schedule", "beams.txt");
  const a = await clients.connect(alice);
  const b = await clients.connect(bob);
  expect(await a.client.send(chatDestinations.sendPrivate, { recipient: bob.username, content: "Hi Bob" })).toBe(
    "done",
  );
  expect(await b.client.send(chatDestinations.sendPrivate, { recipient: alice.username, content: "Hi", ...file })).toBe(
    "done",
  );
  expect(await b.client.send(chatDestinations.sendGroup, { groupId: group.id, content: "Morning all" })).toBe("done");
  expect(await a.client.send(chatDestinations.sendPrivate, { recipient: bob.username, content: "Unread" })).toBe(
    "done",
  );
  await Promise.all([a.client.close(), b.client.close()]);
  return { group, file };
}

describe("a rename", () => {
  it("changes the account's row only: history, groups, unread state and files follow the new name", async () => {
    const [alice, bob] = [await chatPerson(t), await chatPerson(t)];
    const { group, file } = await conversationBetween(alice, bob);
    const before = await chatRows();

    const renamed = `${bob.username}.r`;
    await editAccount(bob, { username: renamed });
    expect(await chatRows()).toEqual(before);

    const robert = {
      ...bob,
      username: renamed,
      token: await loginAs(t, { username: renamed, password: bob.password }),
    };
    const page = await history(alice, renamed);
    expect(texts(page)).toEqual(["Hi Bob", "Hi", "Unread"]);
    expect(page.content.map((message) => [message.sender, message.recipient, message.senderRemoved])).toEqual([
      [alice.username, renamed, false],
      [renamed, alice.username, false],
      [alice.username, renamed, false],
    ]);
    // The old name names nobody now.
    expect((await history(alice, bob.username)).content).toEqual([]);

    const [mine] = await expectJson<ChatGroup[]>(t, "GET", chatPaths.myGroups, robert);
    expect(mine).toMatchObject({ id: group.id, allowedSenders: [renamed] });
    expect(mine!.members).toContain(renamed);
    const groupPage = await expectJson<MessagePage>(t, "GET", chatPaths.groupMessages(group.id, 0), robert);
    expect(groupPage.content[0]).toMatchObject({ sender: renamed, content: "Morning all" });

    const unread = await expectJson<UnreadItem[]>(t, "GET", chatPaths.unread(renamed), robert);
    expect(unread.map((item) => [item.sender, item.recipient])).toEqual([
      [alice.username, renamed],
      [alice.username, renamed],
    ]);
    expect((await call(t, "GET", file.fileUrl, robert)).statusCode).toBe(200);
    expect((await call(t, "GET", file.fileUrl, alice)).statusCode).toBe(200);
    // Messages reach the account under its new name.
    const r = await clients.connect(robert);
    const a = await clients.connect(alice);
    expect(await a.client.send(chatDestinations.sendPrivate, { recipient: renamed, content: "New name?" })).toBe(
      "done",
    );
    expect(await a.client.send(chatDestinations.sendPrivate, { recipient: bob.username, content: "Old name" })).toBe(
      "refused",
    );
    expect(texts(await history(robert, alice.username)).at(-1)).toBe("New name?");
    await Promise.all([r.client.close(), a.client.close()]);
  });
});

describe("a deleted account", () => {
  it("leaves its messages to the others under the name it had, marked removed; its groups and unread rows go", async () => {
    const [alice, bob] = [await chatPerson(t), await chatPerson(t)];
    const { group } = await conversationBetween(alice, bob);
    // Renamed before it was deleted: the name shown is the last it had, not the one it sent with.
    const lastName = `${bob.username}.last`;
    await editAccount(bob, { username: lastName });
    await deleteAccount(bob);

    const page = await history(alice, lastName);
    expect(texts(page)).toEqual(["Hi Bob", "Hi", "Unread"]);
    expect(page.content.map((message) => [message.sender, message.recipient, message.senderRemoved])).toEqual([
      [alice.username, lastName, false],
      [lastName, alice.username, true],
      [alice.username, lastName, false],
    ]);
    const groupPage = await expectJson<MessagePage>(t, "GET", chatPaths.groupMessages(group.id, 0), alice);
    expect(groupPage.content.map((message) => [message.sender, message.senderRemoved])).toEqual([[lastName, true]]);
    const [current] = await expectJson<ChatGroup[]>(t, "GET", chatPaths.myGroups, alice);
    expect(current!.members).not.toContain(lastName);
    expect(current!.allowedSenders).toEqual([]);
    expect(await t.app.db.$count(unreadMessages, eq(unreadMessages.userId, bob.id))).toBe(0);
    // The catch-up answers the same messages.
    const after = await expectJson<{ content: ChatMessage[] }>(
      t,
      "GET",
      chatPaths.privateAfter(alice.username, lastName, 0),
      alice,
    );
    expect(after.content.map((message) => message.senderRemoved)).toEqual([false, true, false]);
  });

  it("gives nothing of itself to a new account that takes its username: no history, groups, files or unread", async () => {
    const [alice, bob] = [await chatPerson(t), await chatPerson(t)];
    const { group, file } = await conversationBetween(alice, bob);
    await deleteAccount(bob);

    const newBob = await register(bob.username);
    expect(newBob.id).not.toBe(bob.id);
    expect((await history(newBob, alice.username)).content).toEqual([]);
    expect(
      (
        await expectJson<{ content: ChatMessage[] }>(
          t,
          "GET",
          chatPaths.privateAfter(newBob.username, alice.username, 0),
          newBob,
        )
      ).content,
    ).toEqual([]);
    expect(await expectJson(t, "GET", chatPaths.myGroups, newBob)).toEqual([]);
    expect(await expectJson(t, "GET", chatPaths.unread(newBob.username), newBob)).toEqual([]);
    expect((await call(t, "GET", file.fileUrl, newBob)).statusCode).toBe(403);
    expect((await call(t, "GET", chatPaths.groupMessages(group.id, 0), newBob)).statusCode).toBe(403);
    // Alice's old conversation is not the new account's to read through her name either.
    expect((await history(newBob, alice.username)).totalElements).toBe(0);
    // A new conversation starts from seq 1, apart from the old one.
    const n = await clients.connect(newBob);
    expect(
      await n.client.send(chatDestinations.sendPrivate, { recipient: alice.username, content: "Hello, I'm new" }),
    ).toBe("done");
    const fresh = await history(alice, bob.username);
    expect(fresh.content.map((message) => [message.content, message.seq, message.senderRemoved])).toEqual([
      ["Hello, I'm new", 1, false],
    ]);
    await n.client.close();
  });

  it("leaves the group it created without an admin: a new account with its name cannot manage it", async () => {
    const founder = await chatPerson(t, { kind: "admin" });
    const member = await chatPerson(t);
    const group = await createGroup("Founders", [member.username], founder);
    expect(group.createdBy).toBe(founder.username);
    // Admin accounts are not employees: remove it as its own deletion would (the same cascade).
    await t.app.db.transaction(async (tx) => {
      await t.app.accountEvents.deleting(tx as never, { id: founder.id, username: founder.username });
      await tx.delete(users).where(eq(users.id, founder.id));
    });
    const heir = await register(founder.username);
    const seen = await expectJson<ChatGroup[]>(t, "GET", chatPaths.myGroups, member);
    expect(seen.find((g) => g.id === group.id)).toMatchObject({ createdBy: founder.username });
    expect((await call(t, "PUT", chatPaths.group(group.id), heir, { name: "Mine now" })).statusCode).toBe(403);
    expect((await call(t, "DELETE", chatPaths.deleteGroup(group.id), heir)).statusCode).toBe(403);
    const h = await clients.connect(heir);
    expect(await h.client.send(chatDestinations.sendGroup, { groupId: group.id, content: "hi" })).toBe("refused");
    await h.client.close();
  });
});
