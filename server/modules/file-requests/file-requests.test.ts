// DESIGN §12 file requests: the admin API, the client's public view and password check, files
// arriving by resumable upload (tus-js-client against a listening app) within the request's total,
// the admin's e-mail, downloads, expiry (410) and delete. Stored files are asked of the app's
// object store, so every assertion holds on disk and on S3.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createdFileRequestSchema,
  fileRequestSchema,
  publicFileRequestSchema,
  uploadedFileSchema,
} from "../../../shared/file-requests.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { adminToken, authHeader, employeeSession, randomAddress } from "../../../test/helpers/factories.ts";
import { type CapturedMail, startSmtpCapture, unfolded } from "../../../test/helpers/smtp-capture.ts";
import { storedKeys } from "../../../test/helpers/stored-files.ts";
import { TusError, tusRequest, tusUpload, uploadMetadata } from "../../../test/helpers/tus.ts";
import { auditLog, fileRequests, resumableUploads } from "../../db/schema.ts";
import { fileRequestPasswordLimit } from "./routes.ts";

const MB = 1024 * 1024;

const listen = async (t: TestApp) => {
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as { port: number };
  return `http://127.0.0.1:${port}`;
};

const tokenOf = (url: string) => new URL(url).pathname.split("/").pop() ?? "";

