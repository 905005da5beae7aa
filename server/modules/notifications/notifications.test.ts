/**
 * Notifications (DESIGN §15) against the real app, database and STOMP: what makes one (a quote
 * request or application for every admin, an assignment, a mention, files arriving on a request, a
 * follow-up coming due), the list and "mark read" with their refusals, that nobody reads or marks
 * another person's, and the live copy on /user/queue/notifications.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatDestinations, chatPaths } from "../../../shared/chat.ts";
import type { ChatGroup } from "../../../shared/chat-groups.ts";
import { createdFileRequestSchema } from "../../../shared/file-requests.ts";
import {
  type Notification,
  type NotificationKind,
  type NotificationList,
  notificationListSchema,
  notificationSchema,
} from "../../../shared/notifications.ts";
import { quoteRequestSchema } from "../../../shared/quote-requests.ts";
import { type ChatPerson, call, chatPerson, expectJson } from "../../../test/helpers/chat.ts";
import { createTestDatabase } from "../../../test/helpers/database.ts";
import { adminToken, authHeader, randomAddress } from "../../../test/helpers/factories.ts";
import { multipart } from "../../../test/helpers/multipart.ts";
import { submitApplication, submitQuoteRequest } from "../../../test/helpers/public-form-submissions.ts";
import { type RealtimeTestApp, startApp, stompClient, uniquePrefix, waitFor } from "../../../test/helpers/realtime.ts";
import { samples } from "../../../test/helpers/sample-files.ts";
import { tusUpload } from "../../../test/helpers/tus.ts";
import { notifications, quoteRequests } from "../../db/schema.ts";

const database = await createTestDatabase();
let t: RealtimeTestApp;
let admin: ChatPerson;
/** The clock the follow-up sweep reads. */
let clock = new Date("2026-11-27T15:00:00.000Z");

beforeAll(async () => {
  t = await startApp(
    { redisKeyPrefix: uniquePrefix("notifications") },
    // A long interval: the tests run the follow-up sweep themselves.
    { database, quoteRequests: { now: () => clock, followUpSweepEveryMs: 24 * 60 * 60 * 1000 } },
  );
  admin = { id: 1, username: "admin", password: "", token: await adminToken(t) };
});
afterAll(async () => {
  await t?.close();
  await database.close();
});

const list = async (who: { token: string }, query = ""): Promise<NotificationList> =>
  notificationListSchema.parse(await expectJson(t, "GET", `/api/notifications${query}`, who));
const markRead = (who: { token: string }, body: unknown) =>
  t.app.inject({
    method: "POST",
    url: "/api/notifications/read",
    headers: authHeader(who.token),
    payload: body as object,
  });
/** Polls `read` until it gives something. */
async function eventually<T>(read: () => Promise<T | undefined>, what: string): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() - started > 5_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const newest = async (who: { token: string }, kind: NotificationKind): Promise<Notification | undefined> =>
  (await list(who)).content.find((notification) => notification.kind === kind);

