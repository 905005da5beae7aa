/**
 * ASVS 5.0 V6 Authentication: passwords (V6.2) and brute force without lock-out abuse (V6.3),
 * attacked through the real app the way the review attacked it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passwordRule } from "../../shared/auth.ts";
import { createTestApp, type TestApp } from "../../test/helpers/app.ts";
import {
  adminToken,
  authHeader,
  createEmployee,
  login,
  randomAddress,
  testAdmin,
  uniqueUsername,
} from "../../test/helpers/factories.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { accountRule, pairRule } from "../modules/auth/login-throttle.ts";
import { INVALID_LOGIN } from "../modules/auth/routes.ts";

describe("V6 Authentication", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminToken(t);
  });
  afterAll(async () => t.close());

  const adminLogin = (password: string, address: string) =>
    login(t, { username: testAdmin.username, password, role: "admin" }, address);

  describe("V6.3.1 brute force is slowed down, and cannot be turned against the account's owner (finding 2)", () => {
    it("a stranger hammering the admin from one address locks out only that address", async () => {
      const office = randomAddress();
      expect((await adminLogin(testAdmin.password, office)).statusCode).toBe(200);

      const stranger = randomAddress();
      const answers: number[] = [];
      for (let i = 0; i < 30; i++) answers.push((await adminLogin(`guess-${i}-password`, stranger)).statusCode);
      expect(answers.slice(0, pairRule.maxFailures)).toEqual(Array(pairRule.maxFailures).fill(401));
      expect(new Set(answers.slice(pairRule.maxFailures))).toEqual(new Set([429]));
      const locked = await adminLogin(testAdmin.password, stranger);
      expect(locked.statusCode).toBe(429);
      expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);

      // The review's attack: before, the admin was locked out for 15 minutes from everywhere.
      expect((await adminLogin(testAdmin.password, office)).statusCode).toBe(200);
      expect((await adminLogin(testAdmin.password, randomAddress())).statusCode).toBe(200);
    });

    it("a botnet spreading guesses over many addresses slows unknown addresses, never the admin's own", async () => {
      const victim = await createEmployee(t, { kind: "admin" });
      const office = randomAddress();
      const right = { username: victim.username, password: victim.password, role: "admin" };
      expect((await login(t, right, office)).statusCode).toBe(200);

      let slowed = 0;
      for (let i = 0; i < accountRule.freeFailures + 10; i++) {
        const response = await login(t, { ...right, password: `botnet-guess-${i}` }, randomAddress());
        if (response.statusCode === 429) slowed++;
        else expect(response.statusCode).toBe(401);
      }
      // Past the free failures, every new address has to wait: guessing slows to a crawl.
      expect(slowed).toBe(10);
      const fresh = await login(t, right, randomAddress());
      expect(fresh.statusCode).toBe(429);
      expect(Number(fresh.headers["retry-after"])).toBeLessThanOrEqual(accountRule.maxDelayMs / 1000);

      // The right password from an address the account knows is never refused for the botnet's failures.
      expect((await login(t, right, office)).statusCode).toBe(200);
    });
  });

  it("V6.3.8 an unknown user, a wrong password and the wrong kind all get the same answer", async () => {
    const employee = await createEmployee(t);
    for (const attempt of [
      { username: uniqueUsername("nobody"), password: "whatever-password", role: "employee" },
      { username: employee.username, password: "wrong-password", role: "employee" },
      { username: employee.username, password: employee.password, role: "admin" },
    ]) {
      const response = await login(t, attempt);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: INVALID_LOGIN });
    }
  });

  describe("V6.2.4 / V6.2.11 new passwords: at least 8 characters, not common, not made of the person's own words (finding 3)", () => {
    const person = () => {
      const username = uniqueUsername("jdoe");
      return { name: "Jane Doe", email: `${username}@example.com`, role: "Checker", username };
    };
    const register = (body: Record<string, unknown>) =>
      t.app.inject({
        method: "POST",
        url: "/api/admin/register-employee",
        headers: authHeader(admin),
        payload: body,
      });

    it("an admin cannot give an employee a common or guessable password", async () => {
      const jane = person();
      for (const password of ["password", "password1", "12345678", "qwertyuiop", "P@ssw0rd!", "Summer2024!"]) {
        const response = await register({ ...jane, password });
        expect(response.statusCode, password).toBe(400);
        expect(response.json().errors).toEqual({ password: passwordRule.tooWeak });
      }
      // Her own name, username or the company's name make it guessable too.
      for (const password of ["janedoe2024", `${jane.username}!`, "Northbeam2024", "northbeam1"]) {
        expect((await register({ ...jane, password })).statusCode, password).toBe(400);
      }
      expect((await register({ ...jane, password: "short1!" })).json().errors).toHaveProperty("password");
    });

    it("accepts a passphrase, up to 200 characters of anything (V6.2.5, V6.2.9)", async () => {
      expect((await register({ ...person(), password: "quartz lantern meadow 7" })).statusCode).toBe(201);
      const long = "Ünïcode ✓ and spaces, 64+ characters long: tall ships sail north at dawn 1988";
      expect(long.length).toBeGreaterThanOrEqual(64);
      expect((await register({ ...person(), password: long })).statusCode).toBe(201);
    });

    it("the same rule holds when an admin edits an employee's password", async () => {
      const employee = await createEmployee(t, { name: "Marguerite Olsen" });
      const edit = (password: string) =>
        t.app.inject({
          method: "PUT",
          url: `/api/admin/employees/${employee.id}`,
          headers: authHeader(admin),
          payload: {
            name: employee.name,
            email: employee.email,
            role: employee.jobRole,
            username: employee.username,
            password,
            status: "active",
            performance: 10,
            projects: [],
          },
        });
      expect((await edit("password")).statusCode).toBe(400);
      expect((await edit("marguerite1")).statusCode).toBe(400);
      expect((await edit("olive-harbor-copper-3")).statusCode).toBe(200);
    });

    it("and for the first admin's password from the environment (the CLI: server/cli/admin.test.ts)", () => {
      expect(() => loadConfig({ ADMIN_PASSWORD: "password1" })).toThrow(ConfigError);
      expect(() => loadConfig({ ADMIN_USERNAME: "chief", ADMIN_PASSWORD: "chief2024!" })).toThrow(/ADMIN_PASSWORD/);
    });
  });
});
