import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import {
  authHeader,
  createEmployee,
  login,
  loginAs,
  randomAddress,
  testAdmin,
  uniqueUsername,
} from "../../../test/helpers/factories.ts";
import { loginFailures, users } from "../../db/schema.ts";
import { hashPassword, verifyPassword } from "../../lib/password-hashing.ts";
import { accountDelayMs, accountRule, pairRule } from "./login-throttle.ts";
import { addressRule, DISABLED_LOGIN, INVALID_LOGIN } from "./routes.ts";

describe("POST /api/auth/login", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("answers 200 {username, role, token} for the right password and kind", async () => {
    const employee = await createEmployee(t);
    const response = await login(t, { username: employee.username, password: employee.password, role: "employee" });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(["role", "token", "username"]);
    expect(body).toMatchObject({ username: employee.username, role: "employee" });
    expect(body.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const admin = await login(t, { ...testAdmin, role: "admin" });
    expect(admin.statusCode).toBe(200);
    expect(admin.json()).toMatchObject({ username: "admin", role: "admin" });
  });

  it("matches the username regardless of case and answers with the stored spelling", async () => {
    const employee = await createEmployee(t, { username: uniqueUsername("Mixed.Case") });
    const response = await login(t, {
      username: ` ${employee.username.toUpperCase()} `,
      password: employee.password,
      role: "employee",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().username).toBe(employee.username);
  });

  it("answers the same 401 for an unknown user, a wrong password and the wrong kind", async () => {
    const employee = await createEmployee(t);
    const attempts = [
      { username: uniqueUsername("nobody"), password: "whatever-password", role: "employee" },
      { username: employee.username, password: "wrong-password", role: "employee" },
      { username: employee.username, password: employee.password, role: "admin" },
      { username: testAdmin.username, password: testAdmin.password, role: "employee" },
      { username: employee.username, password: employee.password.toUpperCase(), role: "employee" },
    ];
    for (const attempt of attempts) {
      const response = await login(t, attempt);
      expect(response.statusCode, JSON.stringify(attempt)).toBe(401);
      expect(response.json()).toEqual({ message: INVALID_LOGIN });
    }
  });

  it("refuses a disabled account; says so only to someone who knows the password", async () => {
    const employee = await createEmployee(t, { status: "disabled" });
    const right = await login(t, { username: employee.username, password: employee.password, role: "employee" });
    expect(right.statusCode).toBe(401);
    expect(right.json()).toEqual({ message: DISABLED_LOGIN });
    const wrong = await login(t, { username: employee.username, password: "not-the-password", role: "employee" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: INVALID_LOGIN });
    const wrongKind = await login(t, { username: employee.username, password: employee.password, role: "admin" });
    expect(wrongKind.json()).toEqual({ message: INVALID_LOGIN });
  });

  it("takes about as long for an unknown user as for a wrong password (a decoy hash is verified)", async () => {
    const reference = await hashPassword("reference-password");
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const samples = { known: [] as number[], unknown: [] as number[], argon2: [] as number[] };
    const timed = async (action: () => Promise<unknown>) => {
      const started = performance.now();
      await action();
      return performance.now() - started;
    };
    const failedLogin = (username: string) => async () => {
      const response = await login(t, { username, password: "wrong-password-1", role: "employee" });
      expect(response.statusCode).toBe(401);
    };
    const measure = async (kind: keyof typeof samples) => {
      if (kind === "argon2") samples.argon2.push(await timed(() => verifyPassword(reference, "wrong-password-1")));
      // A fresh account each time keeps it under the per-account limit.
      if (kind === "known") samples.known.push(await timed(failedLogin((await createEmployee(t)).username)));
      if (kind === "unknown") samples.unknown.push(await timed(failedLogin(uniqueUsername("ghost"))));
    };
    // Interleaved in a shuffled order, so changes in machine load hit every kind alike.
    for (let i = 0; i < 7; i++) {
      for (const kind of (["known", "unknown", "argon2"] as const).toSorted(() => Math.random() - 0.5)) {
        await measure(kind);
      }
    }
    const argon2 = median(samples.argon2);
    // Both failures include one full argon2 verification: neither answers early.
    expect(median(samples.unknown)).toBeGreaterThan(0.6 * argon2);
    expect(median(samples.known)).toBeGreaterThan(0.6 * argon2);
    const ratio = median(samples.unknown) / median(samples.known);
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });

  it("answers 400 {message, errors} for missing or invalid fields", async () => {
    const cases: [unknown, string[]][] = [
      [{}, ["username", "password", "role"]],
      [{ username: "", password: "", role: "employee" }, ["username", "password"]],
      [{ username: "a", password: "b", role: "superuser" }, ["role"]],
      [{ username: ["a"], password: { $ne: 1 }, role: "admin" }, ["username", "password"]],
      [{ username: "a", password: "x".repeat(201), role: "admin" }, ["password"]],
    ];
    for (const [payload, fields] of cases) {
      const response = await t.app.inject({ method: "POST", url: "/api/auth/login", payload: payload as object });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      const body = response.json();
      expect(body.message).toEqual(expect.any(String));
      expect(Object.keys(body.errors).sort()).toEqual([...fields].sort());
    }
  });

  it("answers malformed JSON with 400, a huge body with 413 and a wrong content type with 415", async () => {
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: '{"username": "admin", "password": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: expect.any(String) });

    const huge = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ username: "admin", password: "x".repeat(2 * 1024 * 1024), role: "admin" }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: expect.any(String) });

    const form = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "username=admin&password=x&role=admin",
    });
    expect(form.statusCode).toBe(415);

    const poisoned = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json" },
      payload: '{"username":"admin","password":"x","role":"admin","__proto__":{"admin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });
});

