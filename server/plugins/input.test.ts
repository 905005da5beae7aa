/**
 * DESIGN §4, §14: text with NUL or another C0 control (tab, newline and carriage return aside) is a
 * 400 naming the field, never a 500, wherever it comes in: JSON bodies, query strings, path
 * parameters, multipart fields. One regression test per case of the external review.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatDestinations, chatPaths } from "../../shared/chat.ts";
import { createTestApp, type TestApp } from "../../test/helpers/app.ts";
import { solvedCaptcha } from "../../test/helpers/captcha.ts";
import {
  adminToken,
  authHeader,
  employeeSession,
  login,
  randomAddress,
  uniqueUsername,
} from "../../test/helpers/factories.ts";
import { multipart, type Part } from "../../test/helpers/multipart.ts";
import { createProject } from "../../test/helpers/projects.ts";
import {
  type RealtimeTestApp,
  type StompTestClient,
  staffUser,
  startApp,
  stompClient,
  uniquePrefix,
  waitFor,
} from "../../test/helpers/realtime.ts";
import { samples } from "../../test/helpers/sample-files.ts";
import { pushSubscriptions, quoteRequests } from "../db/schema.ts";
import {
  controlCharacterErrors,
  controlCharacterMessage,
  controlCharacterPaths,
  hasControlCharacters,
} from "../lib/control-characters.ts";
import { HttpError } from "../lib/errors.ts";

const NUL = "\u0000";
/** Text that does not compress: what overflows an index entry. */
const randomCjk = (length: number) =>
  Array.from({ length }, (_, i) => String.fromCharCode(0x4e00 + ((i * 7919 + 13) % 20_000))).join("");

describe("control characters: the rule", () => {
  it("refuses every C0 control but tab, newline and carriage return", () => {
    for (let code = 0; code < 0x20; code++) {
      const allowed = code === 0x09 || code === 0x0a || code === 0x0d;
      expect(hasControlCharacters(`a${String.fromCharCode(code)}b`), `U+${code.toString(16)}`).toBe(!allowed);
    }
    expect(hasControlCharacters("Ünïcødé 😀 \u007f \u0085 \u200b")).toBe(false);
  });

  it("names every bad string by its path, keys included, at any depth and without recursion", () => {
    expect(
      controlCharacterPaths({ name: `a${NUL}`, ok: "fine", keys: { auth: "\u0001" }, members: ["x", `y${NUL}`] }),
    ).toEqual(["name", "keys.auth", "members.1"]);
    expect(controlCharacterPaths({ [`bad${NUL}key`]: "x" })).toEqual(["bad\\u0000key"]);
    expect(controlCharacterPaths(`${NUL}`)).toEqual(["body"]);
    // A `constructor` or `__proto__` key of the input itself changes nothing.
    expect(controlCharacterPaths(JSON.parse(`{"constructor":1,"__proto__":{"a":"\\u0000"},"name":"\\u0000"}`))).toEqual(
      ["__proto__.a", "name"],
    );
    expect(controlCharacterPaths(Buffer.from(NUL))).toEqual([]);
    expect(Object.keys(controlCharacterErrors(JSON.parse('{"constructor":"\\u0000","__proto__":"\\u0001"}')))).toEqual([
      "constructor",
      "__proto__",
    ]);
    let deep: unknown = `deep${NUL}`;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(controlCharacterPaths(deep)).toHaveLength(1);
  });
});

