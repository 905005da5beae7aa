import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedFileSchema } from "../../../shared/files.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { createTestDatabase } from "../../../test/helpers/database.ts";
import { adminToken, authHeader, employeeSession } from "../../../test/helpers/factories.ts";
import { objectStoreOf, testStorageEnv } from "../../../test/helpers/storage.ts";
import { storedContent, storedKeys } from "../../../test/helpers/stored-files.ts";
import { loadConfig } from "../../config.ts";
import { sharedFiles } from "../../db/schema.ts";
import { shareStorage } from "./storage.ts";
import { sweepExpiredShares } from "./sweeper.ts";

/** A 1×1 transparent PNG: file-type recognises it from its first bytes. */
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

interface Part {
  name: string;
  value: string | Buffer;
  fileName?: string;
  contentType?: string;
}

/** A multipart/form-data body built by hand, so tests control every byte (and can break it). */
function multipart(parts: Part[], options: { truncate?: boolean } = {}) {
  const boundary = `----test${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.fileName === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.fileName}"`;
    const type =
      part.fileName === undefined ? "" : `Content-Type: ${part.contentType ?? "application/octet-stream"}\r\n`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from("\r\n"));
  }
  if (!options.truncate) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const payload = Buffer.concat(chunks);
  return {
    payload: options.truncate ? payload.subarray(0, payload.length - 40) : payload,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

describe("admin file shares", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_ORIGIN: "https://files.example.com/" } });
    admin = authHeader(await adminToken(t));
  });
  afterAll(async () => t.close());

  /** What the shares namespace holds (on disk, temporaries too): asked of the store, disk or S3. */
  const shares = () => storedKeys(t.app, "shares");
  const isStored = async (token: string) => (await t.app.storage.objects.stat(`shares/${token}`)) !== undefined;

  const upload = (parts: Part[], headers: Record<string, string> = admin) => {
    const body = multipart(parts);
    return t.app.inject({
      method: "POST",
      url: "/api/admin/files/upload",
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const uploadFile = (content: Buffer, fileName = "drawing.pdf", expiryMinutes: string | number = 600) =>
    upload([
      { name: "expiryMinutes", value: String(expiryMinutes) },
      { name: "file", value: content, fileName },
    ]);
  const tokenOf = (fileUrl: string) => fileUrl.split("/share/")[1] ?? "";

  it("stores the file and answers 201 with the SharedFile and an absolute, unguessable link", async () => {
    const started = Date.now();
    const response = await uploadFile(png, "site-photo.png", 90);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(sharedFileSchema.parse(body)).toEqual(body);
    expect(body).toMatchObject({ fileName: "site-photo.png", size: png.length, contentType: "image/png" });
    expect(body.fileUrl).toMatch(/^https:\/\/files\.example\.com\/share\/[A-Za-z0-9_-]{32}$/);
    // 32 base64url characters = 192 random bits.
    expect(Buffer.from(tokenOf(body.fileUrl), "base64url")).toHaveLength(24);
    const expiry = new Date(body.expiryDate).getTime();
    expect(expiry).toBeGreaterThanOrEqual(started + 90 * 60_000);
    expect(expiry).toBeLessThan(Date.now() + 90 * 60_000 + 1000);
    expect(await storedContent(t.app, `shares/${tokenOf(body.fileUrl)}`)).toEqual(png);
  });

  it("accepts the fields in either order and gives every upload a different token", async () => {
    const fileFirst = await upload([
      { name: "file", value: Buffer.from("hello"), fileName: "a.txt" },
      { name: "expiryMinutes", value: "60" },
    ]);
    expect(fileFirst.statusCode).toBe(201);
    const second = await uploadFile(Buffer.from("hello"), "a.txt");
    expect(tokenOf(second.json().fileUrl)).not.toBe(tokenOf(fileFirst.json().fileUrl));
  });

  it("serves the link without login, byte for byte, as an attachment that no browser will run", async () => {
    const content = randomBytes(200_000);
    const { fileUrl } = (await uploadFile(content, "Plan Ü №1 (rev).bin")).json();
    const response = await t.app.inject({
      url: new URL(fileUrl).pathname,
      headers: { "accept-encoding": "gzip, br" },
    });
    expect(response.statusCode).toBe(200);
    expect(Buffer.compare(response.rawPayload, content)).toBe(0);
    expect(response.headers["content-length"]).toBe(String(content.length));
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.headers["content-type"]).toBe("application/octet-stream");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="Plan _ _1 (rev).bin"; filename*=UTF-8''Plan%20%C3%9C%20%E2%84%961%20%28rev%29.bin`,
    );
  });

  it("answers HEAD with the headers and no body", async () => {
    const { fileUrl } = (await uploadFile(png, "p.png")).json();
    const response = await t.app.inject({ method: "HEAD", url: new URL(fileUrl).pathname });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-length"]).toBe(String(png.length));
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.body).toBe("");
  });

  describe("byte ranges (one range per request, so a large download can resume)", () => {
    // Big enough that a range crosses the store's read chunks (64 KiB on disk).
    const content = randomBytes(200_000);
    let url = "";
    beforeAll(async () => {
      url = new URL((await uploadFile(content, "big.bin")).json().fileUrl).pathname;
    });
    const get = (range?: string, extra: Record<string, string> = {}) =>
      t.app.inject({ url, headers: { ...(range === undefined ? {} : { range }), ...extra } });
    const expectPart = async (range: string, start: number, end: number) => {
      const response = await get(range);
      expect(response.statusCode, range).toBe(206);
      expect(response.headers["content-range"], range).toBe(`bytes ${start}-${end}/${content.length}`);
      expect(response.headers["content-length"], range).toBe(String(end - start + 1));
      expect(response.headers["accept-ranges"], range).toBe("bytes");
      expect(response.headers["content-disposition"], range).toMatch(/^attachment;/);
      expect(response.headers["x-content-type-options"], range).toBe("nosniff");
      expect(Buffer.compare(response.rawPayload, content.subarray(start, end + 1)), range).toBe(0);
    };

    it("answers bytes=0-3 with 206, its content-range and exactly those bytes", async () => {
      await expectPart("bytes=0-3", 0, 3);
      await expectPart("bytes=65530-65545", 65530, 65545);
      await expectPart(`bytes=${content.length - 1}-${content.length - 1}`, content.length - 1, content.length - 1);
    });

    it("answers a suffix (bytes=-3) with the last bytes, and one longer than the file with all of it", async () => {
      await expectPart("bytes=-3", content.length - 3, content.length - 1);
      await expectPart(`bytes=-${content.length + 10}`, 0, content.length - 1);
    });

    it("answers an open end (bytes=5-) up to the last byte, and an end past it clamped", async () => {
      await expectPart("bytes=5-", 5, content.length - 1);
      await expectPart(`bytes=199990-${content.length + 1000}`, 199990, content.length - 1);
    });

    it("answers 416 with content-range bytes */size for a start at or past the end", async () => {
      for (const range of [
        `bytes=${content.length}-`,
        `bytes=${content.length + 5}-${content.length + 9}`,
        "bytes=-0",
      ]) {
        const response = await get(range);
        expect(response.statusCode, range).toBe(416);
        expect(response.headers["content-range"], range).toBe(`bytes */${content.length}`);
        expect(response.json(), range).toEqual({ message: expect.any(String) });
        expect(response.headers["content-disposition"], range).toBeUndefined();
      }
    });

    it("sends the whole file (200) for a malformed, multi-range or conditional range", async () => {
      const ignored: [string, Record<string, string>?][] = [
        ["bytes=abc"],
        ["bytes=3-1"],
        ["bytes=-"],
        ["items=0-3"],
        ["bytes=0-3,5-7"],
        ["bytes=0-3, -2"],
        ["bytes=0-3", { "if-range": '"some-etag"' }],
      ];
      for (const [range, extra] of ignored) {
        const response = await get(range, extra);
        expect(response.statusCode, range).toBe(200);
        expect(response.headers["content-range"], range).toBeUndefined();
        expect(response.headers["content-length"], range).toBe(String(content.length));
        expect(Buffer.compare(response.rawPayload, content), range).toBe(0);
      }
    });

    it("answers HEAD with the headers (content-length, accept-ranges) and no body", async () => {
      const response = await t.app.inject({ method: "HEAD", url });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-length"]).toBe(String(content.length));
      expect(response.headers["accept-ranges"]).toBe("bytes");
      expect(response.headers["content-type"]).toBe("application/octet-stream");
      expect(response.rawPayload).toHaveLength(0);
    });
  });

  it("decides the type from the content, never from the name or the declared type", async () => {
    const html = await upload([
      { name: "expiryMinutes", value: "60" },
      {
        name: "file",
        value: Buffer.from("<html><script>alert(1)</script></html>"),
        fileName: "x.png",
        contentType: "image/png",
      },
    ]);
    expect(html.json().contentType).toBe("application/octet-stream");
    const disguised = await upload([
      { name: "expiryMinutes", value: "60" },
      { name: "file", value: png, fileName: "invoice.html", contentType: "text/html" },
    ]);
    expect(disguised.json().contentType).toBe("image/png");
    const served = await t.app.inject({ url: new URL(disguised.json().fileUrl).pathname });
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["content-disposition"]).toMatch(/^attachment;/);
  });

  it("sanitises names: no path parts, no control or reserved characters, bounded length", async () => {
    const cases: [string, string][] = [
      ["..\\..\\windows\\system32\\evil.exe", "evil.exe"],
      ["report\u0000\u202e.pdf", "report.pdf"],
      ["a<b>|c?.txt", "a_b__c_.txt"],
      ["...", "file"],
      [".htaccess", "htaccess"],
    ];
    for (const [raw, expected] of cases) {
      const response = await uploadFile(Buffer.from("x"), raw);
      expect(response.statusCode, raw).toBe(201);
      expect(response.json().fileName, raw).toBe(expected);
    }
    const long = await uploadFile(Buffer.from("x"), `${"n".repeat(300)}.pdf`);
    expect(long.json().fileName).toBe(`${"n".repeat(196)}.pdf`);
    // Only tokens in the store, whatever the names were.
    const stored = await shares();
    expect(stored.length).toBeGreaterThanOrEqual(cases.length + 1);
    for (const key of stored) expect(key).toMatch(/^shares\/[A-Za-z0-9_-]{32}$/);
  });

  it("answers 400 {message, errors} for a bad expiry or a missing, empty or extra file, leaving nothing behind", async () => {
    const before = await shares();
    for (const expiry of ["0", "-5", "1.5", "abc", "", "525601", "1e9"]) {
      const response = await uploadFile(Buffer.from("data"), "a.txt", expiry);
      expect(response.statusCode, expiry).toBe(400);
      expect(Object.keys(response.json().errors), expiry).toEqual(["expiryMinutes"]);
    }
    const noExpiry = await upload([{ name: "file", value: Buffer.from("data"), fileName: "a.txt" }]);
    expect(noExpiry.json().errors).toHaveProperty("expiryMinutes");
    const noFile = await upload([{ name: "expiryMinutes", value: "60" }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().errors).toEqual({ file: "A file is required" });
    const empty = await uploadFile(Buffer.alloc(0), "empty.txt");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors).toEqual({ file: "The file is empty" });
    const otherField = await upload([
      { name: "expiryMinutes", value: "60" },
      { name: "attachment", value: Buffer.from("data"), fileName: "a.txt" },
    ]);
    expect(otherField.statusCode).toBe(400);
    const two = await upload([
      { name: "expiryMinutes", value: "60" },
      { name: "file", value: Buffer.from("one"), fileName: "1.txt" },
      { name: "file", value: Buffer.from("two"), fileName: "2.txt" },
    ]);
    expect(two.statusCode).toBe(400);
    expect(await shares()).toEqual(before);
  });

  it("answers 415 for a body that is not multipart, and 400 for a broken multipart body", async () => {
    const json = await t.app.inject({
      method: "POST",
      url: "/api/admin/files/upload",
      headers: admin,
      payload: { file: "x", expiryMinutes: 60 },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ message: expect.any(String) });

    const before = await shares();
    const broken = multipart(
      [
        { name: "expiryMinutes", value: "60" },
        { name: "file", value: randomBytes(50_000), fileName: "cut.bin" },
      ],
      { truncate: true },
    );
    const response = await t.app.inject({
      method: "POST",
      url: "/api/admin/files/upload",
      headers: { ...admin, ...broken.headers },
      payload: broken.payload,
    });
    expect(response.statusCode).toBe(400);
    expect(await shares()).toEqual(before);
  });

  it("removes the partial file when the upload is aborted midway", async () => {
    const before = await shares();
    const body = multipart([
      { name: "expiryMinutes", value: "60" },
      { name: "file", value: randomBytes(200_000), fileName: "aborted.bin" },
    ]);
    let sent = 0;
    const source = new Readable({
      read() {
        if (sent === 0) {
          sent = 100_000;
          this.push(body.payload.subarray(0, 100_000));
        } else {
          this.destroy(new Error("client went away"));
        }
      },
    });
    const response = await t.app
      .inject({
        method: "POST",
        url: "/api/admin/files/upload",
        headers: { ...admin, ...body.headers },
        payload: source,
      })
      .catch((error: Error) => error);
    if (!(response instanceof Error)) expect(response.statusCode).toBeGreaterThanOrEqual(400);
    await expect.poll(() => shares()).toEqual(before);
  });

  it("lists shares that have not expired, newest first", async () => {
    const older = (await uploadFile(Buffer.from("older"), "older.txt")).json();
    const newer = (await uploadFile(Buffer.from("newer"), "newer.txt")).json();
    const expired = (await uploadFile(Buffer.from("expired"), "expired.txt")).json();
    await t.app.db
      .update(sharedFiles)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sharedFiles.id, expired.id));
    const response = await t.app.inject({ url: "/api/admin/files", headers: admin });
    expect(response.statusCode).toBe(200);
    const listed = response.json() as { id: number; fileUrl: string }[];
    for (const file of listed) expect(sharedFileSchema.safeParse(file).success).toBe(true);
    const ids = listed.map((f) => f.id);
    expect(ids).not.toContain(expired.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(listed.find((f) => f.id === newer.id)?.fileUrl).toBe(newer.fileUrl);
  });

  it("answers 410 {message} once the share has expired, and 404 for unknown tokens", async () => {
    const { id, fileUrl } = (await uploadFile(Buffer.from("soon gone"), "soon.txt")).json();
    await t.app.db
      .update(sharedFiles)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sharedFiles.id, id));
    const expired = await t.app.inject({ url: new URL(fileUrl).pathname });
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ message: "This link has expired." });
    expect((await t.app.inject({ method: "HEAD", url: new URL(fileUrl).pathname })).statusCode).toBe(410);

    for (const token of [randomBytes(24).toString("base64url"), "short", "..%2F..%2Fsecrets.json", "a".repeat(150)]) {
      const unknown = await t.app.inject({ url: `/share/${token}` });
      expect(unknown.statusCode, token).toBe(404);
    }
  });

  it("deletes a share (204): the file leaves the store and the link answers 410 for good", async () => {
    const { id, fileUrl } = (await uploadFile(Buffer.from("to delete"), "d.txt")).json();
    const token = tokenOf(fileUrl);
    expect(await isStored(token)).toBe(true);
    const response = await t.app.inject({ method: "DELETE", url: `/api/admin/files/${id}`, headers: admin });
    expect(response.statusCode).toBe(204);
    expect(await isStored(token)).toBe(false);
    const link = await t.app.inject({ url: new URL(fileUrl).pathname });
    expect(link.statusCode).toBe(410);
    expect(link.json()).toEqual({ message: "This file is no longer shared." });
    expect((await t.app.inject({ method: "DELETE", url: `/api/admin/files/${id}`, headers: admin })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: "DELETE", url: "/api/admin/files/abc", headers: admin })).statusCode).toBe(
      400,
    );
  });

  it("refuses employees (403) and anonymous callers (401) on every admin file route", async () => {
    const { token } = await employeeSession(t);
    const body = multipart([
      { name: "expiryMinutes", value: "60" },
      { name: "file", value: Buffer.from("x"), fileName: "x.txt" },
    ]);
    const before = await shares();
    for (const headers of [authHeader(token), {}]) {
      const expected = "authorization" in headers ? 403 : 401;
      const uploadResponse = await t.app.inject({
        method: "POST",
        url: "/api/admin/files/upload",
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
      expect(uploadResponse.statusCode).toBe(expected);
      expect((await t.app.inject({ url: "/api/admin/files", headers })).statusCode).toBe(expected);
      expect((await t.app.inject({ method: "DELETE", url: "/api/admin/files/1", headers })).statusCode).toBe(expected);
    }
    expect(await shares()).toEqual(before);
  });

  it("sweeps expired shares' files from the store (their links answer 410 for good)", async () => {
    const keep = (await uploadFile(Buffer.from("keep"), "keep.txt")).json();
    const drop = (await uploadFile(Buffer.from("drop"), "drop.txt")).json();
    await t.app.db
      .update(sharedFiles)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sharedFiles.id, drop.id));

    const removed = await sweepExpiredShares(t.app, shareStorage(t.app.storage));
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await isStored(tokenOf(drop.fileUrl))).toBe(false);
    const [swept] = await t.app.db.select().from(sharedFiles).where(eq(sharedFiles.id, drop.id));
    expect(swept?.fileErasedAt).toBeInstanceOf(Date);
    // Swept or not, an expired link is gone for good (410), not unknown (404); a second sweep finds nothing.
    expect((await t.app.inject({ method: "GET", url: `/share/${tokenOf(drop.fileUrl)}` })).statusCode).toBe(410);
    expect(await sweepExpiredShares(t.app, shareStorage(t.app.storage))).toBe(0);
    expect(await storedContent(t.app, `shares/${tokenOf(keep.fileUrl)}`)).toEqual(Buffer.from("keep"));
  });
});

describe("file share links without PUBLIC_ORIGIN", () => {
  it("are built on the default origin (http://localhost:PORT), never on the request's Host", async () => {
    const t = await createTestApp();
    try {
      const body = multipart([
        { name: "expiryMinutes", value: "60" },
        { name: "file", value: Buffer.from("x"), fileName: "x.txt" },
      ]);
      const response = await t.app.inject({
        method: "POST",
        url: "/api/admin/files/upload",
        headers: { ...authHeader(await adminToken(t)), ...body.headers, host: "steel.example.org:8443" },
        payload: body.payload,
      });
      expect(response.json().fileUrl).toMatch(/^http:\/\/localhost:3000\/share\/[\w-]{32}$/);
    } finally {
      await t.close();
    }
  });
});

describe("file share size limit", () => {
  let t: TestApp;
  beforeAll(async () => {
    // 0.05 MB instead of 1 GB: the same code path without writing a gigabyte.
    t = await createTestApp({ env: { MAX_SHARE_MB: "0.05" } });
  });
  afterAll(async () => t.close());

  it("answers 413 {message} beyond the limit and leaves no file and no row behind", async () => {
    const limit = t.config.maxShareBytes;
    expect(limit).toBe(Math.round(0.05 * 1024 * 1024));
    const headers = authHeader(await adminToken(t));
    const send = (size: number) => {
      const body = multipart([
        { name: "expiryMinutes", value: "60" },
        { name: "file", value: randomBytes(size), fileName: "big.bin" },
      ]);
      return t.app.inject({
        method: "POST",
        url: "/api/admin/files/upload",
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    };
    const tooLarge = await send(limit + 1);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ message: "The file is larger than the 51.2 KB limit." });
    expect(await storedKeys(t.app)).toEqual([]);
    expect(await t.app.db.select().from(sharedFiles)).toEqual([]);

    const muchTooLarge = await send(limit * 4);
    expect(muchTooLarge.statusCode).toBe(413);
    expect(await storedKeys(t.app)).toEqual([]);

    const exactly = await send(limit);
    expect(exactly.statusCode).toBe(201);
    expect(exactly.json().size).toBe(limit);
  });
});

describe("file share sweeper at start", () => {
  it("erases the files of shares that expired while the server was down, as soon as it starts", async () => {
    const database = await createTestDatabase();
    const dataDir = mkdtempSync(path.join(tmpdir(), "nb-sweep-"));
    // Both runs on the same store: the same DATA_DIR, or the same prefix of the run's bucket.
    const env = { DATA_DIR: dataDir, ...testStorageEnv() };
    const objects = objectStoreOf(loadConfig({ NODE_ENV: "test", ...env }));
    try {
      const first = await createTestApp({ database, env });
      const headers = authHeader(await adminToken(first));
      const body = multipart([
        { name: "expiryMinutes", value: "1" },
        { name: "file", value: Buffer.from("short-lived"), fileName: "s.txt" },
      ]);
      const uploaded = await first.app.inject({
        method: "POST",
        url: "/api/admin/files/upload",
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
      const token = (uploaded.json().fileUrl as string).split("/share/")[1] ?? "";
      await first.close();
      await database.db.update(sharedFiles).set({ expiresAt: new Date(Date.now() - 1000) });
      expect(await objects.stat(`shares/${token}`)).toMatchObject({ size: "short-lived".length });

      const second = await createTestApp({ database, env });
      expect(await objects.stat(`shares/${token}`)).toBeUndefined();
      expect(await storedKeys(second.app, "shares")).toEqual([]);
      expect((await database.db.select().from(sharedFiles))[0]?.fileErasedAt).toBeInstanceOf(Date);
      expect((await second.app.inject({ method: "GET", url: `/share/${token}` })).statusCode).toBe(410);
      await second.close();
    } finally {
      await objects.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