describe("notifications", () => {
  it("tells every active admin of a new quote request and application, in the same transaction, and no employee", async () => {
    const otherAdmin = await chatPerson(t, { kind: "admin" });
    const employee = await chatPerson(t);
    const id = await submitQuoteRequest(t, samples.pdf);
    const [quote] = await t.app.db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
    for (const who of [admin, otherAdmin]) {
      expect(await newest(who, "quoteRequest")).toMatchObject({
        title: `New quote request ${quote!.reference} from Dana Fabricator (Steelworks & Sons)`,
        url: `/staff/quotes/${quote!.reference}`,
        readAt: null,
      });
    }
    const applicationId = await submitApplication(t, samples.pdf);
    expect(await newest(otherAdmin, "application")).toMatchObject({
      title: "New application from Ravi Modeler: Open application",
      url: `/staff/applications/${applicationId}`,
    });
    expect((await list(employee)).content).toEqual([]);

    // A refused form (no captcha) stores nothing, so it tells nobody.
    const before = (await list(otherAdmin)).unreadCount;
    const refused = multipart([
      { name: "name", value: "No Captcha" },
      { name: "email", value: "nc@example.com" },
    ]);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/contact/submit",
      headers: refused.headers,
      payload: refused.payload,
      remoteAddress: randomAddress(),
    });
    expect(response.statusCode).toBe(400);
    expect((await list(otherAdmin)).unreadCount).toBe(before);
  });

  it("lists newest first with the unread count, pages by id, and marks read only the caller's own", async () => {
    const a = await chatPerson(t, { kind: "admin" });
    const b = await chatPerson(t, { kind: "admin" });
    for (let i = 0; i < 3; i++) await submitQuoteRequest(t, samples.pdf);
    const all = await list(a);
    expect(all.unreadCount).toBe(3);
    expect(all.content.map((n) => n.id)).toEqual([...all.content.map((n) => n.id)].sort((x, y) => y - x));
    const [first, second, third] = all.content;
    const page = await list(a, `?limit=1&before=${first!.id}`);
    expect(page.content.map((n) => n.id)).toEqual([second!.id]);
    expect(page.unreadCount).toBe(3);

    // b marking a's ids changes nothing of a's.
    const others = await markRead(b, { ids: [first!.id, second!.id] });
    expect(others.statusCode).toBe(200);
    expect(others.json()).toEqual({ marked: 0, unreadCount: 3 });
    expect((await list(a)).unreadCount).toBe(3);

    const marked = await markRead(a, { ids: [first!.id, first!.id, 999_999_999] });
    expect(marked.json()).toEqual({ marked: 1, unreadCount: 2 });
    expect((await markRead(a, { ids: [first!.id] })).json()).toEqual({ marked: 0, unreadCount: 2 });
    const unread = await list(a, "?unread=true");
    expect(unread.content.map((n) => n.id)).toEqual([second!.id, third!.id]);
    const read = (await list(a)).content.find((n) => n.id === first!.id);
    expect(read?.readAt).toEqual(expect.any(String));

    expect((await markRead(a, { all: true })).json()).toEqual({ marked: 2, unreadCount: 0 });
    expect((await list(a, "?unread=true")).content).toEqual([]);
    expect((await list(b)).unreadCount).toBe(3);
  });

  it("refuses what is not a list or a mark, and anyone signed out", async () => {
    const who = await chatPerson(t);
    for (const query of [
      "?limit=0",
      "?limit=101",
      "?unread=yes",
      "?before=-1",
      "?before=x",
      "?before=1e30",
      "?limit=1&limit=2",
    ]) {
      expect((await call(t, "GET", `/api/notifications${query}`, who)).statusCode, query).toBe(400);
    }
    for (const body of [
      {},
      { ids: [] },
      { ids: ["1"] },
      { ids: [0] },
      { ids: [1e30] },
      { ids: [1.5] },
      { ids: Array.from({ length: 501 }, (_, i) => i + 1) },
      { all: false },
      { all: true, ids: [1] },
      { ids: [1], extra: true },
      [1, 2],
    ]) {
      const response = await markRead(who, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect((await t.app.inject({ url: "/api/notifications" })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "POST", url: "/api/notifications/read", payload: { all: true } })).statusCode,
    ).toBe(401);
  });

  it("tells the new assignee, never the admin who assigned it to themselves; and arrives live", async () => {
    const assignee = await chatPerson(t, { kind: "admin" });
    const client = await stompClient(t.url, assignee);
    try {
      const live = await client.subscribe("/user/queue/notifications");
      const id = await submitQuoteRequest(t, samples.pdf);
      const patch = async (who: ChatPerson, body: Record<string, unknown>) => {
        const current = quoteRequestSchema.parse(await expectJson(t, "GET", `/api/contact/${id}`, who));
        return expectJson(t, "PATCH", `/api/contact/${id}`, who, 200, { version: current.version, ...body });
      };
      await waitFor(() => live.messages.length === 1, 5_000, "the quote request's notice");

      await patch(admin, { assignee: assignee.username });
      const assigned = await waitFor(
        () =>
          live
            .json()
            .map((body) => notificationSchema.parse(body))
            .find((n) => n.kind === "assigned"),
        5_000,
        "the live assignment",
      );
      expect(assigned.title).toMatch(/^admin assigned you Q-\d{4}-\d{4} from Dana Fabricator/);
      expect(await newest(assignee, "assigned")).toEqual(assigned);

      // Reassigned to themselves by themselves, and a patch that changes nothing: no new notice.
      await patch(assignee, { assignee: null });
      await patch(assignee, { assignee: assignee.username });
      await patch(assignee, { status: "contacted" });
      expect((await list(assignee)).content.filter((n) => n.kind === "assigned")).toHaveLength(1);
    } finally {
      await client.close();
    }
  });

  it("tells the people a group message @mentions, with the conversation's address around the message", async () => {
    const [ana, ben, cy] = [await chatPerson(t), await chatPerson(t), await chatPerson(t)];
    const group = await expectJson<ChatGroup>(t, "POST", chatPaths.createGroup, admin, 201, {
      name: "Harbor Point",
      members: [ana.username, ben.username, cy.username],
    });
    const client = await stompClient(t.url, ana);
    try {
      const errors = await client.subscribe(chatDestinations.errorsQueue);
      const text = `@${ben.username} please check grid C ${randomBytes(2).toString("hex")}`;
      expect(await client.send(chatDestinations.sendGroup, { groupId: group.id, content: text })).toBe("done");
      expect(errors.messages).toEqual([]);
      const mention = await eventually(() => newest(ben, "mention"), "the mention");
      expect(mention).toMatchObject({ title: `${ana.username} mentioned you in Harbor Point: ${text}` });
      expect(mention.url).toMatch(new RegExp(`^/staff/chat/group%3A${group.id}\\?m=\\d+$`));
      expect(await newest(cy, "mention")).toBeUndefined();
      expect(await newest(ana, "mention")).toBeUndefined();
    } finally {
      await client.close();
    }
  });

  it("tells the admin who asked when files arrive on their request, once per arrival", async () => {
    const asker = await chatPerson(t, { kind: "admin" });
    const created = createdFileRequestSchema.parse(
      await expectJson(t, "POST", "/api/admin/file-requests", asker, 201, {
        title: "Harbor Point IFCs",
        expiryHours: 24,
      }),
    );
    const token = new URL(created.url).pathname.split("/").pop() ?? "";
    const base = `http://127.0.0.1:${t.port}`;
    await tusUpload(base, randomBytes(2_000), { metadata: { token, filename: "grid-c.ifc" } });
    await tusUpload(base, randomBytes(2_000), { metadata: { token, filename: "grid-d.ifc" } });
    const arrived = await eventually(() => newest(asker, "filesReceived"), "the arrival");
    expect(arrived).toMatchObject({
      title: "Files arriving on “Harbor Point IFCs”: grid-c.ifc (2 KB)",
      url: `/staff/file-requests?request=${created.id}`,
    });
    expect((await list(asker)).content.filter((n) => n.kind === "filesReceived")).toHaveLength(1);
    expect(await newest(admin, "filesReceived")).toBeUndefined();
  });

  it("tells of a follow-up when its time comes, once however often the sweep runs, and again when moved", async () => {
    const assignee = await chatPerson(t, { kind: "admin" });
    const id = await submitQuoteRequest(t, samples.pdf);
    const followUp = new Date(clock.getTime() + 60 * 60 * 1000);
    const current = quoteRequestSchema.parse(await expectJson(t, "GET", `/api/contact/${id}`, admin));
    await expectJson(t, "PATCH", `/api/contact/${id}`, admin, 200, {
      version: current.version,
      assignee: assignee.username,
      followUpAt: followUp.toISOString(),
    });
    const dueOf = async () => (await list(assignee)).content.filter((n) => n.kind === "due");

    await t.app.followUpNotices.sweep();
    expect(await dueOf()).toEqual([]);
    clock = new Date(followUp.getTime() + 1_000);
    // Instances sweeping at the same moment (one app, the same database): still one notice.
    await Promise.all([t.app.followUpNotices.sweep(), t.app.followUpNotices.sweep(), t.app.followUpNotices.sweep()]);
    await t.app.followUpNotices.sweep();
    const [due, ...more] = await dueOf();
    expect(more).toEqual([]);
    expect(due).toMatchObject({ title: expect.stringMatching(/^Follow-up due: Q-\d{4}-\d{4} from Dana Fabricator/) });
    expect(due!.url).toBe(`/staff/quotes/${current.reference}`);

    // Moved later, then due again: a second notice. Won: never again.
    const moved = new Date(clock.getTime() + 60 * 60 * 1000);
    const now = quoteRequestSchema.parse(await expectJson(t, "GET", `/api/contact/${id}`, admin));
    await expectJson(t, "PATCH", `/api/contact/${id}`, admin, 200, {
      version: now.version,
      followUpAt: moved.toISOString(),
    });
    clock = new Date(moved.getTime() + 1_000);
    await t.app.followUpNotices.sweep();
    expect(await dueOf()).toHaveLength(2);
    const won = quoteRequestSchema.parse(await expectJson(t, "GET", `/api/contact/${id}`, admin));
    await expectJson(t, "PATCH", `/api/contact/${id}`, admin, 200, {
      version: won.version,
      status: "won",
      followUpAt: new Date(clock.getTime() - 1_000).toISOString(),
    });
    await t.app.followUpNotices.sweep();
    expect(await dueOf()).toHaveLength(2);
  });

  it("tells nobody of a change that was refused, and an employee of the request assigned to them", async () => {
    const employee = await chatPerson(t);
    const id = await submitQuoteRequest(t, samples.pdf);
    const current = quoteRequestSchema.parse(await expectJson(t, "GET", `/api/contact/${id}`, admin));
    // A stale version: 409, nothing assigned, nobody told.
    const stale = await call(t, "PATCH", `/api/contact/${id}`, admin, {
      version: current.version + 5,
      assignee: employee.username,
    });
    expect(stale.statusCode).toBe(409);
    expect(await newest(employee, "assigned")).toBeUndefined();
    // Two admins assigning from the same version at once: one wins, one notice.
    const [first, second] = await Promise.all(
      [employee.username, employee.username].map((assignee) =>
        call(t, "PATCH", `/api/contact/${id}`, admin, { version: current.version, assignee }),
      ),
    );
    expect([first!.statusCode, second!.statusCode].sort()).toEqual([200, 409]);
    const assigned = await eventually(() => newest(employee, "assigned"), "the assignment");
    expect(assigned.url).toBe(`/staff/quotes/${current.reference}`);
    expect((await list(employee)).content.filter((n) => n.kind === "assigned")).toHaveLength(1);
  });

  it("goes with the account: a deleted person's notifications are deleted", async () => {
    const gone = await chatPerson(t);
    expect(await t.app.notifications.notify([gone.id], { kind: "mention", title: "x", url: "/staff/chat" })).toBe(1);
    expect((await list(gone)).unreadCount).toBe(1);
    expect((await call(t, "DELETE", `/api/admin/employees/${gone.id}`, admin)).statusCode).toBe(204);
    expect(await t.app.db.select().from(notifications).where(eq(notifications.recipientId, gone.id))).toEqual([]);
  });
});
