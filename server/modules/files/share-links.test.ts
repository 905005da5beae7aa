// Share links' DESIGN §12 behaviour: an optional password (a page first, then a form POST), an
// optional download limit (410 for good after the last one, the file erased), download counts,
// the first download's e-mail to the sharer, extending, revoking and expiring a link. Every
// assertion about what is stored asks the app's object store, so it holds on disk and on S3.
import { randomBytes } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedFileSchema } from "../../../shared/files.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import {
  adminToken,
  authHeader,
  createEmployee,
  employeeSession,
  loginAs,
  randomAddress,
} from "../../../test/helpers/factories.ts";
import { multipart, type Part } from "../../../test/helpers/multipart.ts";
import { startSmtpCapture, unfolded } from "../../../test/helpers/smtp-capture.ts";
import { storedContent, storedKeys } from "../../../test/helpers/stored-files.ts";
import { auditLog, sharedFiles, users } from "../../db/schema.ts";
import { escapeHtml } from "../../lib/html-page.ts";
import { verifyPassword } from "../../lib/password-hashing.ts";
import { passwordAttemptLimit } from "./routes.ts";
import { shareStorage } from "./storage.ts";
import { sweepExpiredShares } from "./sweeper.ts";

const uploadUrl = "/api/admin/files/upload";
const html = { accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8" };

/** Content that says where it came from, so a page that leaked it would show. */
const fileContent = (size = 4096) =>
  Buffer.concat([Buffer.from(`FILE-BYTES-${randomBytes(8).toString("hex")}-`), randomBytes(size)]);

const uploadTo = (t: TestApp, headers: Record<string, string>, parts: Part[]) => {
  const body = multipart(parts);
  return t.app.inject({
    method: "POST",
    url: uploadUrl,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};

describe("share link uploads refused for a bad password or download limit", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = authHeader(await adminToken(t));
  });
  afterAll(async () => t.close());

  const cases: [field: "password" | "maxDownloads", value: string, message: RegExp][] = [
    ["password", "five5", /at least 6 characters/],
    ["password", "p".repeat(129), /at most 128 characters/],
    ["maxDownloads", "0", /at least one download/],
    ["maxDownloads", "-1", /at least one download/],
    ["maxDownloads", "1.5", /whole number/],
    ["maxDownloads", "abc", /must be a number/],
    ["maxDownloads", "10001", /at most 10000 downloads/],
  ];

  it("answers 400 with the field's error and stores nothing, no file and no row", async () => {
    for (const [field, value, message] of cases) {
      const response = await uploadTo(t, admin, [
        { name: "expiryMinutes", value: "60" },
        { name: field, value },
        { name: "file", value: fileContent(), fileName: "plan.pdf" },
      ]);
      expect(response.statusCode, `${field}=${value}`).toBe(400);
      const body = response.json();
      expect(body.message).toBe("Some fields are not valid.");
      expect(Object.keys(body.errors), `${field}=${value}`).toEqual([field]);
      expect(body.errors[field], `${field}=${value}`).toMatch(message);
    }
    expect(await storedKeys(t.app, "shares")).toEqual([]);
    const [rows] = await t.app.db.select({ n: count() }).from(sharedFiles);
    expect(rows?.n).toBe(0);
  });
});

