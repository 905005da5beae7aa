import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employeeSchema } from "../../../shared/employees.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import {
  adminToken,
  authHeader,
  createEmployee,
  employeeSession,
  login,
  loginAs,
  uniqueUsername,
} from "../../../test/helpers/factories.ts";
import { users } from "../../db/schema.ts";

const employeeKeys = ["createdAt", "email", "id", "name", "performance", "projects", "role", "status", "username"];

describe("admin employees REST", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = authHeader(await adminToken(t));
  });
  afterAll(async () => t.close());

  const register = (payload: unknown, headers = admin) =>
    t.app.inject({ method: "POST", url: "/api/admin/register-employee", headers, payload: payload as object });
  const update = (id: number | string, payload: unknown, headers = admin) =>
    t.app.inject({ method: "PUT", url: `/api/admin/employees/${id}`, headers, payload: payload as object });
  const list = async () => {
    const response = await t.app.inject({ url: "/api/admin/employees", headers: admin });
    expect(response.statusCode).toBe(200);
    return response.json() as { id: number; username: string }[];
  };
  const newEmployee = (overrides: Record<string, unknown> = {}) => ({
    name: "Jane Detailer",
    email: "jane@example.com",
    role: "Senior Modeler",
    username: uniqueUsername("jane"),
    password: "jane-password-1",
    ...overrides,
  });
  /** The full PUT body for an employee as the list returns it. */
  const editable = (employee: Record<string, unknown>) => ({
    name: employee.name,
    email: employee.email,
    role: employee.role,
    username: employee.username,
    status: employee.status,
    performance: employee.performance,
    projects: employee.projects,
  });

  describe("POST /api/admin/register-employee", () => {
    it("creates an active employee and answers 201 with the Employee shape, no secrets", async () => {
      const input = newEmployee();
      const response = await register(input);
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(Object.keys(body).sort()).toEqual(employeeKeys);
      expect(employeeSchema.parse(body)).toEqual(body);
      expect(body).toMatchObject({
        name: input.name,
        email: input.email,
        role: input.role,
        username: input.username,
        status: "active",
        performance: 0,
        projects: [],
      });
      expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
      expect(response.body).not.toContain(input.password);

      // The new account logs in as an employee, not as an admin.
      expect(
        (await login(t, { username: input.username, password: input.password, role: "employee" })).statusCode,
      ).toBe(200);
      expect((await login(t, { username: input.username, password: input.password, role: "admin" })).statusCode).toBe(
        401,
      );
    });

    it("stores an argon2id hash, never the password", async () => {
      const input = newEmployee();
      const { id } = (await register(input)).json();
      const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
      expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row?.passwordHash).not.toContain(input.password);
    });

    it("ignores unknown fields: no mass assignment of kind, id, status or version", async () => {
      const input = newEmployee({
        kind: "admin",
        id: 1,
        status: "disabled",
        performance: 100,
        tokenVersion: 7,
        passwordHash: "$argon2id$forged",
        createdAt: "2000-01-01T00:00:00.000Z",
      });
      const response = await register(input);
      expect(response.statusCode).toBe(201);
      const body = response.json();
      expect(body.id).not.toBe(1);
      expect(body).toMatchObject({ status: "active", performance: 0 });
      expect(body.createdAt).not.toBe("2000-01-01T00:00:00.000Z");
      const [row] = await t.app.db.select().from(users).where(eq(users.id, body.id));
      expect(row).toMatchObject({ kind: "employee", tokenVersion: 0 });
      // Still only an employee.
      expect((await login(t, { username: input.username, password: input.password, role: "admin" })).statusCode).toBe(
        401,
      );
    });

    it("answers 409 for a username already taken, whatever its case, admins included", async () => {
      const input = newEmployee();
      expect((await register(input)).statusCode).toBe(201);
      const upper = input.username.toUpperCase();
      const duplicate = await register(newEmployee({ username: upper }));
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json()).toEqual({ message: `Username "${upper}" is already taken.` });
      const adminName = await register(newEmployee({ username: "Admin" }));
      expect(adminName.statusCode).toBe(409);
      expect(adminName.json()).toEqual({ message: 'Username "Admin" is already taken.' });
    });

    it("answers 409 to one of two simultaneous registrations of the same username", async () => {
      const username = uniqueUsername("race");
      const statuses = (await Promise.all([register(newEmployee({ username })), register(newEmployee({ username }))]))
        .map((r) => r.statusCode)
        .sort();
      expect(statuses).toEqual([201, 409]);
    });

    it("answers 400 {message, errors: {field: text}} for each invalid field", async () => {
      const cases: [Record<string, unknown>, string[]][] = [
        [{}, ["email", "name", "password", "role", "username"]],
        [newEmployee({ email: "not-an-email" }), ["email"]],
        [newEmployee({ name: "   " }), ["name"]],
        [newEmployee({ role: "" }), ["role"]],
        [newEmployee({ username: "ab" }), ["username"]],
        [newEmployee({ username: "x".repeat(51) }), ["username"]],
        [newEmployee({ username: "bad name!" }), ["username"]],
        [newEmployee({ username: "../../etc" }), ["username"]],
        [newEmployee({ password: "short" }), ["password"]],
        [newEmployee({ password: 12345678 }), ["password"]],
        [newEmployee({ name: { $gt: "" } }), ["name"]],
      ];
      for (const [payload, fields] of cases) {
        const response = await register(payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        const body = response.json();
        expect(body.message).toEqual(expect.any(String));
        expect(Object.keys(body.errors).sort(), JSON.stringify(payload)).toEqual(fields);
        for (const text of Object.values(body.errors)) expect(text).toEqual(expect.any(String));
      }
      expect((await register(newEmployee({ password: "short" }))).json().errors.password).toBe(
        "Password must be at least 8 characters",
      );
    });

    it("answers hostile bodies with 4xx, never 500", async () => {
      const raw = (payload: string, contentType = "application/json") =>
        t.app.inject({
          method: "POST",
          url: "/api/admin/register-employee",
          headers: { ...admin, "content-type": contentType },
          payload,
        });
      expect((await raw("{not json")).statusCode).toBe(400);
      expect((await raw("")).statusCode).toBe(400);
      expect((await raw("null")).statusCode).toBe(400);
      expect((await raw("[]")).statusCode).toBe(400);
      expect((await raw('"string"')).statusCode).toBe(400);
      expect((await raw('{"__proto__": {"kind": "admin"}, "name": "x"}')).statusCode).toBe(400);
      expect((await raw('{"constructor": {"prototype": {"kind": "admin"}}}')).statusCode).toBe(400);
      expect((await raw(JSON.stringify(newEmployee({ name: "x".repeat(2 * 1024 * 1024) })))).statusCode).toBe(413);
      expect((await raw("name=x", "application/x-www-form-urlencoded")).statusCode).toBe(415);
      const nested = `${"[".repeat(5000)}${"]".repeat(5000)}`;
      expect((await raw(nested)).statusCode).toBe(400);
    });
  });

  describe("GET /api/admin/employees", () => {
    it("lists employees only (no admins), newest first, in the Employee shape", async () => {
      const first = await createEmployee(t);
      const second = await createEmployee(t);
      const listed = await list();
      expect(listed.some((e) => e.username === "admin")).toBe(false);
      const ids = listed.map((e) => e.id);
      expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
      for (const employee of listed) {
        expect(Object.keys(employee).sort()).toEqual(employeeKeys);
        expect(employeeSchema.safeParse(employee).success).toBe(true);
      }
    });
  });

  describe("PUT /api/admin/employees/:id", () => {
    it("updates every editable field and answers the Employee", async () => {
      const employee = await createEmployee(t);
      const username = uniqueUsername("renamed");
      const response = await update(employee.id, {
        name: "New Name",
        email: "new@example.com",
        role: "Checker",
        username,
        password: "",
        status: "active",
        performance: 87,
        projects: ["Tower A", " Bridge B ", ""],
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: employee.id,
        name: "New Name",
        email: "new@example.com",
        role: "Checker",
        username,
        status: "active",
        performance: 87,
        projects: ["Tower A", "Bridge B"],
        createdAt: employee.createdAt.toISOString(),
      });
    });

    it("keeps the password (and the sessions) when it is blank, null or absent", async () => {
      const { employee, token } = await employeeSession(t);
      const [listed] = (await list()).filter((e) => e.id === employee.id);
      for (const password of ["", null, undefined]) {
        const response = await update(employee.id, { ...editable(listed as Record<string, unknown>), password });
        expect(response.statusCode).toBe(200);
      }
      expect((await t.app.inject({ url: "/api/auth/me", headers: authHeader(token) })).statusCode).toBe(200);
      await loginAs(t, employee);
    });

    it("changes the password and ends the employee's sessions", async () => {
      const { employee, token } = await employeeSession(t);
      const [listed] = (await list()).filter((e) => e.id === employee.id);
      const response = await update(employee.id, {
        ...editable(listed as Record<string, unknown>),
        password: "changed-password-1",
      });
      expect(response.statusCode).toBe(200);
      expect((await t.app.inject({ url: "/api/auth/me", headers: authHeader(token) })).statusCode).toBe(401);
      expect(
        (await login(t, { username: employee.username, password: employee.password, role: "employee" })).statusCode,
      ).toBe(401);
      await loginAs(t, { username: employee.username, password: "changed-password-1" });
    });

    it("disabling ends sessions and stops logins; enabling again allows them", async () => {
      const { employee, token } = await employeeSession(t);
      const [listed] = (await list()).filter((e) => e.id === employee.id);
      const body = editable(listed as Record<string, unknown>);
      expect((await update(employee.id, { ...body, status: "disabled" })).json().status).toBe("disabled");
      expect((await t.app.inject({ url: "/api/auth/me", headers: authHeader(token) })).statusCode).toBe(401);
      const refused = await login(t, { username: employee.username, password: employee.password, role: "employee" });
      expect(refused.statusCode).toBe(401);
      expect((await update(employee.id, { ...body, status: "active" })).statusCode).toBe(200);
      await loginAs(t, employee);
    });

    it("renaming ends the employee's sessions (tokens and open sockets carry the old username)", async () => {
      const { employee, token } = await employeeSession(t);
      const [listed] = (await list()).filter((e) => e.id === employee.id);
      const username = uniqueUsername("renamed");
      expect((await update(employee.id, { ...editable(listed as Record<string, unknown>), username })).statusCode).toBe(
        200,
      );
      expect((await t.app.inject({ url: "/api/auth/me", headers: authHeader(token) })).statusCode).toBe(401);
      await loginAs(t, { username, password: employee.password });
    });

    it("ignores unknown fields: kind, id, createdAt, versions and hashes are never applied", async () => {
      const employee = await createEmployee(t);
      const [listed] = (await list()).filter((e) => e.id === employee.id);
      const response = await update(employee.id, {
        ...editable(listed as Record<string, unknown>),
        kind: "admin",
        id: 1,
        createdAt: "2000-01-01T00:00:00.000Z",
        tokenVersion: 42,
        passwordHash: "x",
        password_hash: "x",
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().id).toBe(employee.id);
      const [row] = await t.app.db.select().from(users).where(eq(users.id, employee.id));
      expect(row).toMatchObject({ kind: "employee", tokenVersion: 0, passwordHash: employee.passwordHash });
      expect(row?.createdAt.toISOString()).toBe(employee.createdAt.toISOString());
      const [adminRow] = await t.app.db.select().from(users).where(eq(users.id, 1));
      expect(adminRow?.username).toBe("admin");
    });

    it("answers 409 for another account's username, and accepts a change of case of its own", async () => {
      const employee = await createEmployee(t);
      const other = await createEmployee(t);
      const [listed] = (await list()).filter((e) => e.id === employee.id);
      const body = editable(listed as Record<string, unknown>);
      const taken = await update(employee.id, { ...body, username: other.username.toUpperCase() });
      expect(taken.statusCode).toBe(409);
      expect(taken.json()).toEqual({ message: `Username "${other.username.toUpperCase()}" is already taken.` });
      expect((await update(employee.id, { ...body, username: "ADMIN" })).statusCode).toBe(409);
      const recased = await update(employee.id, { ...body, username: employee.username.toUpperCase() });
      expect(recased.statusCode).toBe(200);
      expect(recased.json().username).toBe(employee.username.toUpperCase());
    });

    it("answers 404 for an unknown id and for an admin account", async () => {
      const body = {
        name: "X",
        email: "x@example.com",
        role: "R",
        username: uniqueUsername(),
        status: "active",
        performance: 1,
        projects: [],
      };
      const unknown = await update(999999, body);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: expect.any(String) });
      expect((await update(1, body)).statusCode).toBe(404);
    });

    it("answers 400 for invalid ids and fields", async () => {
      const employee = await createEmployee(t);
      const [listed] = (await list()).filter((e) => e.id === employee.id);
      const body = editable(listed as Record<string, unknown>);
      for (const id of ["abc", "-1", "0", "1.5", "99999999999999999999"]) {
        const response = await update(id, body);
        expect(response.statusCode, id).toBe(400);
        expect(response.json().errors).toHaveProperty("id");
      }
      const cases: [Record<string, unknown>, string][] = [
        [{ ...body, performance: 101 }, "performance"],
        [{ ...body, performance: -1 }, "performance"],
        [{ ...body, performance: 50.5 }, "performance"],
        [{ ...body, performance: "50" }, "performance"],
        [{ ...body, status: "deleted" }, "status"],
        [{ ...body, projects: "Tower A" }, "projects"],
        [{ ...body, projects: [1, 2] }, "projects.0"],
        [{ ...body, password: "short" }, "password"],
        [{ ...body, email: "nope" }, "email"],
        [{ ...body, username: "" }, "username"],
      ];
      for (const [payload, field] of cases) {
        const response = await update(employee.id, payload);
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(Object.keys(response.json().errors), JSON.stringify(payload)).toContain(field);
      }
      const { name: _name, ...missingName } = body;
      expect(Object.keys((await update(employee.id, missingName)).json().errors)).toEqual(["name"]);
    });
  });

  describe("DELETE /api/admin/employees/:id", () => {
    it("deletes the account (204), ends its sessions, then answers 404", async () => {
      const { employee, token } = await employeeSession(t);
      const response = await t.app.inject({
        method: "DELETE",
        url: `/api/admin/employees/${employee.id}`,
        headers: admin,
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe("");
      expect((await list()).some((e) => e.id === employee.id)).toBe(false);
      expect((await t.app.inject({ url: "/api/auth/me", headers: authHeader(token) })).statusCode).toBe(401);
      expect(
        (await login(t, { username: employee.username, password: employee.password, role: "employee" })).statusCode,
      ).toBe(401);
      const again = await t.app.inject({
        method: "DELETE",
        url: `/api/admin/employees/${employee.id}`,
        headers: admin,
      });
      expect(again.statusCode).toBe(404);
    });

    it("never deletes an admin account", async () => {
      const response = await t.app.inject({ method: "DELETE", url: "/api/admin/employees/1", headers: admin });
      expect(response.statusCode).toBe(404);
      const [row] = await t.app.db.select().from(users).where(eq(users.id, 1));
      expect(row?.kind).toBe("admin");
    });

    it("accepts a DELETE that declares a JSON body but sends none", async () => {
      const employee = await createEmployee(t);
      const response = await t.app.inject({
        method: "DELETE",
        url: `/api/admin/employees/${employee.id}`,
        headers: { ...admin, "content-type": "application/json", "content-length": "0" },
      });
      expect(response.statusCode).toBe(204);
    });
  });

  describe("access", () => {
    it("answers an employee 403 and an anonymous caller 401 on every employee route, changing nothing", async () => {
      const { token } = await employeeSession(t);
      const victim = await createEmployee(t);
      const requests = [
        { method: "GET" as const, url: "/api/admin/employees" },
        { method: "POST" as const, url: "/api/admin/register-employee", payload: newEmployee() },
        {
          method: "PUT" as const,
          url: `/api/admin/employees/${victim.id}`,
          payload: { ...newEmployee(), status: "disabled", performance: 0, projects: [] },
        },
        { method: "DELETE" as const, url: `/api/admin/employees/${victim.id}` },
      ];
      for (const request of requests) {
        const asEmployee = await t.app.inject({ ...request, headers: authHeader(token) });
        expect(asEmployee.statusCode, `${request.method} ${request.url}`).toBe(403);
        expect(asEmployee.json()).toEqual({ message: expect.any(String) });
        // Whatever role the client claims in its own headers or body.
        const claimed = await t.app.inject({ ...request, headers: { ...authHeader(token), "x-role": "admin" } });
        expect(claimed.statusCode).toBe(403);
        expect((await t.app.inject(request)).statusCode).toBe(401);
      }
      const [row] = await t.app.db.select().from(users).where(eq(users.id, victim.id));
      expect(row?.status).toBe("active");
    });
  });
});
