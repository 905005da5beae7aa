/**
 * ASVS 5.0 V3 Web Frontend Security: what the browser is told about our answers (V3.4 headers),
 * our one cookie (V3.3), content that must never render as a page (V3.2), and requests another
 * site could make in the user's name (V3.5).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatPaths } from "../../shared/chat.ts";
import { createTestApp, type TestApp } from "../../test/helpers/app.ts";
import { authHeader, employeeSession } from "../../test/helpers/factories.ts";

/** A miniature client build with an inline script, so the page headers can be read without `npm run build`. */
function fakeClientBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "nb-v3-site-"));
  const page = "<!DOCTYPE html><html><head><title>x</title><script>window.__x=1</script></head><body></body></html>";
  writeFileSync(path.join(dir, "index.html"), page);
  writeFileSync(path.join(dir, "__spa-fallback.html"), page);
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "assets", "app-abc123.js"), "0");
  return dir;
}

describe("V3 Web Frontend Security", () => {
  let t: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = fakeClientBuild();
    t = await createTestApp({ serveClient: true, clientDir, env: { PUBLIC_ORIGIN: "https://www.northbeam.example" } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  describe("V3.4 browser security headers", () => {
    it("API answers: CSP default-src 'none' with frame-ancestors 'none', nosniff, a referrer policy, no framing", async () => {
      for (const url of ["/api/health", "/api/auth/me", "/api/nowhere"]) {
        const { headers } = await t.app.inject({ url });
        expect(headers["content-security-policy"], url).toMatch(/default-src 'none'/);
        expect(headers["content-security-policy"], url).toMatch(/frame-ancestors 'none'/);
        expect(headers["x-content-type-options"], url).toBe("nosniff");
        expect(headers["referrer-policy"], url).toBe("strict-origin-when-cross-origin");
        expect(headers["x-frame-options"], url).toBe("DENY");
        expect(headers["x-powered-by"], url).toBeUndefined();
      }
    });

    it("pages: a CSP that runs only our own scripts (inline ones by hash), frames nowhere, and opens no window to others", async () => {
      const { headers } = await t.app.inject({ url: "/" });
      const csp = String(headers["content-security-policy"]);
      const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? "";
      expect(scriptSrc).toMatch(/^'self' 'sha256-[A-Za-z0-9+/=]+'$/);
      expect(csp).not.toMatch(/unsafe-eval/);
      expect(scriptSrc).not.toMatch(/unsafe-inline/);
      for (const directive of [
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
    });

    it("V3.4.1 HSTS whenever the site is served over https", async () => {
      const { headers } = await t.app.inject({ url: "/api/health" });
      expect(headers["strict-transport-security"]).toMatch(/max-age=(\d+)/);
      expect(Number(/max-age=(\d+)/.exec(String(headers["strict-transport-security"]))?.[1])).toBeGreaterThanOrEqual(
        31536000,
      );
    });
  });

  it("V3.3 the attachments cookie: HttpOnly, Secure, SameSite=Strict, sent only to the attachments' path", async () => {
    const { token } = await employeeSession(t);
    const response = await t.app.inject({
      method: "POST",
      url: chatPaths.attachmentSession,
      headers: authHeader(token),
    });
    expect(response.statusCode).toBe(204);
    const cookie = String(response.headers["set-cookie"]);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; Secure/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toContain(`; Path=${chatPaths.chatFilesPrefix}`);
  });

  it("V3.5.1 a cookie alone never authorises a change: another site cannot POST, PUT or DELETE in the user's name", async () => {
    const { token } = await employeeSession(t);
    const cookie = `token=${token}`;
    for (const [method, url] of [
      ["POST", "/api/auth/logout"],
      ["POST", chatPaths.createGroup],
      ["DELETE", "/api/admin/employees/1"],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { cookie }, payload: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    // The bearer header, which another site's page cannot set, is what authorises.
    expect((await t.app.inject({ url: "/api/auth/me", headers: authHeader(token) })).statusCode).toBe(200);
  });

  it("V3.2.1 text echoed in an API answer is JSON that no browser renders as a page", async () => {
    const response = await t.app.inject({ url: "/api/%3Cscript%3Ealert(1)%3C%2Fscript%3E" });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["content-security-policy"]).toMatch(/default-src 'none'/);
  });
});