describe("control characters over HTTP", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let employee: { username: string; headers: Record<string, string> };

  beforeAll(async () => {
    t = await createTestApp({
      beforeReady: (app) => {
        // The second line of defence: a database error bad input causes is a 400, not a 500.
        app.get("/test/database-refuses", { config: { access: "public" } }, async () => {
          await app.db.execute(sql`select ${`a${NUL}b`}::text as value`);
          return { reached: true };
        });
        app.get("/test/index-entry-too-big", { config: { access: "public" } }, async () => {
          await app.db
            .insert(pushSubscriptions)
            .values({ userId: 1, endpoint: randomCjk(1_900), p256dh: "k", auth: "a" });
          return { reached: true };
        });
        app.get("/test/wrapped-data-exception", { config: { access: "public" } }, async () => {
          throw new Error("query failed", { cause: Object.assign(new Error("value too long"), { code: "22001" }) });
        });
        app.get("/test/other-database-error", { config: { access: "public" } }, async () => {
          throw new Error("query failed", { cause: Object.assign(new Error("deadlock"), { code: "40P01" }) });
        });
        app.get("/test/http-error", { config: { access: "public" } }, async () => {
          throw new HttpError(418, "short and stout", "TEAPOT");
        });
      },
    });
    admin = authHeader(await adminToken(t));
    const session = await employeeSession(t);
    employee = { username: session.employee.username, headers: authHeader(session.token) };
  });
  afterAll(async () => t.close());

  /** A 400 whose `errors` name exactly these fields with the control-character message. */
  function expectFieldsRefused(response: { statusCode: number; json: () => unknown; body: string }, fields: string[]) {
    expect(response.statusCode, response.body).toBe(400);
    const body = response.json() as { message: string; errors?: Record<string, string> };
    expect(body.message).toEqual(expect.any(String));
    for (const field of fields) expect(body.errors?.[field], response.body).toBe(controlCharacterMessage);
  }

  it("login: a NUL in the username (or password) is a 400 naming it", async () => {
    expectFieldsRefused(await login(t, { username: `admin${NUL}`, password: "x", role: "admin" }), ["username"]);
    expectFieldsRefused(await login(t, { username: "admin", password: `pw${NUL}`, role: "admin" }), ["password"]);
    // Tab and newline are no control-character matter: an ordinary failed login.
    expect((await login(t, { username: "ad\tmin", password: "x\n", role: "admin" })).statusCode).toBe(401);
  });

  it("employees: NUL in name and role (register and edit), in projects, and in the id", async () => {
    const registered = await t.app.inject({
      method: "POST",
      url: "/api/admin/register-employee",
      headers: admin,
      payload: {
        name: `Jane${NUL}`,
        email: "jane@example.com",
        role: `Modeler${NUL}`,
        username: uniqueUsername(),
        password: "correct-horse-battery-1",
      },
    });
    expectFieldsRefused(registered, ["name", "role"]);

    const created = await t.app.inject({
      method: "POST",
      url: "/api/admin/register-employee",
      headers: admin,
      payload: {
        name: "Jane",
        email: "jane@example.com",
        role: "Modeler",
        username: uniqueUsername(),
        password: "correct-horse-battery-1",
      },
    });
    expect(created.statusCode).toBe(201);
    const { id, username } = created.json() as { id: number; username: string };
    const edit = (payload: Record<string, unknown>, target: string | number = id) =>
      t.app.inject({
        method: "PUT",
        url: `/api/admin/employees/${target}`,
        headers: admin,
        payload: {
          name: "Jane",
          email: "jane@example.com",
          role: "Modeler",
          username,
          status: "active",
          performance: 50,
          projects: [],
          ...payload,
        },
      });
    expectFieldsRefused(await edit({ name: `J${NUL}`, role: "\u0007bell" }), ["name", "role"]);
    expectFieldsRefused(await edit({ projects: ["ok", `bad${NUL}`] }), ["projects.1"]);
    expectFieldsRefused(await edit({}, `${id}%00`), ["id"]);
    expect((await edit({ name: "Jane\tDoe", role: "Modeler\nLead" })).statusCode).toBe(200);
  });

  it("groups: NUL in the name (create and rename) and in member names", async () => {
    const create = (payload: object) =>
      t.app.inject({ method: "POST", url: "/api/group/create", headers: admin, payload });
    expectFieldsRefused(await create({ name: `Crew${NUL}`, members: [employee.username] }), ["name"]);
    expectFieldsRefused(await create({ name: "Crew", members: [`${employee.username}${NUL}`] }), ["members.0"]);
    const created = await create({ name: "Crew", members: [employee.username] });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: number };
    const rename = await t.app.inject({
      method: "PUT",
      url: `/api/group/${id}`,
      headers: admin,
      payload: { name: `New${NUL}name` },
    });
    expectFieldsRefused(rename, ["name"]);
  });

  it.each(["/api/contact/all", "/api/contact/export.csv", "/api/applications", "/api/applications/export.csv"])(
    "lead list and CSV export %s: a NUL in ?q= is a 400 naming q",
    async (url) => {
      for (const q of ["%00", "acme%00", "%01", "%1F"]) {
        expectFieldsRefused(await t.app.inject({ url: `${url}?q=${q}`, headers: admin }), ["q"]);
      }
      // A parameter named like an Object.prototype property is reported like any other.
      const odd = await t.app.inject({ url: `${url}?constructor=%00`, headers: admin });
      expectFieldsRefused(odd, ["constructor"]);
      expect((await t.app.inject({ url: `${url}?q=acme%09steel`, headers: admin })).statusCode).toBe(200);
    },
  );

  it("chat: NUL in history, unread, read-mark and mark-read paths and queries", async () => {
    const me = employee.username;
    const requests: [string, string, string[]][] = [
      ["GET", `/private/history?user1=${me}&user2=x%00y`, ["user2"]],
      ["GET", `/private/history?user1=${me}%00&user2=someone`, ["user1"]],
      ["POST", `/private/x%00y/mark-read/${me}`, ["username"]],
      ["POST", `/private/someone/mark-read/${me}%00`, ["me"]],
      ["GET", "/unread/x%00", ["me"]],
      ["POST", `/messages/1/read?username=${me}%00`, ["username"]],
      ["POST", "/messages/1%00/read?username=x", ["id"]],
      ["POST", `/api/group/1/mark-read/${me}%00`, ["me"]],
      ["GET", "/api/group/1%00/messages", ["id"]],
    ];
    for (const [method, url, fields] of requests) {
      expectFieldsRefused(await t.app.inject({ method: method as "GET", url, headers: employee.headers }), fields);
    }
    const push = await t.app.inject({
      method: "POST",
      url: `/api/push/subscribe?username=${me}`,
      headers: employee.headers,
      payload: { endpoint: `https://push.example.com/${NUL}`, keys: { p256dh: "key", auth: `a${NUL}` } },
    });
    expectFieldsRefused(push, ["endpoint", "keys.auth"]);
  });

  it("push: an endpoint of 1,900 non-ASCII characters is a 400, not an index overflow (500)", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: `/api/push/subscribe?username=${employee.username}`,
      headers: employee.headers,
      payload: { endpoint: `https://push.example.com/${randomCjk(1_900)}`, keys: { p256dh: "key", auth: "auth" } },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ errors: { endpoint: expect.any(String) } });
  });

  it("the quote form: NUL in a field is a 400 naming it, stores nothing, and leaves the captcha usable", async () => {
    const fields = {
      name: `Dana${NUL}Fabricator`,
      email: "dana@steelworks.example",
      company: "Steel\u0001works",
      scopeOfWork: "Main steel.\r\nStairs\tand rails.",
      workTypes: JSON.stringify(["Structural Steel Detailing"]),
    };
    const captcha = await solvedCaptcha(t);
    const send = (values: Record<string, string>, extra: Part[] = []) => {
      const body = multipart([
        ...Object.entries(values).map(([name, value]) => ({ name, value })),
        { name: "altcha", value: captcha },
        ...extra,
      ]);
      return t.app.inject({
        method: "POST",
        url: "/api/contact/submit",
        headers: body.headers,
        payload: body.payload,
        remoteAddress: randomAddress(),
      });
    };
    const before = (await t.app.db.select().from(quoteRequests)).length;
    const refused = await send(fields, [
      { name: "uploadFile", value: samples.pdf, fileName: "plan\u0000.pdf", contentType: "application/pdf" },
    ]);
    expectFieldsRefused(refused, ["name", "company"]);
    expect((refused.json() as { errors: Record<string, string> }).errors).not.toHaveProperty("altcha");
    expect(await t.app.db.select().from(quoteRequests)).toHaveLength(before);

    // Corrected and sent again with the very same captcha: accepted (tab, CR and LF kept).
    const accepted = await send({ ...fields, name: "Dana Fabricator", company: "Steelworks" });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const rows = await t.app.db.select().from(quoteRequests);
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)?.scopeOfWork).toBe(fields.scopeOfWork);
  });

  it("the application form: NUL in a field is a 400 naming it", async () => {
    const body = multipart([
      { name: "name", value: "Ravi" },
      { name: "email", value: "ravi@example.in" },
      { name: "phone", value: "+91 98765 43210" },
      { name: "message", value: `Hello${NUL}` },
      { name: "cv", value: samples.pdf, fileName: "cv.pdf", contentType: "application/pdf" },
    ]);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/applications/submit",
      headers: body.headers,
      payload: body.payload,
      remoteAddress: randomAddress(),
    });
    expectFieldsRefused(response, ["message"]);
  });

  it("uploads: NUL in a multipart text field of the admin's and the chat's uploads", async () => {
    const share = multipart([
      { name: "expiryMinutes", value: `60${NUL}` },
      { name: "file", value: Buffer.from("hello"), fileName: "a.txt", contentType: "text/plain" },
    ]);
    expectFieldsRefused(
      await t.app.inject({
        method: "POST",
        url: "/api/admin/files/upload",
        headers: { ...admin, ...share.headers },
        payload: share.payload,
      }),
      ["expiryMinutes"],
    );
    const chat = multipart([
      { name: "note", value: `x${NUL}` },
      { name: "file", value: samples.pdf, fileName: "a.pdf", contentType: "application/pdf" },
    ]);
    expectFieldsRefused(
      await t.app.inject({
        method: "POST",
        url: "/upload",
        headers: { ...employee.headers, ...chat.headers },
        payload: chat.payload,
      }),
      ["note"],
    );
  });

  it("projects: a control character in a drawing's title, an RFI's answer and a document's note (multipart)", async () => {
    const job = await createProject(t, admin, `CC-${process.pid % 1000}`, [employee.username]);
    const send = (url: string, parts: Part[], headers: Record<string, string> = admin) => {
      const body = multipart(parts);
      return t.app.inject({ method: "POST", url, headers: { ...headers, ...body.headers }, payload: body.payload });
    };
    const pdf = { name: "file", value: samples.pdf, fileName: "E-1.pdf", contentType: "application/pdf" };
    const drawing = [
      { name: "number", value: "E-1" },
      { name: "revision", value: "A" },
    ];
    expectFieldsRefused(
      await send(`/api/projects/${job}/drawings`, [...drawing, { name: "title", value: "Plan\u0007" }, pdf]),
      ["title"],
    );
    // Nothing of the refused sheet was kept: the same sheet, titled cleanly, is revision A.
    expect(
      (await send(`/api/projects/${job}/drawings`, [...drawing, { name: "title", value: "Plan" }, pdf])).statusCode,
    ).toBe(201);

    expectFieldsRefused(
      await send(`/api/projects/${job}/files`, [{ name: "note", value: "Issued\u0007" }, pdf], employee.headers),
      ["note"],
    );

    const asked = await t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/rfis`,
      headers: admin,
      payload: {
        subject: "B12",
        question: "Bolted or welded?",
        sheets: [],
        to: "eor@eor.example",
        dueAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const token = String(asked.json().url).split("/rfi/")[1];
    expectFieldsRefused(await send(`/api/rfi/${token}`, [{ name: "answer", value: "Bolted\u0007" }], {}), ["answer"]);
    // The link still takes a clean answer: the refused one changed nothing.
    expect((await send(`/api/rfi/${token}`, [{ name: "answer", value: "Bolted" }], {})).statusCode).toBe(200);
  });

  it("ids in paths: words, huge, negative and fractional numbers are a 400, unknown ones a 404", async () => {
    const urls = [
      "/api/contact/abc/file",
      "/api/contact/99999999999999999999/file",
      "/api/contact/-1",
      "/api/contact/1.5",
      "/api/applications/1e400/resume",
      "/api/admin/files/0x",
      "/api/group/NaN/getmembers",
      "/api/group/9007199254740993/messages",
    ];
    for (const url of urls) {
      const method = url.endsWith("/file") || url.endsWith("/resume") || url.includes("/group/") ? "GET" : "DELETE";
      const response = await t.app.inject({ method, url, headers: admin });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ message: expect.any(String), errors: { id: expect.any(String) } });
    }
    for (const url of ["/api/contact/999999/file", "/api/applications/9007199254740991/resume"]) {
      expect((await t.app.inject({ url, headers: admin })).statusCode).toBe(404);
    }
  });

  it("a database error bad input causes is a 400 without details; other server errors stay 500s", async () => {
    for (const url of ["/test/database-refuses", "/test/index-entry-too-big", "/test/wrapped-data-exception"]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, response.body).toBe(400);
      expect(Object.keys(response.json())).toEqual(["message"]);
      expect(response.body).not.toMatch(/0x00|byte sequence|select|22021|22001/i);
    }
    const other = await t.app.inject({ url: "/test/other-database-error" });
    expect(other.statusCode).toBe(500);
    expect(other.json()).toEqual({ message: expect.any(String), requestId: other.headers["x-request-id"] });
    expect((await t.app.inject({ url: "/test/http-error" })).statusCode).toBe(418);
  });
});

describe("control characters over STOMP", () => {
  let t: RealtimeTestApp;
  let alice: Awaited<ReturnType<typeof staffUser>>;
  let bob: Awaited<ReturnType<typeof staffUser>>;
  const clients: StompTestClient[] = [];
  beforeAll(async () => {
    t = await startApp({ redisKeyPrefix: uniquePrefix("input-stomp") });
    alice = await staffUser(t);
    bob = await staffUser(t);
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await t?.close();
  });

  it("a chat message with NUL is refused on the errors queue and stored nowhere", async () => {
    const client = await stompClient(t.url, alice);
    clients.push(client);
    const errors = await client.subscribe(chatDestinations.errorsQueue);
    expect(await client.send(chatDestinations.sendPrivate, { recipient: bob.username, content: `hi${NUL}` })).toBe(
      "refused",
    );
    await waitFor(() => errors.messages.length === 1, 5_000, "the refusal");
    expect(errors.json()).toMatchObject([{ message: expect.stringMatching(/content.*control characters/) }]);
    const history = await t.app.inject({
      url: chatPaths.privateHistory(alice.username, bob.username, 0),
      headers: authHeader(alice.token),
    });
    expect(history.json()).toMatchObject({ totalElements: 0 });
    // Tab and newline are ordinary text.
    expect(await client.send(chatDestinations.sendPrivate, { recipient: bob.username, content: "a\tb\nc" })).toBe(
      "done",
    );
  });
});
