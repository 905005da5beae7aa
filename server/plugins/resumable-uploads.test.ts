// DESIGN §12 resumable uploads (tus 1.0 under /api/uploads/), through tus-js-client and raw HTTP
// against a listening app: a share sent in parts, an upload cut off half-way and finished, the
// same upload carried on by a second instance, two writers at one offset, refusals, cancel and
// the sweep. What is stored is asked of the app's object store, so it holds on disk and on S3.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedFileSchema } from "../../shared/files.ts";
import { createTestApp, type TestApp } from "../../test/helpers/app.ts";
import { adminToken, authHeader, employeeSession } from "../../test/helpers/factories.ts";
import { storedKeys } from "../../test/helpers/stored-files.ts";
import {
  beginUpload,
  cutOffPatch,
  patchUpload,
  tusRequest,
  tusUpload,
  uploadMetadata,
} from "../../test/helpers/tus.ts";
import { auditLog, resumableUploads, sharedFiles } from "../db/schema.ts";

const listen = async (t: TestApp) => {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
};

const shareMetadata = { filename: "shop-drawings.zip", filetype: "application/zip", expiryMinutes: "120" };

/** Asks where an upload stands until `done` says so (a cut-off PATCH is stored after its socket closes). */
async function offsetWhen(url: string, headers: Record<string, string>, done: (offset: number) => boolean) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const head = await tusRequest(url, "HEAD", headers);
    const offset = Number(head.headers["upload-offset"]);
    if (head.status === 200 && done(offset)) return offset;
    if (Date.now() > deadline) throw new Error(`upload offset still ${offset} (status ${head.status})`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function download(base: string, fileUrl: string) {
  const response = await fetch(`${base}${new URL(fileUrl).pathname}`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe("resumable share uploads", () => {
  let t: TestApp;
  let base: string;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t);
    admin = authHeader(await adminToken(t));
  });
  afterAll(async () => t.close());

  it("stores a file sent in several PATCHes whole, answers the share, and keeps no part", async () => {
    const data = randomBytes(700_000);
    const progress: number[] = [];
    const result = await tusUpload(base, data, {
      metadata: { ...shareMetadata, password: "harbor-point", maxDownloads: "3" },
      headers: admin,
      chunkSize: 256 * 1024,
      onProgress: (sent) => progress.push(sent),
    });
    const share = sharedFileSchema.parse(result.body);
    expect(share).toMatchObject({
      fileName: "shop-drawings.zip",
      size: data.length,
      hasPassword: true,
      maxDownloads: 3,
    });
    expect(progress.at(-1)).toBe(data.length);

    const [row] = await t.app.db.select().from(sharedFiles).where(eq(sharedFiles.id, share.id));
    expect(row?.uploadedBy).not.toBeNull();
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 119 * 60_000);
    const token = new URL(share.fileUrl).pathname.split("/").pop();
    expect(await storedKeys(t.app, "shares")).toContain(`shares/${token}`);
    expect(await storedKeys(t.app, "uploads")).toEqual([]);
    const stored = await t.app.storage.files("shares").open(token ?? "");
    const chunks: Buffer[] = [];
    for await (const chunk of stored?.body ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(data)).toBe(true);

    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `share:${share.id}`));
    expect(entries.map((entry) => entry.action)).toEqual(["share.create"]);
    // Finished: HEAD says so, and a PATCH more is refused.
    const head = await tusRequest(result.url, "HEAD", admin);
    expect(head.headers["upload-offset"]).toBe(String(data.length));
    const more = await patchUpload(result.url, data.length, Buffer.from("x"), admin);
    expect(more.status).toBeGreaterThanOrEqual(400);
    expect(more.status).toBeLessThan(500);
  });

  it("keeps what arrived of a PATCH cut off half-way, and finishes the upload from there", async () => {
    const data = randomBytes(600_000);
    const created = await tusRequest(`${base}/api/uploads/`, "POST", {
      ...admin,
      "upload-length": String(data.length),
      "upload-metadata": uploadMetadata(shareMetadata),
    });
    expect(created.status).toBe(201);
    const url = new URL(String(created.headers.location), base).toString();
    expect(String(created.headers.location)).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]{32}$/);

    await cutOffPatch(url, 0, data.subarray(0, 300_000), data.length, admin);
    const kept = await offsetWhen(url, admin, (offset) => offset > 0);
    expect(kept).toBeLessThanOrEqual(300_000);

    const result = await tusUpload(base, data, { metadata: shareMetadata, headers: admin, uploadUrl: url });
    const share = sharedFileSchema.parse(result.body);
    expect((await download(base, share.fileUrl)).equals(data)).toBe(true);
    expect(await storedKeys(t.app, "uploads")).toEqual([]);
  });

  it("refuses an upload without an admin's token, bad fields, an empty or an oversized file, and stores nothing", async () => {
    const { token: employee } = await employeeSession(t);
    const create = (headers: Record<string, string>, metadata: Record<string, string>, length = "10") =>
      tusRequest(`${base}/api/uploads/`, "POST", {
        ...headers,
        "upload-length": length,
        "upload-metadata": uploadMetadata(metadata),
      });
    const anonymous = await create({}, shareMetadata);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(anonymous.body).message).toMatch(/log in/i);
    expect((await create(authHeader(employee), shareMetadata)).status).toBe(403);

    const bad = await create(admin, { filename: "a.zip", expiryMinutes: "0", password: "short", maxDownloads: "x" });
    expect(bad.status).toBe(400);
    expect(Object.keys(JSON.parse(bad.body).errors).sort()).toEqual(["expiryMinutes", "maxDownloads", "password"]);
    expect((await create(admin, shareMetadata, "0")).status).toBe(400);
    const huge = await create(admin, shareMetadata, String(t.config.maxShareBytes + 1));
    expect(huge.status).toBe(413);

    expect(await t.app.db.select().from(resumableUploads).where(eq(resumableUploads.size, 10))).toEqual([]);
  });

  it("lets only the admin who began an upload go on with it, and cancels it with its parts", async () => {
    const data = randomBytes(200_000);
    const url = `${base}${await beginUpload(base, data.length, shareMetadata, admin)}`;
    const first = await patchUpload(url, 0, data.subarray(0, 100_000), admin);
    expect(first.status).toBe(204);
    expect(first.headers["upload-offset"]).toBe("100000");
    expect(await storedKeys(t.app, "uploads")).toHaveLength(1);

    const { token: employee } = await employeeSession(t);
    expect((await tusRequest(url, "HEAD", authHeader(employee))).status).toBe(403);
    expect((await tusRequest(url, "HEAD", {})).status).toBe(401);
    // A PATCH at a stale offset changes nothing.
    const stale = await patchUpload(url, 0, data.subarray(0, 100_000), admin);
    expect(stale.status).toBe(409);
    expect(await offsetWhen(url, admin, () => true)).toBe(100_000);

    expect((await tusRequest(url, "DELETE", admin)).status).toBe(204);
    expect((await tusRequest(url, "HEAD", admin)).status).toBe(404);
    expect(await storedKeys(t.app, "uploads")).toEqual([]);
  });

  it("drops an unfinished upload a day after its last byte, with its parts", async () => {
    const url = `${base}${await beginUpload(base, 1000, shareMetadata, admin)}`;
    await patchUpload(url, 0, randomBytes(500), admin);
    const id = url.split("/").pop() ?? "";
    await t.app.db
      .update(resumableUploads)
      .set({ updatedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(resumableUploads.id, id));
    expect(await t.app.resumableUploads.sweep()).toBeGreaterThanOrEqual(1);
    expect((await tusRequest(url, "HEAD", admin)).status).toBe(404);
    expect(await storedKeys(t.app, "uploads")).toEqual([]);
  });
});

