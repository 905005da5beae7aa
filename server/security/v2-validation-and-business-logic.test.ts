/**
 * ASVS 5.0 V2 Validation and Business Logic: input is checked on the server whatever the form
 * did (V2.2), business rules hold against a crafted request (V2.3), and the public forms resist
 * automation (V2.4).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatPaths } from "../../shared/chat.ts";
import { createTestApp, type TestApp } from "../../test/helpers/app.ts";
import { solvedCaptcha } from "../../test/helpers/captcha.ts";
import {
  adminToken,
  authHeader,
  createEmployee,
  employeeSession,
  randomAddress,
} from "../../test/helpers/factories.ts";
import { multipart } from "../../test/helpers/multipart.ts";
import { captchaMessages } from "../lib/captcha-check.ts";

describe("V2 Validation and Business Logic", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await adminToken(t);
  });
  afterAll(async () => t.close());

  const register = (payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/admin/register-employee", headers: authHeader(admin), payload });
  const valid = () => ({
    name: "Sam Carter",
    email: "sam@example.com",
    role: "Modeler",
    username: `sam.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    password: "quartz-lantern-meadow-7",
  });

  it("V2.2.1 text with NUL or other control characters is a 400 naming the field, never a 500", async () => {
    for (const name of ["Sam\u0000Carter", "Sam\u0008Carter", "Sam\u001bCarter"]) {
      const response = await register({ ...valid(), name });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json().errors).toHaveProperty("name");
    }
  });

  it("V2.2.2 the server applies every rule itself, whatever the client sent", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: "not-an-email" }, "email"],
      [{ username: "sam carter" }, "username"],
      [{ username: "x".repeat(51) }, "username"],
      [{ name: "" }, "name"],
      [{ name: ["Sam"] }, "name"],
      [{ password: 12345678 }, "password"],
    ];
    for (const [change, field] of cases) {
      const response = await register({ ...valid(), ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().errors, JSON.stringify(change)).toHaveProperty(field);
    }
    const employee = await createEmployee(t);
    for (const performance of [101, -1, 50.5, "80"]) {
      const response = await t.app.inject({
        method: "PUT",
        url: `/api/admin/employees/${employee.id}`,
        headers: authHeader(admin),
        payload: { ...valid(), username: employee.username, status: "active", performance, projects: [] },
      });
      expect(response.statusCode, String(performance)).toBe(400);
    }
    const { employee: me, token } = await employeeSession(t);
    for (const query of ["page=-1", "size=1000000", "page=abc"]) {
      const url = `${chatPaths.privateHistory(me.username, "admin", 0).split("?")[0]}?user1=${me.username}&user2=admin&${query}`;
      expect((await t.app.inject({ url, headers: authHeader(token) })).statusCode, query).toBe(400);
    }
  });

  it("V2.3.1 a group is changed only by its creator or an admin, not by a member who crafts the request", async () => {
    const member = await employeeSession(t);
    const created = await t.app.inject({
      method: "POST",
      url: chatPaths.createGroup,
      headers: authHeader(admin),
      payload: { name: "Shop drawings", members: [member.employee.username] },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const rename = (token: string) =>
      t.app.inject({
        method: "PUT",
        url: chatPaths.group(id),
        headers: authHeader(token),
        payload: { name: "Mine now" },
      });
    expect((await rename(member.token)).statusCode).toBe(403);
    const permissions = await t.app.inject({
      method: "PUT",
      url: chatPaths.groupPermissions(id),
      headers: authHeader(member.token),
      payload: { adminOnlyMessage: true, allowedSenders: [member.employee.username] },
    });
    expect(permissions.statusCode).toBe(403);
    expect((await rename(admin)).statusCode).toBe(200);
  });

  it("V2.4.1 a public form needs a solved robot check, and each one is good for a single submission", async () => {
    const quote = (altcha?: string) => {
      const form = multipart([
        { name: "name", value: "Robin Fabricator" },
        { name: "email", value: "robin@example.com" },
        { name: "workTypes", value: JSON.stringify(["Structural Steel Detailing"]) },
        ...(altcha ? [{ name: "altcha", value: altcha }] : []),
      ]);
      return t.app.inject({
        method: "POST",
        url: "/api/contact/submit",
        headers: form.headers,
        payload: form.payload,
        remoteAddress: randomAddress(),
      });
    };
    expect((await quote()).statusCode).toBe(400);
    const solved = await solvedCaptcha(t);
    expect((await quote(solved)).statusCode).toBe(201);
    const replay = await quote(solved);
    expect(replay.statusCode).toBe(400);
    expect(replay.body).toContain(captchaMessages.used);
  });
});