describe("share links", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let admin: Record<string, string>;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({
      env: {
        PUBLIC_ORIGIN: "https://files.example.com",
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        NOTIFY_EMAIL: "sales@northbeam.example",
      },
    });
    admin = authHeader(await adminToken(t));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  interface ShareOptions {
    content?: Buffer;
    fileName?: string;
    password?: string;
    maxDownloads?: number | string;
    expiryMinutes?: number;
    as?: Record<string, string>;
  }

  /** Shares a file; its SharedFile, the link's path and token, and the bytes. */
  async function share(options: ShareOptions = {}) {
    const content = options.content ?? fileContent();
    const parts: Part[] = [{ name: "expiryMinutes", value: String(options.expiryMinutes ?? 600) }];
    if (options.password !== undefined) parts.push({ name: "password", value: options.password });
    if (options.maxDownloads !== undefined) parts.push({ name: "maxDownloads", value: String(options.maxDownloads) });
    parts.push({ name: "file", value: content, fileName: options.fileName ?? "drawing.bin" });
    const response = await uploadTo(t, options.as ?? admin, parts);
    if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
    const body = response.json();
    const path = new URL(body.fileUrl).pathname;
    return { ...body, path, token: path.slice("/share/".length), content } as {
      id: number;
      fileName: string;
      fileUrl: string;
      expiryDate: string;
      downloads: number;
      path: string;
      token: string;
      content: Buffer;
    };
  }

  const rowOf = async (id: number) => {
    const [row] = await t.app.db.select().from(sharedFiles).where(eq(sharedFiles.id, id));
    if (!row) throw new Error(`no row ${id}`);
    return row;
  };
  const listed = async (id: number) => {
    const response = await t.app.inject({ url: "/api/admin/files", headers: admin });
    expect(response.statusCode).toBe(200);
    return (response.json() as { id: number }[]).find((entry) => entry.id === id) as
      | Record<string, unknown>
      | undefined;
  };
  const isStored = async (token: string) => (await t.app.storage.objects.stat(`shares/${token}`)) !== undefined;
  const auditOf = (id: number, action: string) =>
    t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.target, `share:${id}`), eq(auditLog.action, action)));

  const get = (path: string, headers: Record<string, string> = {}, method: "GET" | "HEAD" = "GET") =>
    t.app.inject({ method, url: path, headers });
  const postPassword = (
    path: string,
    password: string,
    remoteAddress: string,
    headers: Record<string, string> = html,
  ) =>
    t.app.inject({
      method: "POST",
      url: path,
      remoteAddress,
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({ password }).toString(),
    });

  it("lists a link's password, limit and downloads: set when given, none when not", async () => {
    const limited = await share({ password: "open sesame", maxDownloads: 3 });
    const plain = await share();
    for (const [created, expected] of [
      [limited, { hasPassword: true, maxDownloads: 3 }],
      [plain, { hasPassword: false, maxDownloads: null }],
    ] as const) {
      const entry = await listed(created.id);
      expect(entry).toBeDefined();
      expect(sharedFileSchema.parse(entry)).toEqual(entry);
      expect(entry).toMatchObject({ ...expected, downloads: 0, lastDownloadAt: null });
      expect(created).toMatchObject({ ...expected, downloads: 0, lastDownloadAt: null });
    }
  });

  it("keeps only an argon2id hash of the password, never the password", async () => {
    const password = `pw-${randomBytes(6).toString("hex")}`;
    const { id } = await share({ password });
    const row = await rowOf(id);
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain(password);
    expect(await verifyPassword(row.passwordHash ?? "", password)).toBe(true);
    const [entry] = await auditOf(id, "share.create");
    expect(entry?.summary).toContain("with a password");
    expect(entry?.summary).not.toContain(password);
  });

  describe("a protected link", () => {
    const password = "correct horse battery";
    // Angle brackets become "_" on upload; "&" and "'" survive and must be escaped on the page.
    const rawName = `<img src=x onerror=alert(1)> & 'q'.pdf`;
    let link: Awaited<ReturnType<typeof share>>;
    beforeAll(async () => {
      link = await share({ password, fileName: rawName });
    });

    it("shows a page with a password form (the stored name escaped, no script, no file), never counting", async () => {
      expect(link.fileName).toContain("&");
      const response = await get(link.path, html);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/html/);
      expect(response.headers["content-disposition"]).toBeUndefined();
      const csp = String(response.headers["content-security-policy"]);
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain("script-src");
      const page = response.body;
      expect(page).toMatch(/<form method="post">/);
      expect(page).toMatch(/<input [^>]*name="password"/);
      expect(page).toContain(escapeHtml(link.fileName));
      expect(page).not.toContain(link.fileName);
      expect(page).not.toContain("<img");
      expect(page).not.toContain(link.content.subarray(0, 20).toString());
      expect(response.rawPayload.includes(link.content.subarray(20, 60))).toBe(false);

      // Neither another GET (a program's, a range) nor HEAD is a download.
      expect((await get(link.path)).statusCode).toBe(200);
      expect((await get(link.path, { range: "bytes=0-" })).body).not.toContain("FILE-BYTES");
      expect((await get(link.path, html, "HEAD")).statusCode).toBe(200);
      const row = await rowOf(link.id);
      expect(row.downloads).toBe(0);
      expect(row.lastDownloadAt).toBeNull();
    });

    it("answers a wrong password with the page again (401), and the right one with the file, counted once", async () => {
      const address = randomAddress();
      const wrong = await postPassword(link.path, "not the password", address);
      expect(wrong.statusCode).toBe(401);
      expect(wrong.headers["content-type"]).toMatch(/^text\/html/);
      expect(wrong.headers["content-disposition"]).toBeUndefined();
      expect(wrong.body).toContain("That password is not right");
      expect(wrong.body).toMatch(/<input [^>]*name="password"/);
      expect(wrong.body).not.toContain("FILE-BYTES");
      expect((await rowOf(link.id)).downloads).toBe(0);

      const right = await postPassword(link.path, password, address);
      expect(right.statusCode).toBe(200);
      expect(Buffer.compare(right.rawPayload, link.content)).toBe(0);
      expect(right.headers["content-disposition"]).toMatch(/^attachment;/);
      expect((await rowOf(link.id)).downloads).toBe(1);
      expect(await listed(link.id)).toMatchObject({ downloads: 1 });
    });
  });

  it("limits password attempts per address and link: the one past the limit answers 429, other links still answer", async () => {
    const password = "the real password";
    const target = await share({ password });
    const other = await share({ password });
    const address = randomAddress();
    for (let attempt = 1; attempt <= passwordAttemptLimit.max; attempt++) {
      expect(
        (await postPassword(target.path, `guess number ${attempt}`, address)).statusCode,
        `attempt ${attempt}`,
      ).toBe(401);
    }
    const blocked = await postPassword(target.path, "one guess too many", address);
    expect(blocked.statusCode).toBe(429);
    // A person gets a page saying when to try again; a program, the JSON answer.
    expect(blocked.headers["content-type"]).toMatch(/^text\/html/);
    expect(blocked.body).toContain("Too many password attempts");
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    const blockedProgram = await postPassword(target.path, "one guess too many", address, {});
    expect(blockedProgram.statusCode).toBe(429);
    expect(blockedProgram.json().message).toMatch(/^Too many password attempts/);
    // Even the right password: the limit is what stops guessing.
    const rightButBlocked = await postPassword(target.path, password, address);
    expect(rightButBlocked.statusCode).toBe(429);
    expect(rightButBlocked.rawPayload.includes(target.content.subarray(0, 40))).toBe(false);

    // Another link from the same address, and the same link from another address, are not blocked.
    expect((await postPassword(other.path, "a wrong guess", address)).statusCode).toBe(401);
    const otherRight = await postPassword(other.path, password, address);
    expect(otherRight.statusCode).toBe(200);
    expect(Buffer.compare(otherRight.rawPayload, other.content)).toBe(0);
    expect((await postPassword(target.path, "a wrong guess", randomAddress())).statusCode).toBe(401);
    expect((await rowOf(target.id)).downloads).toBe(0);
  });

  it("serves a limited link that many times, then answers 410 for good and erases the file (the row stays)", async () => {
    const link = await share({ maxDownloads: 2 });
    for (const n of [1, 2]) {
      const response = await get(link.path);
      expect(response.statusCode, `download ${n}`).toBe(200);
      expect(Buffer.compare(response.rawPayload, link.content), `download ${n}`).toBe(0);
    }
    const third = await get(link.path);
    expect(third.statusCode).toBe(410);
    expect(third.json()).toEqual({ message: "This link has reached its download limit." });
    const page = await get(link.path, html);
    expect(page.statusCode).toBe(410);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.body).toContain("This link has reached its download limit.");
    expect(page.body).not.toContain("FILE-BYTES");

    await expect.poll(() => isStored(link.token), { timeout: 10_000 }).toBe(false);
    await expect.poll(async () => (await rowOf(link.id)).fileErasedAt, { timeout: 10_000 }).not.toBeNull();
    const row = await rowOf(link.id);
    expect(row.downloads).toBe(2);
    expect(row.revokedAt).toBeNull();
    // Still 410 with the same reason once the file has gone (not 404, not "expired").
    expect((await get(link.path)).json()).toEqual({ message: "This link has reached its download limit." });
  });

  it("ignores Range on a limited link: the whole file (200, accept-ranges none), counted", async () => {
    const link = await share({ maxDownloads: 3 });
    for (const range of ["bytes=5-", "bytes=0-3"]) {
      const response = await get(link.path, { range });
      expect(response.statusCode, range).toBe(200);
      expect(response.headers["accept-ranges"], range).toBe("none");
      expect(response.headers["content-range"], range).toBeUndefined();
      expect(Buffer.compare(response.rawPayload, link.content), range).toBe(0);
    }
    expect((await rowOf(link.id)).downloads).toBe(2);
  });

  it("gives the last download to exactly one of many visitors at once", async () => {
    const link = await share({ maxDownloads: 1, content: fileContent(256 * 1024) });
    const answers = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const response = await get(link.path);
        return { status: response.statusCode, body: response.rawPayload };
      }),
    );
    const served = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 410);
    expect(served).toHaveLength(1);
    expect(refused).toHaveLength(7);
    expect(Buffer.compare(served[0]?.body ?? Buffer.alloc(0), link.content)).toBe(0);
    for (const answer of refused) {
      expect(JSON.parse(answer.body.toString())).toEqual({ message: "This link has reached its download limit." });
    }
    expect((await rowOf(link.id)).downloads).toBe(1);
    await expect.poll(() => isStored(link.token), { timeout: 10_000 }).toBe(false);
  });

  it("erases a limited link's file after its last download over a real connection", async () => {
    const link = await share({ maxDownloads: 1, content: fileContent(512 * 1024) });
    const origin = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const response = await fetch(`${origin}${link.path}`);
    expect(response.status).toBe(200);
    expect(Buffer.compare(Buffer.from(await response.arrayBuffer()), link.content)).toBe(0);
    await expect.poll(() => isStored(link.token), { timeout: 10_000 }).toBe(false);
    await expect.poll(async () => (await rowOf(link.id)).fileErasedAt, { timeout: 10_000 }).not.toBeNull();
    const after = await fetch(`${origin}${link.path}`, { headers: html });
    expect(after.status).toBe(410);
    expect(await after.text()).toContain("This link has reached its download limit.");
  });

  it("e-mails the admin who shared the file at its first download, and not again", async () => {
    const sharerAccount = await createEmployee(t, { kind: "admin", email: `sharer.${Date.now()}@northbeam.example` });
    const sharer = authHeader(await loginAs(t, sharerAccount, "admin"));
    const [account] = await t.app.db.select({ email: users.email }).from(users).where(eq(users.id, sharerAccount.id));
    const email = account?.email ?? "";
    expect(email).toMatch(/@northbeam\.example$/);

    const name = `first-download-${randomBytes(4).toString("hex")}.pdf`;
    const link = await share({ as: sharer, fileName: name });
    const aboutLink = () => smtp.mails.filter((mail) => unfolded(mail).includes(name));
    expect((await get(link.path)).statusCode).toBe(200);
    await expect.poll(() => aboutLink().length, { timeout: 10_000 }).toBe(1);
    const [mail] = aboutLink();
    expect(mail?.to).toEqual([email]);
    expect(unfolded(mail as NonNullable<typeof mail>)).toMatch(new RegExp(`^Subject: First download: ${name}`, "m"));

    expect((await get(link.path)).statusCode).toBe(200);
    expect((await rowOf(link.id)).downloads).toBe(2);
    // A later share's first download, whose mail is sent after any the second download could have caused.
    const marker = `marker-${randomBytes(4).toString("hex")}.pdf`;
    const later = await share({ as: sharer, fileName: marker });
    expect((await get(later.path)).statusCode).toBe(200);
    await expect
      .poll(() => smtp.mails.filter((sent) => unfolded(sent).includes(marker)).length, { timeout: 10_000 })
      .toBe(1);
    expect(aboutLink()).toHaveLength(1);
  });

  it("counts whole files and ranges from byte 0 on an unlimited link, not later ranges nor HEAD", async () => {
    const link = await share();
    const started = Date.now();
    const whole = await get(link.path);
    expect(whole.statusCode).toBe(200);
    expect((await rowOf(link.id)).downloads).toBe(1);

    const fromStart = await get(link.path, { range: "bytes=0-3" });
    expect(fromStart.statusCode).toBe(206);
    expect(fromStart.rawPayload).toEqual(link.content.subarray(0, 4));
    const counted = await rowOf(link.id);
    expect(counted.downloads).toBe(2);
    expect(counted.lastDownloadAt?.getTime()).toBeGreaterThanOrEqual(started - 1000);
    expect(counted.lastDownloadAt?.getTime()).toBeLessThanOrEqual(Date.now() + 1000);

    const resumed = await get(link.path, { range: "bytes=5-" });
    expect(resumed.statusCode).toBe(206);
    expect(resumed.rawPayload).toEqual(link.content.subarray(5));
    const head = await get(link.path, {}, "HEAD");
    expect(head.statusCode).toBe(200);
    const after = await rowOf(link.id);
    expect(after.downloads).toBe(2);
    expect(after.lastDownloadAt).toEqual(counted.lastDownloadAt);
    expect(await listed(link.id)).toMatchObject({
      downloads: 2,
      lastDownloadAt: counted.lastDownloadAt?.toISOString(),
    });
  });

  it("counts what is sent, not what was asked: a Range the server ignores (whole file) counts", async () => {
    const link = await share({});
    const ignored: Record<string, string>[] = [
      { range: "bytes=5-", "if-range": '"an-old-version"' },
      { range: "bytes=5-6,8-9" },
      { range: "items=0-5" },
      // A suffix longer than the file is the whole file, from byte 0.
      { range: `bytes=-${link.content.length + 100}` },
    ];
    for (const [index, headers] of ignored.entries()) {
      const response = await get(link.path, headers);
      expect([200, 206], JSON.stringify(headers)).toContain(response.statusCode);
      expect(Buffer.compare(response.rawPayload, link.content), JSON.stringify(headers)).toBe(0);
      expect((await rowOf(link.id)).downloads, JSON.stringify(headers)).toBe(index + 1);
    }
  });

  describe("PATCH /api/admin/files/{id}", () => {
    const patch = (id: number, body: unknown, headers: Record<string, string> = admin) =>
      t.app.inject({ method: "PATCH", url: `/api/admin/files/${id}`, headers, payload: body as object });

    it("moves the expiry to the given minutes from now and records share.update", async () => {
      const link = await share({ expiryMinutes: 10 });
      const before = Date.now();
      const response = await patch(link.id, { expiryMinutes: 120 });
      const after = Date.now();
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(sharedFileSchema.parse(body)).toEqual(body);
      expect(body.id).toBe(link.id);
      const expiry = new Date(body.expiryDate).getTime();
      expect(expiry).toBeGreaterThanOrEqual(before + 120 * 60_000 - 1000);
      expect(expiry).toBeLessThanOrEqual(after + 120 * 60_000 + 1000);
      expect((await rowOf(link.id)).expiresAt.getTime()).toBe(expiry);
      expect(await listed(link.id)).toMatchObject({ expiryDate: body.expiryDate });
      const entries = await auditOf(link.id, "share.update");
      expect(entries).toHaveLength(1);
      expect(entries[0]?.actor).toBe("admin");
    });

    it("answers 410 for a revoked or expired link and 404 for an unknown one", async () => {
      const revoked = await share();
      expect(
        (await t.app.inject({ method: "DELETE", url: `/api/admin/files/${revoked.id}`, headers: admin })).statusCode,
      ).toBe(204);
      const revokedAnswer = await patch(revoked.id, { expiryMinutes: 120 });
      expect(revokedAnswer.statusCode).toBe(410);
      expect(revokedAnswer.json()).toEqual({ message: "This file is no longer shared." });

      const expired = await share();
      await t.app.db
        .update(sharedFiles)
        .set({ expiresAt: new Date(Date.now() - 60_000) })
        .where(eq(sharedFiles.id, expired.id));
      const expiredAnswer = await patch(expired.id, { expiryMinutes: 120 });
      expect(expiredAnswer.statusCode).toBe(410);
      expect(expiredAnswer.json()).toEqual({ message: "This link has expired." });
      expect((await rowOf(expired.id)).expiresAt.getTime()).toBeLessThan(Date.now());

      expect((await patch(987_654_321, { expiryMinutes: 120 })).statusCode).toBe(404);
      expect(await auditOf(revoked.id, "share.update")).toHaveLength(0);
      expect(await auditOf(expired.id, "share.update")).toHaveLength(0);
    });

    it("answers 400 for a bad body, 403 for employees and 401 without login, changing nothing", async () => {
      const link = await share({ expiryMinutes: 10 });
      const { expiresAt } = await rowOf(link.id);
      for (const body of [
        { expiryMinutes: 0 },
        { expiryMinutes: "x" },
        { expiryMinutes: 120, extra: true },
        { expiryMinutes: 120.5 },
        {},
      ]) {
        const response = await patch(link.id, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(response.json().message, JSON.stringify(body)).toEqual(expect.any(String));
      }
      const { token } = await employeeSession(t);
      expect((await patch(link.id, { expiryMinutes: 120 }, authHeader(token))).statusCode).toBe(403);
      expect((await patch(link.id, { expiryMinutes: 120 }, {})).statusCode).toBe(401);
      expect((await rowOf(link.id)).expiresAt).toEqual(expiresAt);
      expect(await auditOf(link.id, "share.update")).toHaveLength(0);
    });
  });

  it("revokes a link (204): it answers 410 for good, its file goes, its row stays, and share.delete is recorded", async () => {
    const link = await share();
    expect(await isStored(link.token)).toBe(true);
    const response = await t.app.inject({ method: "DELETE", url: `/api/admin/files/${link.id}`, headers: admin });
    expect(response.statusCode).toBe(204);

    const after = await get(link.path);
    expect(after.statusCode).toBe(410);
    expect(after.json()).toEqual({ message: "This file is no longer shared." });
    const page = await get(link.path, html);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain("This file is no longer shared.");
    expect(await isStored(link.token)).toBe(false);
    expect(await storedKeys(t.app, "shares")).not.toContain(`shares/${link.token}`);
    const row = await rowOf(link.id);
    expect(row.revokedAt).not.toBeNull();
    expect(row.fileErasedAt).not.toBeNull();

    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/admin/files/${link.id}`, headers: admin })).statusCode,
    ).toBe(404);
    expect(await listed(link.id)).toBeUndefined();
    expect(await auditOf(link.id, "share.delete")).toHaveLength(1);
  });

  it("answers 410 after expiry, and the sweep erases the files of expired, used-up and revoked links only", async () => {
    const expired = await share();
    const usedUp = await share({ maxDownloads: 2 });
    const revoked = await share();
    const serving = await share();
    const past = new Date(Date.now() - 60_000);
    // Ended behind the routes' backs, so their files are still there for the sweep.
    await t.app.db.update(sharedFiles).set({ expiresAt: past }).where(eq(sharedFiles.id, expired.id));
    await t.app.db.update(sharedFiles).set({ downloads: 2 }).where(eq(sharedFiles.id, usedUp.id));
    await t.app.db.update(sharedFiles).set({ revokedAt: past }).where(eq(sharedFiles.id, revoked.id));

    const answer = await get(expired.path);
    expect(answer.statusCode).toBe(410);
    expect(answer.json()).toEqual({ message: "This link has expired." });
    const page = await get(expired.path, html);
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain("This link has expired.");
    for (const link of [expired, usedUp, revoked, serving]) expect(await isStored(link.token)).toBe(true);

    await sweepExpiredShares(t.app, shareStorage(t.app.storage));

    for (const link of [expired, usedUp, revoked]) {
      expect(await isStored(link.token), link.path).toBe(false);
      expect((await rowOf(link.id)).fileErasedAt, link.path).not.toBeNull();
    }
    expect(await storedContent(t.app, `shares/${serving.token}`)).toEqual(serving.content);
    expect((await rowOf(serving.id)).fileErasedAt).toBeNull();
    // The expired link still answers 410 for its own reason once its file has gone.
    expect((await get(expired.path)).json()).toEqual({ message: "This link has expired." });
    expect((await get(usedUp.path)).json()).toEqual({ message: "This link has reached its download limit." });
    expect((await get(revoked.path)).json()).toEqual({ message: "This file is no longer shared." });
  });
});