describe("hostile tus requests", () => {
  let t: TestApp;
  let base: string;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    base = await listen(t);
    admin = authHeader(await adminToken(t));
  });
  afterAll(async () => t.close());

  it("answers junk headers and bodies with a 4xx JSON error, and the next real upload works", async () => {
    const url = `${base}${await beginUpload(base, 1000, shareMetadata, admin)}`;
    const octets = { "content-type": "application/offset+octet-stream" };
    const attempts: [string, string, Record<string, string>, Buffer?][] = [
      [`${base}/api/uploads/`, "POST", { ...admin, "upload-length": "-1" }],
      [`${base}/api/uploads/`, "POST", { ...admin, "upload-length": "1e309" }],
      [`${base}/api/uploads/`, "POST", { ...admin, "upload-length": "99999999999999999999999" }],
      [`${base}/api/uploads/`, "POST", { ...admin, "upload-length": "10", "upload-metadata": "filename ###,x" }],
      [`${base}/api/uploads/`, "POST", { ...admin, "upload-length": "10", "upload-metadata": "a".repeat(20_000) }],
      [
        `${base}/api/uploads/`,
        "POST",
        { ...admin, "upload-defer-length": "1", "upload-metadata": uploadMetadata(shareMetadata) },
      ],
      [`${base}/api/uploads/`, "POST", { ...admin, "upload-length": "10", "upload-concat": "final;/a /b" }],
      [
        `${base}/api/uploads/`,
        "POST",
        { "upload-length": "10", "upload-metadata": uploadMetadata({ token: "x", filename: "a" }) },
      ],
      [
        `${base}/api/uploads/`,
        "POST",
        { "upload-length": "10", "upload-metadata": uploadMetadata({ token: "A".repeat(32) }) },
      ],
      [url, "PATCH", { ...admin, ...octets, "upload-offset": "-5" }, Buffer.alloc(10)],
      [url, "PATCH", { ...admin, ...octets, "upload-offset": "abc" }, Buffer.alloc(10)],
      [url, "PATCH", { ...admin, ...octets, "upload-offset": "0" }, Buffer.alloc(2000)],
      [url, "PATCH", { ...admin, "content-type": "text/plain", "upload-offset": "0" }, Buffer.alloc(10)],
      [url, "PATCH", { ...admin, "upload-offset": "0" }],
      [`${base}/api/uploads/..%2F..%2Fetc`, "PATCH", { ...admin, ...octets, "upload-offset": "0" }, Buffer.alloc(10)],
      [`${base}/api/uploads/${"x".repeat(150)}`, "HEAD", admin],
      [`${base}/api/uploads/%00`, "DELETE", admin],
    ];
    for (const [target, method, headers, body] of attempts) {
      const answer = await tusRequest(target, method, headers, body).catch((error: Error) => {
        throw new Error(
          `${method} ${target} ${JSON.stringify({ ...headers, authorization: undefined }).slice(0, 200)}: ${error.message}`,
        );
      });
      const label = `${method} ${target.slice(base.length, base.length + 40)} ${JSON.stringify(headers).slice(0, 120)}`;
      expect(answer.status, label).toBeGreaterThanOrEqual(400);
      expect(answer.status, label).toBeLessThan(500);
      if (method !== "HEAD") expect(JSON.parse(answer.body).message, label).toEqual(expect.any(String));
    }
    // Without the protocol header at all.
    const plain = await fetch(`${base}/api/uploads/`, { method: "POST", headers: admin });
    expect(plain.status).toBe(412);
    expect(plain.headers.get("content-type")).toMatch(/^application\/json/);

    // Nothing moved, and a real upload still goes through.
    expect(await offsetWhen(url, admin, () => true)).toBe(0);
    const data = randomBytes(1000);
    const result = await tusUpload(base, data, { metadata: shareMetadata, headers: admin, uploadUrl: url });
    expect((await download(base, sharedFileSchema.parse(result.body).fileUrl)).equals(data)).toBe(true);
  });

  it("refuses metadata with a control character in any value with a 400 naming it, and keeps nothing", async () => {
    const controls = [0, 1, 7, 8, 11, 12, 27, 31].map((code) => String.fromCharCode(code));
    const uploadsBefore = (await t.app.db.select().from(resumableUploads)).length;
    for (const [field, value] of Object.entries(shareMetadata)) {
      for (const [i, control] of controls.entries()) {
        // At the start, the end or the middle of the value.
        const broken = [control + value, value + control, value.slice(0, 2) + control + value.slice(2)][i % 3]!;
        const created = await tusRequest(`${base}/api/uploads/`, "POST", {
          ...admin,
          "upload-length": "10",
          "upload-metadata": uploadMetadata({ ...shareMetadata, [field]: broken }),
        });
        const label = `${field} with U+${control.charCodeAt(0).toString(16).padStart(4, "0")}`;
        expect(created.status, label).toBe(400);
        expect(JSON.parse(created.body).errors, label).toEqual({
          [field]: "Must not contain control characters (such as NUL).",
        });
      }
    }
    expect(await t.app.db.select().from(resumableUploads)).toHaveLength(uploadsBefore);
    // Tab, newline and carriage return are text: a name with a tab is taken.
    const fine = await tusRequest(`${base}/api/uploads/`, "POST", {
      ...admin,
      "upload-length": "10",
      "upload-metadata": uploadMetadata({ ...shareMetadata, filename: "shop\tdrawings.zip" }),
    });
    expect(fine.status, fine.body).toBe(201);
  });
});

