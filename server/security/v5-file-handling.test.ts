/**
 * ASVS 5.0 V5 File Handling: uploads are judged by their bytes and bounded in size (V5.2), stored
 * under names we make (V5.3), and served so that no browser runs them (V5.4).
 */
import { randomBytes } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatPaths } from "../../shared/chat.ts";
import { createTestApp, type TestApp } from "../../test/helpers/app.ts";
import { adminToken, authHeader, employeeSession } from "../../test/helpers/factories.ts";
import { multipart } from "../../test/helpers/multipart.ts";
import { createProject, jobNumbers } from "../../test/helpers/projects.ts";
import { samples } from "../../test/helpers/sample-files.ts";
import { storesInS3 } from "../../test/helpers/storage.ts";

describe("V5 File Handling", () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    // 0.05 MB instead of 1 GB for admin shares: the same code path without writing a gigabyte.
    t = await createTestApp({ env: { MAX_SHARE_MB: "0.05" } });
    token = (await employeeSession(t)).token;
  });
  afterAll(async () => t.close());

  const upload = (value: Buffer, fileName: string, contentType = "application/pdf") => {
    const form = multipart([{ name: "file", value, fileName, contentType }]);
    return t.app.inject({
      method: "POST",
      url: chatPaths.upload,
      headers: { ...form.headers, ...authHeader(token) },
      payload: form.payload,
    });
  };

  it("V5.2.2 the bytes decide the type, not the name or the declared type", async () => {
    const program = Buffer.concat([Buffer.from("MZ\x90\x00"), randomBytes(512)]);
    expect((await upload(program, "drawings.zip", "application/zip")).statusCode).toBe(415);
    // Markup under an image or PDF name is text (code files may be sent), never HTML, SVG or PDF.
    for (const [bytes, name, type] of [
      ["<!DOCTYPE html><script>alert(document.cookie)</script>", "invoice.pdf", "application/pdf"],
      ["<svg xmlns='http://www.w3.org/2000/svg' onload='alert(1)'/>", "logo.png", "image/png"],
    ] as const) {
      const response = await upload(Buffer.from(bytes), name, type);
      expect(response.statusCode, name).toBe(201);
      expect(response.json().fileType, name).toMatch(/^text\/plain/);
      const served = await t.app.inject({ url: response.json().fileUrl, headers: authHeader(token) });
      expect(served.headers["content-type"], name).toMatch(/^text\/plain/);
    }
    // A real PDF under a misleading name is stored as what it is.
    const pdf = await upload(samples.pdf, "photo.png", "image/png");
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json().fileType).toBe("application/pdf");
  });

  it("V5.2.1 a file over the limit is refused with 413, and nothing is left behind", async () => {
    const admin = await adminToken(t);
    const form = multipart([
      { name: "expiryMinutes", value: "60" },
      { name: "file", value: randomBytes(t.config.maxShareBytes + 1024), fileName: "big.bin" },
    ]);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/admin/files/upload",
      headers: { ...form.headers, ...authHeader(admin) },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(413);
    expect((await t.app.inject({ url: "/api/admin/files", headers: authHeader(admin) })).json()).toEqual([]);
  });

  it("V5.3.2 a file is stored under a name the server makes, whatever path the upload names", async () => {
    const response = await upload(samples.pdf, "../../../../etc/cron.d/evil.pdf");
    expect(response.statusCode).toBe(201);
    const { fileUrl, fileName } = response.json();
    expect(fileName).toBe("evil.pdf");
    const key = fileUrl.slice(chatPaths.chatFilesPrefix.length);
    expect(key).toMatch(/^[\w-]{16,}$/);
    const stored: string[] = [];
    for await (const object of t.app.storage.objects.list("")) stored.push(object.key);
    expect(stored).toContain(`chat/${key}`);
    expect(stored.some((file) => file.includes("evil") || file.includes("cron"))).toBe(false);
    if (!storesInS3()) {
      // On disk, no file at all (temporaries and types included) is named after the upload.
      const files = readdirSync(path.join(t.dataDir, "files"), { recursive: true }).map(String);
      expect(files).toContain(path.join("chat", key));
      expect(files.some((file) => file.includes("evil") || file.includes("cron"))).toBe(false);
    }
  });

  it("V5.4.1 / V5.4.2 downloads carry our sanitised name, encoded, and are never rendered or run by the browser", async () => {
    const name = 'report"; filename="payload.html.pdf';
    const response = await upload(samples.pdf, name);
    expect(response.statusCode).toBe(201);
    const download = await t.app.inject({ url: response.json().fileUrl, headers: authHeader(token) });
    expect(download.statusCode).toBe(200);
    const disposition = String(download.headers["content-disposition"]);
    // One filename parameter and one filename* parameter: the quote cannot open a second one.
    expect(disposition.match(/filename=/g)).toHaveLength(1);
    expect(disposition).toMatch(/^(attachment|inline); filename="[^"]*"; filename\*=UTF-8''[^";\s]+$/);
    expect(download.headers["x-content-type-options"]).toBe("nosniff");
    expect(download.headers["content-security-policy"]).toMatch(/sandbox/);
  });
  it("V5.3.2 / V5.4.1 a project's document: stored under our key, downloaded as an attachment under our name", async () => {
    const admin = authHeader(await adminToken(t));
    const member = await employeeSession(t);
    const job = await createProject(t, admin, jobNumbers("V")(), [member.employee.username]);
    const name = '../../etc/passwd"; filename="run.html.pdf';
    const form = multipart([
      { name: "category", value: "contract" },
      { name: "file", value: samples.pdf, fileName: name, contentType: "text/html" },
    ]);
    const added = await t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/files`,
      headers: { ...form.headers, ...authHeader(member.token) },
      payload: form.payload,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().fileName).not.toMatch(/[/\\]/);
    const stored: string[] = [];
    for await (const object of t.app.storage.objects.list("")) stored.push(object.key);
    expect(stored.some((key) => key.includes("passwd") || key.includes(".."))).toBe(false);
    const download = await t.app.inject({ url: added.json().url, headers: authHeader(member.token) });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    const disposition = String(download.headers["content-disposition"]);
    expect(disposition.match(/filename=/g)).toHaveLength(1);
    expect(disposition).toMatch(/^attachment; filename="[^"]*"; filename\*=UTF-8''[^";\s]+$/);
    expect(download.headers["x-content-type-options"]).toBe("nosniff");
  });
});
