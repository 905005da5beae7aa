/**
 * ASVS 5.0 V12 Secure Communication. TLS itself ends at the proxy in front of the server
 * (docs/security.md); what the app controls: browsers are held to https once the site is served
 * over it (V12.2.1), and its own outbound calls, web pushes, go over TLS only (V12.3.1).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatPaths } from "../../shared/chat.ts";
import { createTestApp, type TestApp } from "../../test/helpers/app.ts";
import { authHeader, employeeSession } from "../../test/helpers/factories.ts";
import { endpointProblem } from "../modules/chat/push.ts";

describe("V12 Secure Communication", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_ORIGIN: "https://www.northbeam.example" } });
  });
  afterAll(async () => t.close());

  it("V12.2.1 an https site sends HSTS (one year) on every answer: success, refusal, not found, bad input", async () => {
    const answers = [
      await t.app.inject({ url: "/api/health" }),
      await t.app.inject({ url: "/api/admin/employees" }),
      await t.app.inject({ url: "/api/nowhere" }),
      await t.app.inject({ method: "POST", url: "/api/auth/login", payload: {} }),
    ];
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 401, 404, 400]);
    for (const answer of answers) {
      expect(answer.headers["strict-transport-security"]).toMatch(/max-age=31536000/);
    }
    const { token } = await employeeSession(t);
    const cookie = await t.app.inject({ method: "POST", url: chatPaths.attachmentSession, headers: authHeader(token) });
    expect(String(cookie.headers["set-cookie"])).toMatch(/; Secure/);
  });

  it("V12.2.1 a plain-http development site does not pin browsers to https (nothing to pin yet)", async () => {
    const dev = await createTestApp();
    try {
      expect((await dev.app.inject({ url: "/api/health" })).headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await dev.close();
    }
  });

  it("V12.3.1 the server's own outbound calls (web push) go over TLS to port 443 only", async () => {
    const { employee, token } = await employeeSession(t);
    for (const endpoint of [
      "http://fcm.googleapis.com/fcm/send/x",
      "https://fcm.googleapis.com:80/fcm/send/x",
      "https://fcm.googleapis.com:8080/fcm/send/x",
      "ws://fcm.googleapis.com/x",
    ]) {
      const response = await t.app.inject({
        method: "POST",
        url: chatPaths.pushSubscribe(employee.username),
        headers: authHeader(token),
        payload: { endpoint, keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) } },
      });
      expect(response.statusCode, endpoint).toBe(400);
    }
    expect(endpointProblem("https://fcm.googleapis.com:443/fcm/send/x")).toBeUndefined();
  });
});