describe("a resumable upload across two instances on one database and one store", () => {
  let a: TestApp;
  let b: TestApp;
  let baseA: string;
  let baseB: string;
  let admin: Record<string, string>;
  beforeAll(async () => {
    a = await createTestApp();
    // The second instance: the same database, the same files (folder or bucket prefix), the same key.
    b = await createTestApp({
      database: a.database,
      env: { DATA_DIR: a.dataDir, ...(a.config.storageUrl ? { STORAGE_URL: a.config.storageUrl } : {}) },
    });
    baseA = await listen(a);
    baseB = await listen(b);
    admin = authHeader(await adminToken(a));
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it("carries on through the other instance where the first stopped", async () => {
    const data = randomBytes(400_000);
    const path = await beginUpload(baseA, data.length, shareMetadata, admin);
    const first = await patchUpload(`${baseA}${path}`, 0, data.subarray(0, 150_000), admin);
    expect(first.status).toBe(204);
    const result = await tusUpload(baseB, data, {
      metadata: shareMetadata,
      headers: admin,
      uploadUrl: `${baseB}${path}`,
    });
    const share = sharedFileSchema.parse(result.body);
    expect((await download(baseA, share.fileUrl)).equals(data)).toBe(true);
  });

  it("lets one of two PATCHes of a part at the same offset through, and the other is told 409", async () => {
    const data = randomBytes(310_000);
    const path = await beginUpload(baseA, data.length, shareMetadata, admin);
    const patch = (base: string) => patchUpload(`${base}${path}`, 0, data.subarray(0, 100_000), admin);
    const statuses = (await Promise.all([patch(baseA), patch(baseB)])).map((answer) => answer.status).sort();
    expect(statuses).toEqual([204, 409]);
    expect(await offsetWhen(`${baseB}${path}`, admin, () => true)).toBe(100_000);
    const result = await tusUpload(baseB, data, {
      metadata: shareMetadata,
      headers: admin,
      uploadUrl: `${baseB}${path}`,
    });
    expect((await download(baseA, sharedFileSchema.parse(result.body).fileUrl)).equals(data)).toBe(true);
    expect(await storedKeys(a.app, "uploads")).toEqual([]);
  });

  it("lets exactly one of two writers at the same offset through, and the file is whole", async () => {
    const data = randomBytes(300_000);
    const path = await beginUpload(baseA, data.length, shareMetadata, admin);
    const patch = (base: string) => patchUpload(`${base}${path}`, 0, data, admin);
    const answers = await Promise.all([patch(baseA), patch(baseB)]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    const winner = answers.find((answer) => answer.status === 200);
    const share = sharedFileSchema.parse(JSON.parse(winner?.body ?? "null"));
    expect((await download(baseB, share.fileUrl)).equals(data)).toBe(true);
    const shares = await a.app.db.select().from(sharedFiles).where(eq(sharedFiles.sizeBytes, data.length));
    expect(shares).toHaveLength(1);
    expect(await storedKeys(a.app, "uploads")).toEqual([]);
  });
});
