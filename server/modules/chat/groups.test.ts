/**
 * Groups (SPEC §5–7): who creates, manages, reads and subscribes; the sending rule enforced on the
 * server; members removed lose the group at once.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatDestinations, chatPaths } from "../../../shared/chat.ts";
import type { ChatGroup } from "../../../shared/chat-groups.ts";
import { createTestDatabase } from "../../../test/helpers/database.ts";
import { adminToken, authHeader, createEmployee, employeeSession, loginAs } from "../../../test/helpers/factories.ts";
import {
  type RealtimeTestApp,
  type StompTestClient,
  sleep,
  startApp,
  stompClient,
  uniquePrefix,
  waitFor,
} from "../../../test/helpers/realtime.ts";
import { chatRefusals } from "./service.ts";

const database = await createTestDatabase();
let t: RealtimeTestApp;
interface Person {
  username: string;
  token: string;
}
let admin: Person;
let secondAdmin: Person;
const clients: StompTestClient[] = [];

const request = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, person: Person, payload?: object) =>
  t.app.inject({ method, url, headers: authHeader(person.token), ...(payload === undefined ? {} : { payload }) });

async function person(): Promise<Person> {
  const { employee, token } = await employeeSession(t);
  return { username: employee.username, token };
}

async function createGroup(by: Person, name: string, members: Person[]): Promise<ChatGroup> {
  const response = await request("POST", chatPaths.createGroup, by, {
    name,
    adminUsername: by.username,
    members: members.map((m) => m.username),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function connect(who: Person) {
  const client = await stompClient(t.url, who);
  clients.push(client);
  const errors = await client.subscribe(chatDestinations.errorsQueue);
  return { client, errors };
}

beforeAll(async () => {
  t = await startApp({ redisKeyPrefix: uniquePrefix("chat-groups") }, { database });
  admin = { username: "admin", token: await adminToken(t) };
  const other = await createEmployee(t, { kind: "admin" });
  secondAdmin = { username: other.username, token: await loginAs(t, other, "admin") };
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  await t?.close();
  await database.close();
});

describe("creating and listing groups", () => {
  it("admins create groups; the creator is a member and the group's admin", async () => {
    const [a, b] = [await person(), await person()];
    const group = await createGroup(admin, "  Harbor Point detailing  ", [a, b, a]);
    expect(group).toMatchObject({
      name: "Harbor Point detailing",
      createdBy: "admin",
      adminOnlyMessage: false,
      allowedSenders: [],
    });
    expect(group.members.sort()).toEqual(["admin", a.username, b.username].sort());
  });

  it("refuses employees, blank names, no members and unknown members", async () => {
    const a = await person();
    expect((await request("POST", chatPaths.createGroup, a, { name: "Mine", members: [a.username] })).statusCode).toBe(
      403,
    );
    const blank = await request("POST", chatPaths.createGroup, admin, { name: "   ", members: [a.username] });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.name).toMatch(/name/);
    const none = await request("POST", chatPaths.createGroup, admin, { name: "Empty", members: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.members).toMatch(/at least one member/);
    const unknown = await request("POST", chatPaths.createGroup, admin, { name: "Ghosts", members: ["nobody.x"] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.members).toMatch(/nobody\.x/);
  });

  it("admins list all groups; others only their own", async () => {
    const [a, b] = [await person(), await person()];
    const mine = await createGroup(admin, "A's group", [a]);
    const theirs = await createGroup(admin, "B's group", [b]);
    const all = (await request("GET", chatPaths.allGroups, admin)).json() as ChatGroup[];
    expect(all.map((g) => g.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect((await request("GET", chatPaths.allGroups, a)).statusCode).toBe(403);
    const own = (await request("GET", chatPaths.myGroups, a)).json() as ChatGroup[];
    expect(own.map((g) => g.id)).toEqual([mine.id]);
  });
});

describe("reading a group", () => {
  it("members and admins read messages and members; others are refused", async () => {
    const [member, stranger] = [await person(), await person()];
    const group = await createGroup(admin, "Readers", [member]);
    for (const who of [member, admin, secondAdmin]) {
      expect((await request("GET", chatPaths.groupMessages(group.id, 0), who)).statusCode).toBe(200);
      expect((await request("GET", chatPaths.getGroupMembers(group.id), who)).json()).toEqual(
        [member.username, "admin"].sort(),
      );
    }
    expect((await request("GET", chatPaths.groupMessages(group.id, 0), stranger)).statusCode).toBe(403);
    expect((await request("GET", chatPaths.getGroupMembers(group.id), stranger)).statusCode).toBe(403);
    expect((await request("GET", chatPaths.groupMessages(987_654, 0), admin)).statusCode).toBe(200);
    expect((await request("GET", chatPaths.getGroupMembers(987_654), admin)).statusCode).toBe(404);
  });

  it("a non-member cannot subscribe to the group's topic", async () => {
    const [member, stranger] = [await person(), await person()];
    const group = await createGroup(admin, "Topic", [member]);
    const outsider = await connect(stranger);
    const spy = await outsider.client.subscribe(chatDestinations.group(group.id));
    expect(spy.refused).toBe(true);
    await waitFor(() => outsider.errors.messages.length === 1, 5_000, "the refusal");
    expect(outsider.errors.json()).toMatchObject([
      { message: "You are not a member of this group.", destination: chatDestinations.group(group.id) },
    ]);
    const sender = await connect(member);
    await sender.client.send(chatDestinations.sendGroup, { groupId: group.id, content: "members only" });
    await sleep(200);
    expect(spy.messages).toHaveLength(0);
    expect(outsider.client.client.connected).toBe(true);
  });
});

describe("sending in a group (SPEC §5)", () => {
  it("delivers to the topic after storing; unread for every other member", async () => {
    const [a, b] = [await person(), await person()];
    const group = await createGroup(admin, "Delivery", [a, b]);
    const listener = await connect(b);
    const topic = await listener.client.subscribe(chatDestinations.group(group.id));
    const sender = await connect(a);
    await sender.client.send(chatDestinations.sendGroup, { groupId: group.id, content: "Shop drawings issued" });
    await waitFor(() => topic.messages.length === 1, 5_000, "the group message");
    expect(topic.json()[0]).toMatchObject({
      type: "GROUP_MESSAGE",
      sender: a.username,
      groupId: group.id,
      recipient: null,
      content: "Shop drawings issued",
    });
    const unread = (await request("GET", chatPaths.unread(b.username), b)).json();
    expect(unread).toEqual([expect.objectContaining({ type: "GROUP_MESSAGE", group: { id: group.id } })]);
    expect((await request("GET", chatPaths.unread(a.username), a)).json()).toEqual([]);
    expect((await request("GET", chatPaths.unread("admin"), admin)).json()).toEqual(
      expect.arrayContaining([expect.objectContaining({ group: { id: group.id } })]),
    );
    expect((await request("POST", chatPaths.markGroupRead(group.id, b.username), b)).json()).toEqual({ marked: 1 });
    expect((await request("GET", chatPaths.unread(b.username), b)).json()).toEqual([]);
    expect((await request("POST", chatPaths.markGroupRead(group.id, b.username), a)).statusCode).toBe(403);
  });

  it("admin-only mode blocks members but not admins; allowed senders limit who may send", async () => {
    const [listed, unlisted] = [await person(), await person()];
    const group = await createGroup(admin, "Rules", [listed, unlisted]);
    const history = async () =>
      (await request("GET", chatPaths.groupMessages(group.id, 0), admin)).json().totalElements;

    const set = (body: { allowedSenders: string[]; adminOnlyMessage: boolean }) =>
      request("PUT", chatPaths.groupPermissions(group.id), admin, body);
    expect((await set({ allowedSenders: [], adminOnlyMessage: true })).json()).toMatchObject({
      adminOnlyMessage: true,
    });

    const l = await connect(listed);
    const u = await connect(unlisted);
    const otherAdmin = await connect(secondAdmin);
    expect(await l.client.send(chatDestinations.sendGroup, { groupId: group.id, content: "may I?" })).toBe("refused");
    await waitFor(() => l.errors.messages.length === 1, 5_000, "the refusal");
    expect(l.errors.json()[0]).toMatchObject({
      message: chatRefusals.noPermission,
      destination: chatDestinations.sendGroup,
    });
    expect(await history()).toBe(0);
    // An admin who is not even a member may always send.
    await otherAdmin.client.send(chatDestinations.sendGroup, { groupId: group.id, content: "Admins may." });
    expect(await history()).toBe(1);
    expect(otherAdmin.errors.messages).toHaveLength(0);

    const allowed = await set({ allowedSenders: [listed.username], adminOnlyMessage: false });
    expect(allowed.json()).toMatchObject({ allowedSenders: [listed.username], adminOnlyMessage: false });
    await l.client.send(chatDestinations.sendGroup, { groupId: group.id, content: "Listed, so I can." });
    expect(await u.client.send(chatDestinations.sendGroup, { groupId: group.id, content: "Not listed." })).toBe(
      "refused",
    );
    await waitFor(() => u.errors.messages.length === 1, 5_000, "the refusal");
    expect(await history()).toBe(2);
    expect(l.errors.messages).toHaveLength(1);

    await set({ allowedSenders: [], adminOnlyMessage: false });
    await u.client.send(chatDestinations.sendGroup, { groupId: group.id, content: "Open again." });
    expect(await history()).toBe(3);
    expect(u.client.client.connected).toBe(true);
  });

  it("a stranger cannot send into a group, nor name an unknown one", async () => {
    const [member, stranger] = [await person(), await person()];
    const group = await createGroup(admin, "Closed", [member]);
    const s = await connect(stranger);
    await s.client.send(chatDestinations.sendGroup, { groupId: group.id, content: "let me in" });
    await s.client.send(chatDestinations.sendGroup, { groupId: 987_654, content: "anyone?" });
    await s.client.send(chatDestinations.sendGroup, { groupId: "abc", content: "?" });
    await waitFor(() => s.errors.messages.length === 3, 5_000, "three refusals");
    const texts = s.errors.json().map((e) => (e as { message: string }).message);
    expect(texts.slice(0, 2)).toEqual([chatRefusals.notMember, chatRefusals.noGroup]);
    expect(texts[2]).toMatch(/groupId/);
    expect((await request("GET", chatPaths.groupMessages(group.id, 0), admin)).json().totalElements).toBe(0);
  });
});

describe("managing a group", () => {
  it("only admins or the creator rename, change members and permissions, or delete", async () => {
    const [member] = [await person()];
    const group = await createGroup(admin, "Managed", [member]);
    expect((await request("PUT", chatPaths.group(group.id), member, { name: "Mine now" })).statusCode).toBe(403);
    expect(
      (await request("PUT", chatPaths.groupMembers(group.id), member, { members: [member.username] })).statusCode,
    ).toBe(403);
    expect(
      (
        await request("PUT", chatPaths.groupPermissions(group.id), member, {
          allowedSenders: [],
          adminOnlyMessage: true,
        })
      ).statusCode,
    ).toBe(403);
    expect((await request("DELETE", chatPaths.deleteGroup(group.id), member)).statusCode).toBe(403);

    const renamed = await request("PUT", chatPaths.group(group.id), secondAdmin, { name: "Renamed" });
    expect(renamed.json()).toMatchObject({ name: "Renamed" });
    expect((await request("PUT", chatPaths.group(group.id), admin, { name: "" })).statusCode).toBe(400);
    expect((await request("PUT", chatPaths.group(987_654), admin, { name: "x" })).statusCode).toBe(404);
    const outsider = await person();
    const bad = await request("PUT", chatPaths.groupPermissions(group.id), admin, {
      allowedSenders: [outsider.username],
      adminOnlyMessage: false,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("a removed member stops receiving at once, loses unread state and read access; the creator always stays", async () => {
    const [stay, leave] = [await person(), await person()];
    const group = await createGroup(admin, "Shrinking", [stay, leave]);
    const leaver = await connect(leave);
    const topic = await leaver.client.subscribe(chatDestinations.group(group.id));
    const sender = await connect(stay);
    await sender.client.send(chatDestinations.sendGroup, { groupId: group.id, content: "before" });
    await waitFor(() => topic.messages.length === 1, 5_000, "the first message");
    expect((await request("GET", chatPaths.unread(leave.username), leave)).json()).toHaveLength(1);

    const updated = await request("PUT", chatPaths.groupMembers(group.id), admin, { members: [stay.username] });
    expect((updated.json() as ChatGroup).members.sort()).toEqual(["admin", stay.username].sort());
    await waitFor(() => leaver.errors.messages.length === 1, 5_000, "the revocation notice");
    await sender.client.send(chatDestinations.sendGroup, { groupId: group.id, content: "after" });
    await sleep(200);
    expect(topic.messages).toHaveLength(1);
    expect((await request("GET", chatPaths.unread(leave.username), leave)).json()).toEqual([]);
    expect((await request("GET", chatPaths.groupMessages(group.id, 0), leave)).statusCode).toBe(403);
    const own = (await request("GET", chatPaths.myGroups, leave)).json() as ChatGroup[];
    expect(own.map((g) => g.id)).not.toContain(group.id);
  });

  it("deleting a group removes its messages and unread state", async () => {
    const [a] = [await person()];
    const group = await createGroup(admin, "Doomed", [a]);
    const sender = await connect(admin);
    await sender.client.send(chatDestinations.sendGroup, { groupId: group.id, content: "last words" });
    expect((await request("GET", chatPaths.unread(a.username), a)).json()).toHaveLength(1);
    expect((await request("DELETE", chatPaths.deleteGroup(group.id), admin)).statusCode).toBe(204);
    expect((await request("GET", chatPaths.unread(a.username), a)).json()).toEqual([]);
    expect((await request("GET", chatPaths.getGroupMembers(group.id), admin)).statusCode).toBe(404);
    expect((await request("DELETE", chatPaths.deleteGroup(group.id), admin)).statusCode).toBe(404);
  });

  it("a renamed account keeps its groups and conversations", async () => {
    const renamed = await createEmployee(t);
    const token = await loginAs(t, renamed, "employee");
    const group = await createGroup(admin, "Renames", [{ username: renamed.username, token }]);
    const response = await request("PUT", `/api/admin/employees/${renamed.id}`, admin, {
      name: renamed.name,
      email: renamed.email,
      role: renamed.jobRole,
      username: `${renamed.username}.new`,
      status: "active",
      performance: 50,
      projects: [],
    });
    expect(response.statusCode, response.body).toBe(200);
    const members = (await request("GET", chatPaths.getGroupMembers(group.id), admin)).json();
    expect(members).toContain(`${renamed.username}.new`);
    expect(members).not.toContain(renamed.username);
  });
});
