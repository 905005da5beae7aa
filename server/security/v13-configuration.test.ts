/**
 * ASVS 5.0 V13 Configuration: the public address is configuration, never taken from a request
 * (finding 7; ASVS V4.1.3, V1.2.2), production refuses to start without it, secrets are generated
 * rather than defaulted (V13.3), and nothing unintended is served (V13.4).
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers/app.ts";
import { solvedCaptcha } from "../../test/helpers/captcha.ts";
import { adminToken, authHeader, randomAddress } from "../../test/helpers/factories.ts";
import { multipart } from "../../test/helpers/multipart.ts";
import { startSmtpCapture, unfolded } from "../../test/helpers/smtp-capture.ts";
import { instanceSecrets } from "../db/schema.ts";

const ORIGIN = "https://www.northbeam.example";
/** What an attacker sends instead of our name, in every header a proxy might pass on. */
const forged = { host: "evil.example", "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" };

describe("V13 Configuration", () => {
  describe("absolute links come from PUBLIC_ORIGIN, never from the request's Host (finding 7)", () => {
    let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
    let t: TestApp;
    beforeAll(async () => {
      smtp = await startSmtpCapture();
      t = await createTestApp({
        // Even behind a trusted proxy, whose X-Forwarded-Host an attacker can still set.
        env: {
          PUBLIC_ORIGIN: ORIGIN,
          TRUST_PROXY: "true",
          SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
          NOTIFY_EMAIL: "sales@northbeam.example",
        },
      });
    });
    afterAll(async () => {
      await t.close();
      await smtp.close();
    });

    it("share links an admin creates and lists", async () => {
      const headers = { ...authHeader(await adminToken(t)), ...forged };
      const form = multipart([
        { name: "expiryMinutes", value: "60" },
        { name: "file", value: Buffer.from("drawing"), fileName: "ga.txt" },
      ]);
      const created = await t.app.inject({
        method: "POST",
        url: "/api/admin/files/upload",
        headers: { ...headers, ...form.headers },
        payload: form.payload,
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().fileUrl).toMatch(new RegExp(`^${ORIGIN}/share/[\\w-]{32}$`));
      const listed = await t.app.inject({ url: "/api/admin/files", headers });
      expect(listed.body).not.toContain("evil.example");
      expect(listed.json()[0].fileUrl.startsWith(`${ORIGIN}/share/`)).toBe(true);
    });

    it("the admin link in the sales e-mail about a quote request", async () => {
      const form = multipart([
        { name: "name", value: "Morgan Erector" },
        { name: "email", value: "morgan@erectors.example" },
        { name: "workTypes", value: JSON.stringify(["Structural Steel Detailing"]) },
        { name: "altcha", value: await solvedCaptcha(t) },
      ]);
      const response = await t.app.inject({
        method: "POST",
        url: "/api/contact/submit",
        headers: { ...form.headers, ...forged, "x-forwarded-for": randomAddress() },
        payload: form.payload,
        remoteAddress: randomAddress(),
      });
      expect(response.statusCode, response.body).toBe(201);
      // The sales e-mail and the requester's confirmation (with the reference).
      await expect.poll(() => smtp.mails.length, { timeout: 10_000 }).toBe(2);
      const texts = smtp.mails.map(unfolded);
      expect(texts.filter((mail) => mail.includes(`${ORIGIN}/staff/quotes/`))).toHaveLength(1);
      for (const mail of texts) expect(mail).not.toContain("evil.example");
    });
  });

  it("production refuses to start without PUBLIC_ORIGIN, in one line naming it", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "nb-v13-"));
    try {
      const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts"], {
        env: { ...process.env, NODE_ENV: "production", PUBLIC_ORIGIN: "", DATA_DIR: dataDir, PORT: "0" },
        stdio: ["ignore", "pipe", "pipe"],
      });
      let output = "";
      child.stdout.on("data", (chunk) => {
        output += chunk;
      });
      child.stderr.on("data", (chunk) => {
        output += chunk;
      });
      const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
      expect(code).toBe(1);
      expect(output.trim()).toBe(
        "Invalid configuration: PUBLIC_ORIGIN must be set when NODE_ENV=production (the address links and e-mails point to)",
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 30_000);

  it("V13.3 with no JWT_SECRET, a random one is generated once and kept in the database, not in DATA_DIR", async () => {
    const t = await createTestApp({ env: { JWT_SECRET: "" } });
    try {
      expect(existsSync(path.join(t.dataDir, "secrets.json"))).toBe(false);
      const [kept] = await t.app.db.select().from(instanceSecrets).where(eq(instanceSecrets.name, "jwtSecret"));
      // 48 random bytes.
      expect(Buffer.from(kept?.value ?? "", "base64url")).toHaveLength(48);
      const token = await adminToken(t);
      // Not the secret the other tests use (no default secret exists).
      expect(t.config.jwtSecret).toBeUndefined();
      expect((await t.app.inject({ url: "/api/auth/me", headers: authHeader(token) })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  describe("V13.4 nothing unintended is served", () => {
    let t: TestApp;
    let clientDir: string;
    beforeAll(async () => {
      clientDir = mkdtempSync(path.join(tmpdir(), "nb-v13-site-"));
      const page = "<!DOCTYPE html><html><head><title>x</title></head><body></body></html>";
      writeFileSync(path.join(clientDir, "index.html"), page);
      writeFileSync(path.join(clientDir, "__spa-fallback.html"), page);
      writeFileSync(path.join(clientDir, ".env"), "SECRET=1");
      mkdirSync(path.join(clientDir, ".git"));
      writeFileSync(path.join(clientDir, ".git", "config"), "[core]");
      mkdirSync(path.join(clientDir, "assets"));
      writeFileSync(path.join(clientDir, "assets", "app.js"), "0");
      t = await createTestApp({ serveClient: true, clientDir });
    });
    afterAll(async () => {
      await t.close();
      rmSync(clientDir, { recursive: true, force: true });
    });

    it("V13.4.1 / V13.4.3 no dot-files, no source control metadata, no directory listings", async () => {
      for (const url of ["/.env", "/.git/config", "/assets/", "/assets"]) {
        const response = await t.app.inject({ url });
        expect(response.body, url).not.toMatch(/SECRET=1|\[core\]|app\.js/);
      }
    });

    it("V13.4.6 no server or framework version in the answers", async () => {
      const { headers } = await t.app.inject({ url: "/api/health" });
      expect(headers.server).toBeUndefined();
      expect(headers["x-powered-by"]).toBeUndefined();
    });
  });
});
