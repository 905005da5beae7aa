/**
 * ASVS 5.0 V4 API and Web Service: HTTP messages (V4.1, V4.2) and the chat WebSocket (V4.4).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employeeSession, randomAddress, uniqueUsername } from "../../test/helpers/factories.ts";
import { RawClient, type RealtimeTestApp, startApp } from "../../test/helpers/realtime.ts";
import { addressRule } from "../modules/auth/routes.ts";
import { header } from "../realtime/stomp/frame.ts";

const SITE = "https://www.northbeam.example";

describe("V4 API and Web Service", () => {
  let t: RealtimeTestApp;
  beforeAll(async () => {
    t = await startApp({ broker: "memory" }, { env: { PUBLIC_ORIGIN: SITE } });
  });
  afterAll(async () => t.close());

  describe("V4.4 WebSocket", () => {
    it("V4.4.2 refuses the upgrade from another site's page (cross-site WebSocket hijacking) with 403", async () => {
      for (const origin of ["https://evil.example", "https://www.northbeam.example.evil.example", "null"]) {
        await expect(RawClient.open(t.url, { origin }), origin).rejects.toThrow(/403/);
      }
      // The site itself, and clients that are not browsers (no Origin), are let in.
      (await RawClient.open(t.url, { origin: SITE })).close();
      (await RawClient.open(t.url)).close();
    });

    it("V4.4.3 a socket that does not authenticate in CONNECT gets an ERROR and is closed", async () => {
      const anonymous = await RawClient.open(t.url);
      anonymous.sendFrame("CONNECT", { "accept-version": "1.2", host: "x" });
      const error = await anonymous.next();
      expect(error.command).toBe("ERROR");
      expect(header(error, "message")).toMatch(/Authentication required/);
      expect((await anonymous.waitClosed()).code).toBe(1008);

      const forged = await RawClient.open(t.url);
      forged.sendFrame("CONNECT", { "accept-version": "1.2", Authorization: "Bearer not.a.token" });
      expect((await forged.next()).command).toBe("ERROR");
      expect((await forged.waitClosed()).code).toBe(1008);
    });

    it("V4.4.4 the socket's user is the token's: a CONNECT claiming another username is refused", async () => {
      const { token } = await employeeSession(t);
      const client = await RawClient.open(t.url);
      client.sendFrame("CONNECT", { "accept-version": "1.2", Authorization: `Bearer ${token}`, username: "admin" });
      const error = await client.next();
      expect(error.command).toBe("ERROR");
      expect(header(error, "message")).toMatch(/does not match/);
    });
  });

  it("V4.1.1 every answer with a body says what it is, JSON with its charset", async () => {
    for (const url of ["/api/health", "/api/auth/me", "/api/nowhere"]) {
      const response = await t.app.inject({ url });
      expect(response.headers["content-type"], url).toBe("application/json; charset=utf-8");
    }
  });

  it("V4.1.4 methods a route does not support are refused, TRACE included", async () => {
    for (const method of ["TRACE", "PATCH", "PUT"] as const) {
      const response = await t.app.inject({ method, url: "/api/auth/login" });
      expect(response.statusCode, method).toBe(404);
      expect(response.body).not.toMatch(/authorization|cookie/i);
    }
  });

  it("V4.1.3 X-Forwarded-For from the client is not believed (no TRUST_PROXY): it cannot dodge the address limit", async () => {
    const client = randomAddress();
    for (let i = 0; i < addressRule.maxFailures; i++) {
      await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: client,
        headers: { "x-forwarded-for": randomAddress() },
        payload: { username: uniqueUsername("spray"), password: "wrong-password", role: "employee" },
      });
    }
    const blocked = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: client,
      headers: { "x-forwarded-for": randomAddress() },
      payload: { username: uniqueUsername("spray"), password: "wrong-password", role: "employee" },
    });
    expect(blocked.statusCode).toBe(429);
  });

  it("V4.2.1 a body that lies about its type or size, or is cut short, is refused before any handler sees it", async () => {
    const asForm = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "username=admin&password=x&role=admin",
    });
    expect(asForm.statusCode).toBe(415);
    const huge = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ username: "a", password: "b".repeat(64 * 1024), role: "admin" }),
    });
    expect(huge.statusCode).toBe(413);
    const notJson = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: '{"username": "admin", "password": ',
    });
    expect(notJson.statusCode).toBe(400);
  });
});
