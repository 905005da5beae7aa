import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { decodeJwt, decodeProtectedHeader, SignJWT, UnsecuredJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers/app.ts";
import { adminToken, authHeader, createEmployee, employeeSession, loginAs } from "../../test/helpers/factories.ts";
import { instanceSecrets, users } from "../db/schema.ts";
import { TOKEN_AUDIENCE, TOKEN_ISSUER, TOKEN_TTL_SECONDS } from "./auth.ts";

const testSecret = new TextEncoder().encode("test-secret-test-secret-test-secret-0123456789");

/** A token built by hand: the right secret unless told otherwise, valid claims unless overridden. */
function forge(
  claims: Record<string, unknown>,
  options: {
    secret?: Uint8Array;
    alg?: string;
    issuer?: string;
    audience?: string;
    expires?: number | string;
    /** The session id; null leaves it out. */
    jti?: string | null;
  } = {},
) {
  const jwt = new SignJWT(claims);
  if (options.jti !== null) jwt.setJti(options.jti ?? randomUUID());
  return jwt
    .setProtectedHeader({ alg: options.alg ?? "HS256", typ: "JWT" })
    .setIssuer(options.issuer ?? TOKEN_ISSUER)
    .setAudience(options.audience ?? TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(options.expires ?? "1h")
    .sign(options.secret ?? testSecret);
}

describe("auth plugin: tokens and sessions", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminToken(t);
  });
  afterAll(async () => t.close());

  const me = (headers: Record<string, string>) => t.app.inject({ url: "/api/auth/me", headers });

  it("issues HS256 tokens with sub, a session id, username, role, ver, issuer, audience and a 12 h expiry", async () => {
    expect(decodeProtectedHeader(admin).alg).toBe("HS256");
    const claims = decodeJwt(admin);
    expect(claims).toMatchObject({ sub: "1", username: "admin", role: "admin", ver: 0 });
    expect(claims.jti).toMatch(/^[\w-]{22}$/);
    expect(claims.iss).toBe(TOKEN_ISSUER);
    expect(claims.aud).toBe(TOKEN_AUDIENCE);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(TOKEN_TTL_SECONDS);
    expect(TOKEN_TTL_SECONDS).toBe(12 * 3600);
    expect((await me(authHeader(admin))).statusCode).toBe(200);
  });

  it("refuses a token with alg none (unsigned), even with valid claims", async () => {
    const claims = { sub: "1", username: "admin", role: "admin", ver: 0 };
    const unsigned = new UnsecuredJWT(claims)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime("1h")
      .encode();
    expect(decodeProtectedHeader(unsigned).alg).toBe("none");
    const response = await me(authHeader(unsigned));
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: expect.any(String) });
    // The same with a trailing fake signature.
    expect((await me(authHeader(`${unsigned}c2ln`))).statusCode).toBe(401);
  });

  it("refuses tokens signed with another secret or another algorithm", async () => {
    const claims = { sub: "1", username: "admin", role: "admin", ver: 0 };
    const otherSecret = await forge(claims, { secret: new TextEncoder().encode("x".repeat(48)) });
    expect((await me(authHeader(otherSecret))).statusCode).toBe(401);
    // Right secret, but HS512: the algorithm is pinned.
    const hs512 = await forge(claims, { alg: "HS512" });
    expect((await me(authHeader(hs512))).statusCode).toBe(401);
    // Control: the same forge with everything right is accepted, so the refusals above are meaningful.
    expect((await me(authHeader(await forge(claims)))).statusCode).toBe(200);
  });

  it("refuses expired tokens and tokens for another issuer or audience", async () => {
    const claims = { sub: "1", username: "admin", role: "admin", ver: 0 };
    const expired = await forge(claims, { expires: Math.floor(Date.now() / 1000) - 60 });
    const expiredResponse = await me(authHeader(expired));
    expect(expiredResponse.statusCode).toBe(401);
    expect(expiredResponse.headers["www-authenticate"]).toMatch(/^Bearer/);
    expect((await me(authHeader(await forge(claims, { issuer: "someone-else" })))).statusCode).toBe(401);
    expect((await me(authHeader(await forge(claims, { audience: "other-app" })))).statusCode).toBe(401);
  });

  it("refuses a token that worked once as soon as it expires (a verified signature is remembered, its expiry still counts)", async () => {
    const claims = { sub: "1", username: "admin", role: "admin", ver: 0 };
    const expires = Math.floor(Date.now() / 1000) + 2;
    const token = await forge(claims, { expires });
    expect((await me(authHeader(token))).statusCode).toBe(200);
    expect((await me(authHeader(token))).statusCode).toBe(200);
    await expect
      .poll(async () => (await me(authHeader(token))).statusCode, { timeout: 10_000, interval: 200 })
      .toBe(401);
    expect(Date.now()).toBeGreaterThanOrEqual(expires * 1000);
  });

  it("refuses tokens with missing or wrong claims", async () => {
    for (const claims of [
      { username: "admin", role: "admin", ver: 0 }, // no sub
      { sub: "1", username: "admin", role: "admin" }, // no ver
      { sub: "abc", username: "admin", role: "admin", ver: 0 },
      { sub: "1", username: "admin", role: "admin", ver: 1 }, // not the current version
      { sub: "1", username: "admin", role: "employee", ver: 0 }, // not the account's kind
      { sub: "999999", username: "ghost", role: "admin", ver: 0 }, // no such account
    ]) {
      expect((await me(authHeader(await forge(claims)))).statusCode, JSON.stringify(claims)).toBe(401);
    }
    // No session id: it could not be logged out, so it is not a session.
    const withoutJti = await forge({ sub: "1", username: "admin", role: "admin", ver: 0 }, { jti: null });
    expect((await me(authHeader(withoutJti))).statusCode).toBe(401);
  });

  it("refuses malformed Authorization headers with 401, never 500", async () => {
    for (const value of [
      "Bearer",
      "Bearer ",
      "Bearer not-a-jwt",
      "Bearer a.b.c",
      "Basic YWRtaW46YWRtaW4=",
      `Bearer ${"a".repeat(5000)}`,
      `Bearer ${admin}x`,
      admin,
    ]) {
      const response = await me({ authorization: value });
      expect(response.statusCode, value.slice(0, 40)).toBe(401);
      expect(response.json().message).toEqual(expect.any(String));
    }
    expect((await me({})).json()).toEqual({ message: "Please log in." });
  });

  it("ends an employee's sessions when the account is deleted, disabled or its password changes", async () => {
    const deleted = await employeeSession(t);
    await t.app.db.delete(users).where(eq(users.id, deleted.employee.id));
    expect((await me(authHeader(deleted.token))).statusCode).toBe(401);

    const disabled = await employeeSession(t);
    expect((await me(authHeader(disabled.token))).statusCode).toBe(200);
    await t.app.inject({
      method: "PUT",
      url: `/api/admin/employees/${disabled.employee.id}`,
      headers: authHeader(admin),
      payload: {
        name: disabled.employee.name,
        email: disabled.employee.email,
        role: disabled.employee.jobRole,
        username: disabled.employee.username,
        status: "disabled",
        performance: 10,
        projects: [],
      },
    });
    expect((await me(authHeader(disabled.token))).statusCode).toBe(401);

    const changed = await employeeSession(t);
    await t.app.inject({
      method: "PUT",
      url: `/api/admin/employees/${changed.employee.id}`,
      headers: authHeader(admin),
      payload: {
        name: changed.employee.name,
        email: changed.employee.email,
        role: changed.employee.jobRole,
        username: changed.employee.username,
        password: "a-brand-new-password",
        status: "active",
        performance: 10,
        projects: [],
      },
    });
    expect((await me(authHeader(changed.token))).statusCode).toBe(401);
    const fresh = await loginAs(t, { username: changed.employee.username, password: "a-brand-new-password" });
    expect((await me(authHeader(fresh))).statusCode).toBe(200);
  });

  it("checks the sessions of concurrent requests together, each against its own account and session", async () => {
    const live = await employeeSession(t);
    const loggedOut = await employeeSession(t);
    const gone = await employeeSession(t);
    const otherSession = await loginAs(t, loggedOut.employee);
    expect(
      (await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: authHeader(loggedOut.token) }))
        .statusCode,
    ).toBeLessThan(300);
    await t.app.db.delete(users).where(eq(users.id, gone.employee.id));
    // All in flight at once, interleaved, so one lookup answers for several: each keeps its own answer.
    const asked = Array.from(
      { length: 12 },
      (_, i) => [admin, live.token, loggedOut.token, otherSession, gone.token][i % 5]!,
    );
    const answers = await Promise.all(asked.map((token) => me(authHeader(token))));
    const expected = asked.map((token) => (token === loggedOut.token || token === gone.token ? 401 : 200));
    expect(answers.map((answer) => answer.statusCode)).toEqual(expected);
    const names = answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json().username);
    expect(names).toEqual(
      asked
        .filter((token) => token === admin || token === live.token || token === otherSession)
        .map((token) =>
          token === admin ? "admin" : token === live.token ? live.employee.username : loggedOut.employee.username,
        ),
    );
  });

  it("accepts the token cookie on GET only (no cross-site writes through the cookie)", async () => {
    const cookie = { cookie: `token=${admin}` };
    expect((await t.app.inject({ url: "/api/auth/me", headers: cookie })).statusCode).toBe(200);
    const write = await t.app.inject({ method: "DELETE", url: "/api/admin/employees/999", headers: cookie });
    expect(write.statusCode).toBe(401);
    // A header, when present, wins over the cookie.
    expect(
      (await t.app.inject({ url: "/api/auth/me", headers: { ...cookie, authorization: "Bearer x" } })).statusCode,
    ).toBe(401);
  });

  it("exposes verifyToken for the WebSocket layer", async () => {
    const { employee, token } = await employeeSession(t);
    expect(await t.app.auth.verifyToken(token)).toEqual({
      id: employee.id,
      username: employee.username,
      role: "employee",
      name: employee.name,
      sessionId: decodeJwt(token).jti,
      sessionExpiresAt: (decodeJwt(token).exp ?? 0) * 1000,
    });
    expect(await t.app.auth.verifyToken("garbage")).toBeNull();
    expect(await t.app.auth.verifyToken("")).toBeNull();
    await t.app.db.update(users).set({ status: "disabled" }).where(eq(users.id, employee.id));
    expect(await t.app.auth.verifyToken(token)).toBeNull();
  });

  it("does not check tokens on public routes (a stale token never blocks the login form)", async () => {
    const employee = await createEmployee(t);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { authorization: "Bearer stale.token.value" },
      payload: { username: employee.username, password: employee.password, role: "employee" },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("auth plugin: routes without an access rule", () => {
  let t: TestApp;
  const logged: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      logger: { level: "warn", stream: { write: (line: string) => void logged.push(line) } },
      beforeReady(app) {
        app.get("/api/naked", async () => ({ secret: "data" }));
        app.register(
          async (scope) => {
            scope.post("/nested", async () => ({ ok: true }));
          },
          { prefix: "/api/scope" },
        );
      },
    });
  });
  afterAll(async () => t.close());

  it("refuses them at runtime with 403, even for an admin", async () => {
    const token = await adminToken(t);
    for (const request of [
      { method: "GET" as const, url: "/api/naked" },
      { method: "POST" as const, url: "/api/scope/nested" },
    ]) {
      const anonymous = await t.app.inject(request);
      expect(anonymous.statusCode).toBe(403);
      expect(anonymous.body).not.toContain("data");
      const asAdmin = await t.app.inject({ ...request, headers: authHeader(token) });
      expect(asAdmin.statusCode).toBe(403);
      expect(asAdmin.json()).toEqual({ message: "This route has no access rule." });
    }
  });

  it("lists them without a rule and warns at startup", () => {
    const naked = t.app.auth.routes().filter((route) => route.access === undefined);
    expect(naked.map((route) => `${route.method} ${route.url}`)).toEqual(
      expect.arrayContaining(["GET /api/naked", "POST /api/scope/nested"]),
    );
    const warnings = logged.map((line) => JSON.parse(line) as { msg: string; url?: string });
    expect(warnings.filter((w) => /no access rule/.test(w.msg)).map((w) => w.url)).toEqual(
      expect.arrayContaining(["/api/naked", "/api/scope/nested"]),
    );
  });
});

describe("auth plugin: secret", () => {
  it("generates a secret once and keeps it in the database (not in DATA_DIR) when JWT_SECRET is not set", async () => {
    const first = await createTestApp({ env: { JWT_SECRET: "" } });
    try {
      expect(existsSync(path.join(first.dataDir, "secrets.json"))).toBe(false);
      const [saved] = await first.app.db.select().from(instanceSecrets).where(eq(instanceSecrets.name, "jwtSecret"));
      expect(saved?.value.length).toBeGreaterThanOrEqual(43);
      const token = await adminToken(first);
      // Signed with the generated secret, not the test one.
      expect((await first.app.inject({ url: "/api/auth/me", headers: authHeader(token) })).statusCode).toBe(200);
      const withTestSecret = await forge({ sub: "1", username: "admin", role: "admin", ver: 0 });
      expect((await first.app.inject({ url: "/api/auth/me", headers: authHeader(withTestSecret) })).statusCode).toBe(
        401,
      );
    } finally {
      await first.close();
    }
  });
});