describe("login throttling", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const fail = (username: string, remoteAddress = randomAddress()) =>
    login(t, { username, password: "wrong-password", role: "employee" }, remoteAddress);

  it(`locks an account and address pair for 15 minutes after ${pairRule.maxFailures} failures, right password or not`, async () => {
    const employee = await createEmployee(t);
    const address = randomAddress();
    for (let i = 0; i < pairRule.maxFailures; i++)
      expect((await fail(employee.username, address)).statusCode).toBe(401);

    const locked = await login(
      t,
      { username: employee.username, password: employee.password, role: "employee" },
      address,
    );
    expect(locked.statusCode).toBe(429);
    const retryAfter = Number(locked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(locked.json()).toEqual({ message: expect.stringMatching(/Too many failed login attempts/) });
    // The account is the lower-cased username.
    expect((await fail(employee.username.toUpperCase(), address)).statusCode).toBe(429);

    // Only that pair: the account logs in from another address, and other accounts from this one.
    expect((await loginAs(t, employee)).length).toBeGreaterThan(0);
    const other = await createEmployee(t);
    const fromSameAddress = await login(
      t,
      { username: other.username, password: other.password, role: "employee" },
      address,
    );
    expect(fromSameAddress.statusCode).toBe(200);
  });

  it(`slows an account down after ${accountRule.freeFailures} failures from anywhere, except from addresses it logged in from`, async () => {
    const employee = await createEmployee(t);
    const home = randomAddress();
    const right = { username: employee.username, password: employee.password, role: "employee" };
    expect((await login(t, right, home)).statusCode).toBe(200);

    // A guesser spreading its attempts over many addresses, a few from each.
    for (let i = 0; i < accountRule.freeFailures; i++) expect((await fail(employee.username)).statusCode).toBe(401);
    const slowed = await login(t, right, randomAddress());
    expect(slowed.statusCode).toBe(429);
    const retryAfter = Number(slowed.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(accountRule.firstDelayMs / 1000);
    expect((await fail(employee.username)).statusCode).toBe(429);

    // The employee's own address is not refused for the guesser's failures.
    expect((await login(t, right, home)).statusCode).toBe(200);
  });

  it("doubles the account's back-off with each further failure, up to 15 minutes", () => {
    expect(accountDelayMs(accountRule.freeFailures - 1)).toBe(0);
    expect(accountDelayMs(accountRule.freeFailures)).toBe(30_000);
    expect(accountDelayMs(accountRule.freeFailures + 1)).toBe(60_000);
    expect(accountDelayMs(accountRule.freeFailures + 3)).toBe(240_000);
    expect(accountDelayMs(accountRule.freeFailures + 50)).toBe(15 * 60_000);
  });

  it("counts unknown usernames too, so throttling does not tell which accounts exist", async () => {
    const ghost = uniqueUsername("ghost");
    const address = randomAddress();
    for (let i = 0; i < pairRule.maxFailures; i++) expect((await fail(ghost, address)).statusCode).toBe(401);
    expect((await fail(ghost, address)).statusCode).toBe(429);
  });

  it("unlocks when the window has passed, and a success clears the pair's count", async () => {
    const employee = await createEmployee(t);
    const account = employee.username.toLowerCase();
    const address = randomAddress();
    const pair = and(eq(loginFailures.account, account), eq(loginFailures.address, address));
    for (let i = 0; i < pairRule.maxFailures; i++) await fail(employee.username, address);
    expect((await fail(employee.username, address)).statusCode).toBe(429);

    // Move the pair's window 15 minutes into the past.
    await t.app.db
      .update(loginFailures)
      .set({ windowStartedAt: sql`${loginFailures.windowStartedAt} - interval '15 minutes'` })
      .where(pair);
    expect((await fail(employee.username, address)).statusCode).toBe(401);
    const [row] = await t.app.db.select().from(loginFailures).where(pair);
    expect(row?.failures).toBe(1);

    const success = await login(
      t,
      { username: employee.username, password: employee.password, role: "employee" },
      address,
    );
    expect(success.statusCode).toBe(200);
    expect(await t.app.db.select().from(loginFailures).where(pair)).toEqual([]);
  });

  it(`limits an address to ${addressRule.maxFailures} failures in 15 minutes, whatever the usernames`, async () => {
    const address = randomAddress();
    for (let i = 0; i < addressRule.maxFailures; i++) {
      expect((await fail(uniqueUsername("spray"), address)).statusCode).toBe(401);
    }
    const employee = await createEmployee(t);
    const blocked = await login(
      t,
      { username: employee.username, password: employee.password, role: "employee" },
      address,
    );
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.json().message).toMatch(/Too many failed login attempts/);
    // The account itself is not locked: from another address it logs in.
    expect(
      (await login(t, { username: employee.username, password: employee.password, role: "employee" })).statusCode,
    ).toBe(200);
  });

  it("does not count successful logins against the address (an office shares one)", async () => {
    const address = randomAddress();
    const employee = await createEmployee(t);
    for (let i = 0; i < addressRule.maxFailures + 5; i++) {
      const response = await login(
        t,
        { username: employee.username, password: employee.password, role: "employee" },
        address,
      );
      expect(response.statusCode).toBe(200);
    }
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY is set (a client could forge it)", async () => {
    const client = randomAddress();
    for (let i = 0; i < addressRule.maxFailures; i++) {
      await t.app.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: client,
        headers: { "x-forwarded-for": randomAddress() },
        payload: { username: uniqueUsername("xff"), password: "wrong-password", role: "admin" },
      });
    }
    const blocked = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      remoteAddress: client,
      headers: { "x-forwarded-for": randomAddress() },
      payload: { username: "admin", password: "wrong-password", role: "admin" },
    });
    expect(blocked.statusCode).toBe(429);
  });

  it("honours X-Forwarded-For from a trusted proxy as the address", async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: "true" } });
    try {
      const forwarded = randomAddress();
      for (let i = 0; i < addressRule.maxFailures; i++) {
        await proxied.app.inject({
          method: "POST",
          url: "/api/auth/login",
          headers: { "x-forwarded-for": forwarded },
          payload: { username: uniqueUsername("xff"), password: "wrong-password", role: "admin" },
        });
      }
      const blocked = await proxied.app.inject({
        method: "POST",
        url: "/api/auth/login",
        headers: { "x-forwarded-for": forwarded },
        payload: { username: "admin", password: "wrong-password", role: "admin" },
      });
      expect(blocked.statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

describe("GET /api/auth/me", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("answers the logged-in account without secrets", async () => {
    const employee = await createEmployee(t, { jobRole: "Senior Modeler", performance: 72, projects: ["Tower A"] });
    const token = await loginAs(t, employee);
    const response = await t.app.inject({ url: "/api/auth/me", headers: authHeader(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: employee.id,
      username: employee.username,
      role: "employee",
      name: employee.name,
      email: employee.email,
      jobRole: "Senior Modeler",
      status: "active",
      performance: 72,
      projects: ["Tower A"],
    });
    expect(response.body).not.toMatch(/password|token_?version|argon/i);
  });

  it("answers 401 without a token", async () => {
    const response = await t.app.inject({ url: "/api/auth/me" });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Please log in." });
  });

  it("follows a renamed account: the token is for the account, not the name", async () => {
    const employee = await createEmployee(t);
    const token = await loginAs(t, employee);
    await t.app.db.update(users).set({ name: "Renamed Person" }).where(eq(users.id, employee.id));
    expect((await t.app.inject({ url: "/api/auth/me", headers: authHeader(token) })).json().name).toBe(
      "Renamed Person",
    );
  });
});
