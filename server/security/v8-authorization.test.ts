/**
 * ASVS 5.0 V8 Authorization.
 *
 * Function level (V8.2.1): every route the app registers, called as anonymous, employee and admin,
 * is in server/modules/auth/authorization-matrix.test.ts; a route added without a rule fails it.
 * This file attacks data-level access (V8.2.2, IDOR): one employee reaching for another's chat.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatPaths } from "../../shared/chat.ts";
import { createTestApp, type TestApp } from "../../test/helpers/app.ts";
import { adminToken, authHeader, employeeSession } from "../../test/helpers/factories.ts";
import { multipart } from "../../test/helpers/multipart.ts";
import { samples } from "../../test/helpers/sample-files.ts";

describe("V8 Authorization", () => {
  let t: TestApp;
  let admin: string;
  /** Bob and Carol talk privately and share a group; Mallory is a colleague who is in neither. */
  const people = {} as Record<"bob" | "carol" | "mallory", { id: number; username: string; token: string }>;
  let messageId: number;
  let groupId: number;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminToken(t);
    for (const name of ["bob", "carol", "mallory"] as const) {
      const { employee, token } = await employeeSession(t);
      people[name] = { id: employee.id, username: employee.username, token };
    }
    const written = await t.app.chat.writer.write(
      {
        type: "PRIVATE_MESSAGE",
        sender: people.bob,
        recipient: people.carol,
        content: "Carol, my salary review is on Friday",
      },
      [people.carol.id],
    );
    if (written.status !== "stored") throw new Error("the message was not stored");
    messageId = written.row.id;
    const group = await t.app.inject({
      method: "POST",
      url: chatPaths.createGroup,
      headers: authHeader(admin),
      payload: { name: "Bid team", members: [people.bob.username, people.carol.username] },
    });
    expect(group.statusCode).toBe(201);
    groupId = group.json().id;
  });
  afterAll(async () => t.close());

  const as = (who: keyof typeof people, method: "GET" | "POST", url: string, payload?: object) =>
    t.app.inject({ method, url, headers: authHeader(people[who].token), ...(payload ? { payload } : {}) });

  it("V8.2.2 Mallory cannot read Bob and Carol's private conversation", async () => {
    const { bob, carol } = people;
    const history = chatPaths.privateHistory(bob.username, carol.username, 0);
    const stolen = await as("mallory", "GET", history);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.body).not.toContain("salary");
    // Control: the participants read it.
    expect((await as("carol", "GET", history)).json().content[0].content).toMatch(/salary/);
  });

  it("V8.2.2 Mallory cannot read, or clear, Carol's unread messages", async () => {
    const { carol } = people;
    const unread = await as("mallory", "GET", chatPaths.unread(carol.username));
    expect(unread.statusCode).toBe(403);
    expect(unread.body).not.toContain("salary");
    expect((await as("mallory", "POST", chatPaths.readMessage(messageId, carol.username))).statusCode).toBe(403);
    expect(
      (await as("mallory", "POST", chatPaths.markPrivateRead(people.bob.username, carol.username))).statusCode,
    ).toBe(403);
    // Still unread for Carol.
    const mine = await as("carol", "GET", chatPaths.unread(carol.username));
    expect(mine.json()).toEqual([expect.objectContaining({ id: messageId })]);
  });

  it("V8.2.2 Mallory cannot read a group she is not in, nor its members", async () => {
    for (const url of [chatPaths.groupMessages(groupId, 0), chatPaths.getGroupMembers(groupId)]) {
      expect((await as("mallory", "GET", url)).statusCode, url).toBe(403);
      expect((await as("bob", "GET", url)).statusCode, url).toBe(200);
    }
  });

  it("V8.2.2 Mallory cannot open an attachment Bob uploaded, even knowing its address", async () => {
    const form = multipart([{ name: "file", value: samples.pdf, fileName: "payslip.pdf" }]);
    const upload = await t.app.inject({
      method: "POST",
      url: chatPaths.upload,
      headers: { ...form.headers, ...authHeader(people.bob.token) },
      payload: form.payload,
    });
    expect(upload.statusCode).toBe(201);
    const { fileUrl } = upload.json();
    expect((await as("mallory", "GET", fileUrl)).statusCode).toBe(403);
    expect((await as("bob", "GET", fileUrl)).statusCode).toBe(200);
  });

  it("V8.2.2 Mallory cannot subscribe push notifications in Carol's name", async () => {
    const response = await as("mallory", "POST", chatPaths.pushSubscribe(people.carol.username), {
      endpoint: "https://fcm.googleapis.com/fcm/send/abc",
      keys: { p256dh: "k".repeat(87), auth: "a".repeat(22) },
    });
    expect(response.statusCode).toBe(403);
  });

  it("V8.3.1 the server decides roles: an employee token on an admin route is 403 whatever the client claims", async () => {
    const response = await t.app.inject({
      url: "/api/admin/employees",
      headers: { ...authHeader(people.mallory.token), "x-role": "admin", cookie: "role=admin" },
    });
    expect(response.statusCode).toBe(403);
  });
});