describe("file requests", () => {
  let t: TestApp;
  let base: string;
  let admin: Record<string, string>;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, NOTIFY_EMAIL: "sales@northbeam.example" },
    });
    base = await listen(t);
    admin = authHeader(await adminToken(t));
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const create = (body: Record<string, unknown>, headers = admin) =>
    t.app.inject({ method: "POST", url: "/api/admin/file-requests", headers, payload: body });
  const list = async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/admin/file-requests", headers: admin });
    expect(response.statusCode).toBe(200);
    return fileRequestSchema.array().parse(response.json());
  };
  const publicView = (token: string) => t.app.inject({ method: "GET", url: `/api/file-requests/${token}` });

  it("creates a request for admins only, and refuses bad fields with their errors", async () => {
    const { token: employee } = await employeeSession(t);
    expect((await create({ title: "Drawings", expiryHours: 24 }, authHeader(employee))).statusCode).toBe(403);
    expect((await create({ title: "Drawings", expiryHours: 24 }, {})).statusCode).toBe(401);
    const bad = await create({ title: " ", expiryHours: 0, maxTotalMB: 0, password: "abc" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(["expiryHours", "maxTotalMB", "password", "title"]);
    expect((await create({ expiryHours: 24 })).statusCode).toBe(400);
    expect((await create({ title: "x", expiryHours: 24, extra: 1 })).statusCode).toBe(400);

    const response = await create({ title: "Send us your drawings for the Harbor Point job", expiryHours: 48 });
    expect(response.statusCode).toBe(201);
    const created = createdFileRequestSchema.parse(response.json());
    expect(created.url).toMatch(/^http:\/\/localhost:3000\/upload\/[A-Za-z0-9_-]{32}$/);
    expect(new Date(created.expiresAt).getTime()).toBeGreaterThan(Date.now() + 47 * 3_600_000);
    const listed = (await list()).find((request) => request.id === created.id);
    expect(listed).toMatchObject({ hasPassword: false, maxTotalMB: t.config.maxShareBytes / MB, files: [] });

    const view = publicFileRequestSchema.parse((await publicView(tokenOf(created.url))).json());
    expect(view).toMatchObject({ title: "Send us your drawings for the Harbor Point job", receivedBytes: 0 });
    expect((await publicView(randomBytes(24).toString("base64url"))).statusCode).toBe(404);
    expect((await publicView("not-a-token")).statusCode).toBe(404);

    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `fileRequest:${created.id}`));
    expect(entry?.action).toBe("fileRequest.create");
  });

  it("takes files by resumable upload with the password, within the total, and e-mails the admin once", async () => {
    const created = createdFileRequestSchema.parse(
      (
        await create({
          title: "Harbor Point IFC",
          message: "The model and the GA drawings",
          expiryHours: 24,
          maxTotalMB: 1,
          password: "harbor-point",
        })
      ).json(),
    );
    const token = tokenOf(created.url);

    // The page's password check: right, wrong.
    const check = (password: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/file-requests/${token}/password`,
        payload: { password },
        remoteAddress: randomAddress(),
      });
    expect((await check("harbor-point")).statusCode).toBe(204);
    expect((await check("wrong-password")).statusCode).toBe(401);

    const send = (data: Buffer, metadata: Record<string, string>) =>
      tusUpload(base, data, { metadata: { token, filename: "model.ifc", ...metadata }, chunkSize: 200_000 });
    await expect(send(randomBytes(100), {})).rejects.toMatchObject({ status: 401 });
    await expect(send(randomBytes(100), { password: "nope-nope" })).rejects.toMatchObject({ status: 401 });

    const model = randomBytes(600_000);
    const drawings = randomBytes(300_000);
    const first = uploadedFileSchema.parse((await send(model, { password: "harbor-point" })).body);
    expect(first).toMatchObject({ fileName: "model.ifc", size: model.length });
    const second = uploadedFileSchema.parse(
      (await send(drawings, { password: "harbor-point", filename: "../GA drawings.pdf" })).body,
    );
    expect(second.fileName).toBe("GA drawings.pdf");

    // 900 000 of 1 MiB used: a file of 200 000 bytes does not fit.
    const tooMuch = send(randomBytes(200_000), { password: "harbor-point" });
    await expect(tooMuch).rejects.toBeInstanceOf(TusError);
    await expect(tooMuch).rejects.toMatchObject({ status: 413 });

    const listed = (await list()).find((request) => request.id === created.id);
    expect(listed?.hasPassword).toBe(true);
    expect(listed?.files.map((file) => [file.fileName, file.size])).toEqual([
      ["model.ifc", model.length],
      ["GA drawings.pdf", drawings.length],
    ]);
    const download = await t.app.inject({
      method: "GET",
      url: new URL(listed?.files[0]?.url ?? "").pathname,
      headers: admin,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-disposition"]).toMatch(/^attachment/);
    expect(download.rawPayload.equals(model)).toBe(true);
    const anonymous = await t.app.inject({ method: "GET", url: new URL(listed?.files[0]?.url ?? "").pathname });
    expect(anonymous.statusCode).toBe(401);

    expect(publicFileRequestSchema.parse((await publicView(token)).json()).receivedBytes).toBe(900_000);
    expect(await storedKeys(t.app, "requests")).toHaveLength(2);
    expect(await storedKeys(t.app, "uploads")).toEqual([]);

    const aboutRequest = () => smtp.mails.filter((mail) => unfolded(mail).includes("Harbor Point IFC"));
    await expect.poll(() => aboutRequest().length, { timeout: 10_000 }).toBe(1);
    const mail = unfolded(aboutRequest()[0] as CapturedMail);
    expect(mail).toContain("model.ifc");
    expect(mail).toContain(`/staff/file-requests?request=${created.id}`);
    // The second file arrived within the quiet spell: no second e-mail.
    expect(aboutRequest()).toHaveLength(1);
  });

  it("lets only one of two uploads through when together they pass the total", async () => {
    const created = createdFileRequestSchema.parse(
      (await create({ title: "Race", expiryHours: 24, maxTotalMB: 1 })).json(),
    );
    const token = tokenOf(created.url);
    const begin = () =>
      tusRequest(`${base}/api/uploads/`, "POST", {
        "upload-length": String(700_000),
        "upload-metadata": uploadMetadata({ token, filename: "a.bin" }),
      });
    const statuses = (await Promise.all([begin(), begin(), begin()])).map((answer) => answer.status).sort();
    expect(statuses).toEqual([201, 413, 413]);
  });

  it("answers 410 once expired: the page, new uploads and uploads under way", async () => {
    const created = createdFileRequestSchema.parse((await create({ title: "Soon over", expiryHours: 1 })).json());
    const token = tokenOf(created.url);
    const begun = await tusRequest(`${base}/api/uploads/`, "POST", {
      "upload-length": "1000",
      "upload-metadata": uploadMetadata({ token, filename: "late.dwg" }),
    });
    expect(begun.status).toBe(201);
    await t.app.db
      .update(fileRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(fileRequests.id, created.id));
    expect((await publicView(token)).statusCode).toBe(410);
    expect((await publicView(token)).json().message).toMatch(/expired/);
    const patch = await tusRequest(
      new URL(String(begun.headers.location), base).toString(),
      "PATCH",
      { "content-type": "application/offset+octet-stream", "upload-offset": "0" },
      randomBytes(1000),
    );
    expect(patch.status).toBe(410);
    const again = await tusRequest(`${base}/api/uploads/`, "POST", {
      "upload-length": "1000",
      "upload-metadata": uploadMetadata({ token, filename: "late.dwg" }),
    });
    expect(again.status).toBe(410);
    // The admin still sees the request (and what arrived before).
    expect((await list()).some((request) => request.id === created.id)).toBe(true);
  });

  it("deletes a request with its files and unfinished uploads; its link then answers 404", async () => {
    const created = createdFileRequestSchema.parse((await create({ title: "To delete", expiryHours: 24 })).json());
    const token = tokenOf(created.url);
    await tusUpload(base, randomBytes(50_000), { metadata: { token, filename: "one.pdf" } });
    const unfinished = await tusRequest(`${base}/api/uploads/`, "POST", {
      "upload-length": "5000",
      "upload-metadata": uploadMetadata({ token, filename: "two.pdf" }),
    });
    const unfinishedUrl = new URL(String(unfinished.headers.location), base).toString();
    await tusRequest(
      unfinishedUrl,
      "PATCH",
      { "content-type": "application/offset+octet-stream", "upload-offset": "0" },
      randomBytes(2000),
    );
    const before = await storedKeys(t.app, "requests");

    const response = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/file-requests/${created.id}`,
      headers: admin,
    });
    expect(response.statusCode).toBe(204);
    expect((await publicView(token)).statusCode).toBe(404);
    expect((await tusRequest(unfinishedUrl, "HEAD", {})).status).toBe(404);
    expect((await storedKeys(t.app, "requests")).length).toBe(before.length - 1);
    expect(
      await t.app.db
        .select()
        .from(resumableUploads)
        .where(eq(resumableUploads.scope, `file-request:${created.id}`)),
    ).toEqual([]);
    expect(await storedKeys(t.app, "uploads")).toEqual([]);
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, "fileRequest.delete"));
    expect(entry?.target).toBe(`fileRequest:${created.id}`);
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/admin/file-requests/${created.id}`, headers: admin }))
        .statusCode,
    ).toBe(404);
  });

  it("limits password attempts per address and link", async () => {
    const created = createdFileRequestSchema.parse(
      (await create({ title: "Guarded", expiryHours: 24, password: "guarded-pass" })).json(),
    );
    const token = tokenOf(created.url);
    const remoteAddress = randomAddress();
    const statuses: number[] = [];
    for (let i = 0; i <= fileRequestPasswordLimit.max; i++) {
      const response = await t.app.inject({
        method: "POST",
        url: `/api/file-requests/${token}/password`,
        payload: { password: `guess-${i}` },
        remoteAddress,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, fileRequestPasswordLimit.max).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
