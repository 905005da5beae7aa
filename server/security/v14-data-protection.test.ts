/**
 * ASVS 5.0 V14 Data Protection: personal data is never left in a browser's or a proxy's cache
 * (V14.2.2, V14.3.2), and answers carry no more of it than their purpose needs (V14.2.6).
 */
import type { HTTPMethods } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatPaths } from "../../shared/chat.ts";
import { createTestApp, type TestApp } from "../../test/helpers/app.ts";
import { adminToken, authHeader, employeeSession, randomAddress } from "../../test/helpers/factories.ts";
import { multipart } from "../../test/helpers/multipart.ts";

describe("V14 Data Protection", () => {
  let t: TestApp;
  let admin: string;
  let employee: { username: string; token: string };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminToken(t);
    const session = await employeeSession(t);
    employee = { username: session.employee.username, token: session.token };
  });
  afterAll(async () => t.close());

  const concrete = (url: string) =>
    url
      .replace(":me", employee.username)
      .replace(/:[A-Za-z0-9_]+/g, "1")
      .replace(/\*$/, "x");

  it("V14.3.2 every answer of every route that needs a login says Cache-Control: no-store (finding 4)", async () => {
    // The review found employees, quote requests, applications, chat users and unread cached like
    // public pages. Now the rule is one place (the access layer), so this walks every such route.
    const reads = t.app.auth
      .routes()
      .filter((route) => route.access === "staff" || route.access === "admin")
      .flatMap((route) => route.method.split(",").map((method) => ({ method: method as HTTPMethods, url: route.url })))
      .filter((route) => route.method === "GET");
    expect(reads.length).toBeGreaterThan(15);
    for (const route of reads) {
      const url =
        route.url === "/private/history" ? chatPaths.privateHistory(employee.username, "admin", 0) : route.url;
      for (const token of [admin, employee.token]) {
        const response = await t.app.inject({ method: route.method, url: concrete(url), headers: authHeader(token) });
        expect(response.headers["cache-control"], `${route.method} ${route.url} → ${response.statusCode}`).toMatch(
          /\bno-store\b/,
        );
      }
    }
  });

  it("V14.3.2 named personal-data answers, as the review listed them, are 200 and no-store", async () => {
    for (const url of [
      "/api/admin/employees",
      "/api/auth/me",
      "/api/contact/all",
      "/api/contact/export.csv",
      "/api/applications",
      "/api/applications/export.csv",
      "/users",
      chatPaths.unread("admin"),
    ]) {
      const response = await t.app.inject({ url, headers: authHeader(admin) });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["cache-control"], url).toMatch(/\bno-store\b/);
    }
  });

  it("V14.3.2 refusals, and the answers of the public forms, are not cached either", async () => {
    const anonymous = await t.app.inject({ url: "/api/admin/employees" });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers["cache-control"]).toBe("no-store");

    const signup = await t.app.inject({
      method: "POST",
      url: "/api/newsletter/subscribe",
      remoteAddress: randomAddress(),
      payload: { email: "reader@example.com" },
    });
    expect(signup.statusCode).toBe(200);
    expect(signup.headers["cache-control"]).toBe("no-store");

    const form = multipart([
      { name: "name", value: "Robin Fabricator" },
      { name: "email", value: "robin@example.com" },
    ]);
    const quote = await t.app.inject({
      method: "POST",
      url: "/api/contact/submit",
      remoteAddress: randomAddress(),
      headers: form.headers,
      payload: form.payload,
    });
    expect(quote.statusCode).toBe(400); // no captcha: refused, and its answer echoes fields
    expect(quote.headers["cache-control"]).toBe("no-store");
  });

  it("V14.2.6 account answers never carry password hashes or session versions", async () => {
    for (const url of ["/api/admin/employees", "/api/auth/me", "/users"]) {
      const response = await t.app.inject({ url, headers: authHeader(admin) });
      expect(response.body, url).not.toMatch(/argon2|password|token_?version/i);
    }
  });
});
