/**
 * The audit log (DESIGN §11) against the real app and database: what lands in it (admin logins,
 * employees, shares, groups), the admin API (filters, paging, CSV, refusals), append-only in the
 * routes, the repository and the database, and the retention sweep on a controlled clock.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { type AuditAction, type AuditPage, auditPageSchema, auditPaths } from "../../../shared/audit.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import {
  adminToken,
  authHeader,
  createEmployee,
  employeeSession,
  login,
  loginAs,
  randomAddress,
  testAdmin,
  uniqueUsername,
} from "../../../test/helpers/factories.ts";
import { multipart } from "../../../test/helpers/multipart.ts";
import { auditLog } from "../../db/schema.ts";
import { AUDIT_USERNAME_MAX } from "../auth/routes.ts";
import { auditRepository } from "./repository.ts";
import { auditCutoff } from "./retention.ts";

const DAY = 24 * 60 * 60 * 1000;

describe("audit log", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  /** The clock the retention sweep reads. */
  let clock = new Date("2026-11-25T10:00:00.000Z");

  beforeAll(async () => {
    // A long interval: the tests run the sweep themselves.
    t = await createTestApp({ audit: { now: () => clock, sweepEveryMs: 24 * 60 * 60 * 1000 } });
    admin = authHeader(await adminToken(t));
  });
  afterAll(async () => t.close());

  const entries = (action: AuditAction, target?: string) =>
    t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), target === undefined ? undefined : eq(auditLog.target, target)))
      .orderBy(auditLog.id);

  const list = async (query = "", headers = admin): Promise<AuditPage> => {
    const response = await t.app.inject({ url: `${auditPaths.list}${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return auditPageSchema.parse(response.json());
  };

  /** Inserts entries at chosen times, the way only tests may (the app writes through app.audit). */
  const seed = (rows: { at: Date; actor: string; action: AuditAction; target?: string; summary?: string }[]) =>
    t.app.db
      .insert(auditLog)
      .values(rows.map((row) => ({ summary: "seeded", target: null, ip: "192.0.2.1", ...row })))
      .returning();

  describe("what is recorded", () => {
    it("records a successful admin login with the address, and not an employee's", async () => {
      const address = randomAddress();
      const before = (await entries("auth.login")).length;
      const response = await login(t, { ...testAdmin, role: "admin" }, address);
      expect(response.statusCode).toBe(200);
      const after = await entries("auth.login");
      expect(after).toHaveLength(before + 1);
      expect(after.at(-1)).toMatchObject({ actor: "admin", ip: address, summary: "Admin logged in" });

      const employee = await createEmployee(t);
      const logins = (await t.app.db.select().from(auditLog)).length;
      await loginAs(t, employee, "employee");
      expect(await t.app.db.select().from(auditLog)).toHaveLength(logins);
    });

    it("records a failed admin login (wrong password, unknown username, disabled) with the name tried", async () => {
      const address = randomAddress();
      const wrong = await login(t, { username: "admin", password: "not-the-password", role: "admin" }, address);
      expect(wrong.statusCode).toBe(401);
      const unknown = `ghost.${uniqueUsername()}`;
      expect((await login(t, { username: unknown, password: "whatever-1", role: "admin" }, address)).statusCode).toBe(
        401,
      );
      const disabled = await createEmployee(t, { kind: "admin", status: "disabled" });
      expect((await login(t, { ...disabled, role: "admin" }, address)).statusCode).toBe(401);

      const failed = await entries("auth.loginFailed");
      expect(failed.find((row) => row.actor === "admin" && row.ip === address)?.summary).toBe(
        "Admin login failed: wrong password",
      );
      expect(failed.find((row) => row.actor === unknown)).toMatchObject({ ip: address, target: null });
      expect(failed.find((row) => row.actor === disabled.username)?.summary).toMatch(/disabled/);
      // The password tried is never written anywhere in the entry.
      expect(JSON.stringify(failed)).not.toContain("not-the-password");
    });

    it("does not record a failed employee login", async () => {
      const count = (await entries("auth.loginFailed")).length;
      const name = uniqueUsername("nobody");
      expect((await login(t, { username: name, password: "whatever-1", role: "employee" })).statusCode).toBe(401);
      expect(await entries("auth.loginFailed")).toHaveLength(count);
    });

    it("stores an attacker-chosen username bounded, on one line, and as plain text", async () => {
      const hostile = `=HYPERLINK("http://evil.example")<script>alert(1)</script>\n${"x".repeat(30)}`;
      const response = await login(t, { username: hostile, password: "whatever-1", role: "admin" });
      expect(response.statusCode).toBe(401);
      const [row] = (await entries("auth.loginFailed")).filter((entry) => entry.actor.startsWith("=HYPERLINK"));
      expect(row).toBeDefined();
      expect(Array.from(row!.actor)).toHaveLength(AUDIT_USERNAME_MAX);
      expect(row!.actor.endsWith("…")).toBe(true);
      expect(row!.actor).not.toMatch(/[\r\n]/);
      expect(row!.actor).toContain("<script>");

      // The API answers it as JSON text; the CSV neutralises the formula.
      const page = await list(`?action=auth.loginFailed&actor=${encodeURIComponent(row!.actor)}`);
      expect(page.content.map((entry) => entry.actor)).toEqual([row!.actor]);
      const csv = await t.app.inject({
        url: `${auditPaths.list}?format=csv&actor=${encodeURIComponent(row!.actor)}`,
        headers: admin,
      });
      expect(csv.body).toContain(`"'=HYPERLINK(""http://evil.example"")<script>`);
    });

    it("records employee create, update (a password change says so, never the password) and delete", async () => {
      const username = uniqueUsername("audited");
      const created = await t.app.inject({
        method: "POST",
        url: "/api/admin/register-employee",
        headers: admin,
        payload: {
          name: "Audit Person",
          email: `${username}@example.com`,
          role: "Detailer",
          username,
          password: "Tall-Juniper-Ferry-42",
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as number;
      const target = `employee:${id}`;
      expect(await entries("employee.create", target)).toMatchObject([
        { actor: "admin", summary: `Created employee ${username} (Audit Person)` },
      ]);

      const updated = await t.app.inject({
        method: "PUT",
        url: `/api/admin/employees/${id}`,
        headers: admin,
        payload: {
          name: "Audit Person",
          email: `${username}@example.com`,
          role: "Checker",
          username,
          password: "Quiet-Harbor-Lantern-77",
          status: "disabled",
          performance: created.json().performance,
          projects: [],
        },
      });
      expect(updated.statusCode, updated.body).toBe(200);
      const [update] = await entries("employee.update", target);
      expect(update?.actor).toBe("admin");
      expect(update?.summary).toBe(`Updated employee ${username}: password changed; disabled; changed role`);
      const everything = JSON.stringify(await t.app.db.select().from(auditLog));
      expect(everything).not.toContain("Quiet-Harbor-Lantern-77");
      expect(everything).not.toContain("Tall-Juniper-Ferry-42");

      const deleted = await t.app.inject({ method: "DELETE", url: `/api/admin/employees/${id}`, headers: admin });
      expect(deleted.statusCode).toBe(204);
      expect(await entries("employee.delete", target)).toMatchObject([
        { actor: "admin", summary: `Deleted employee ${username}` },
      ]);
    });

    it("records nothing when the change is refused", async () => {
      const count = (await t.app.db.select().from(auditLog)).length;
      const taken = await t.app.inject({
        method: "POST",
        url: "/api/admin/register-employee",
        headers: admin,
        payload: {
          name: "Dup",
          email: "dup@example.com",
          role: "Detailer",
          username: "admin",
          password: "Tall-Juniper-Ferry-42",
        },
      });
      expect(taken.statusCode).toBe(409);
      const missing = await t.app.inject({ method: "DELETE", url: "/api/admin/employees/999999", headers: admin });
      expect(missing.statusCode).toBe(404);
      expect(await t.app.db.select().from(auditLog)).toHaveLength(count);
    });

    it("records share create and delete by the admin who made them", async () => {
      const second = await createEmployee(t, { kind: "admin" });
      const headers = authHeader(await loginAs(t, second, "admin"));
      const body = multipart([
        { name: "expiryMinutes", value: "60" },
        { name: "file", value: "drawing", fileName: "plan.pdf", contentType: "application/pdf" },
      ]);
      const shared = await t.app.inject({
        method: "POST",
        url: "/api/admin/files/upload",
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
      expect(shared.statusCode, shared.body).toBe(201);
      const target = `share:${shared.json().id}`;
      const [create] = await entries("share.create", target);
      expect(create?.actor).toBe(second.username);
      expect(create?.summary).toMatch(/^Shared plan\.pdf \(7 B\) until \d{4}-/);

      const removed = await t.app.inject({ method: "DELETE", url: `/api/admin/files/${shared.json().id}`, headers });
      expect(removed.statusCode).toBe(204);
      expect(await entries("share.delete", target)).toMatchObject([
        { actor: second.username, summary: "Stopped sharing plan.pdf" },
      ]);
    });

    it("records group create, update and delete by an admin", async () => {
      const member = await createEmployee(t);
      const other = await createEmployee(t);
      const created = await t.app.inject({
        method: "POST",
        url: "/api/group/create",
        headers: admin,
        payload: { name: "Shop floor", members: [member.username] },
      });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as number;
      const target = `group:${id}`;
      expect((await entries("group.create", target))[0]).toMatchObject({ actor: "admin" });
      expect((await entries("group.create", target))[0]?.summary).toContain(member.username);

      const renamed = await t.app.inject({
        method: "PUT",
        url: `/api/group/${id}`,
        headers: admin,
        payload: { name: "Fabrication" },
      });
      expect(renamed.statusCode).toBe(200);
      const members = await t.app.inject({
        method: "PUT",
        url: `/api/group/${id}/updatemembers`,
        headers: admin,
        payload: { members: [other.username] },
      });
      expect(members.statusCode, members.body).toBe(200);
      const permissions = await t.app.inject({
        method: "PUT",
        url: `/api/group/${id}/permissions`,
        headers: admin,
        payload: { allowedSenders: [other.username], adminOnlyMessage: true },
      });
      expect(permissions.statusCode, permissions.body).toBe(200);
      const updates = await entries("group.update", target);
      expect(updates.map((row) => row.summary)).toEqual([
        "Renamed group Shop floor to Fabrication",
        `Changed the members of group Fabrication: added ${other.username}; removed ${member.username}`,
        `Changed who may send in group Fabrication: admins only; allowed senders ${other.username}`,
      ]);
      expect(updates.every((row) => row.actor === "admin")).toBe(true);

      const deleted = await t.app.inject({ method: "DELETE", url: `/api/group/${id}/Delete`, headers: admin });
      expect(deleted.statusCode).toBe(204);
      expect(await entries("group.delete", target)).toMatchObject([
        { actor: "admin", summary: "Deleted group Fabrication and its messages" },
      ]);
    });
  });

  it("an admin's change to a group and its audit entry commit together: a refused entry undoes the change", async () => {
    const member = await createEmployee(t);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/group/create",
      headers: admin,
      payload: { name: "Erection crew", members: [member.username] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const refusing = vi.spyOn(t.app.audit, "record").mockRejectedValue(new Error("injected: audit write refused"));
    try {
      const renamed = await t.app.inject({
        method: "PUT",
        url: `/api/group/${id}`,
        headers: admin,
        payload: { name: "Renamed without a trace" },
      });
      expect(renamed.statusCode).toBe(500);
      const deleted = await t.app.inject({ method: "DELETE", url: `/api/group/${id}/Delete`, headers: admin });
      expect(deleted.statusCode).toBe(500);
      const another = await t.app.inject({
        method: "POST",
        url: "/api/group/create",
        headers: admin,
        payload: { name: "Unaudited group", members: [member.username] },
      });
      expect(another.statusCode).toBe(500);
    } finally {
      refusing.mockRestore();
    }
    const groups = await t.app.inject({ url: "/api/group/all", headers: admin });
    const names = (groups.json() as { id: number; name: string }[]).map((group) => group.name);
    expect(names).toContain("Erection crew");
    expect(names).not.toContain("Renamed without a trace");
    expect(names).not.toContain("Unaudited group");
    expect(await entries("group.update", `group:${id}`)).toEqual([]);
  });

  describe("GET /api/admin/audit", () => {
    const actor = uniqueUsername("filter");
    const base = Date.parse("2020-03-01T00:00:00.000Z");
    beforeAll(async () => {
      // 7 entries of one actor at known times, two with the same time (tie broken by id).
      await seed([
        { at: new Date(base), actor, action: "employee.create", summary: "first" },
        { at: new Date(base + 1000), actor, action: "employee.update", summary: "second" },
        { at: new Date(base + 2000), actor, action: "employee.update", summary: "third" },
        { at: new Date(base + 2000), actor, action: "employee.update", summary: "fourth" },
        { at: new Date(base + 3000), actor, action: "share.create", summary: "fifth" },
        { at: new Date(base + 4000), actor, action: "employee.delete", summary: "sixth" },
        { at: new Date(base + 5000), actor, action: "employee.update", summary: "seventh" },
      ]);
    });

    it("refuses anonymous (401) and employees (403)", async () => {
      expect((await t.app.inject({ url: auditPaths.list })).statusCode).toBe(401);
      const { token } = await employeeSession(t);
      expect((await t.app.inject({ url: auditPaths.list, headers: authHeader(token) })).statusCode).toBe(403);
      expect(
        (await t.app.inject({ url: `${auditPaths.list}?format=csv`, headers: authHeader(token) })).statusCode,
      ).toBe(403);
    });

    it("filters by exact actor, newest first with ties by id, and pages", async () => {
      const first = await list(`?actor=${actor}&size=3`);
      expect(first.content.map((entry) => entry.summary)).toEqual(["seventh", "sixth", "fifth"]);
      expect(first).toMatchObject({ page: 0, size: 3, totalElements: 7, last: false });
      const second = await list(`?actor=${actor}&size=3&page=1`);
      expect(second.content.map((entry) => entry.summary)).toEqual(["fourth", "third", "second"]);
      const third = await list(`?actor=${actor}&size=3&page=2`);
      expect(third.content.map((entry) => entry.summary)).toEqual(["first"]);
      expect(third.last).toBe(true);
      const beyond = await list(`?actor=${actor}&size=3&page=9`);
      expect(beyond).toMatchObject({ content: [], totalElements: 7, last: true });
      // Exact: a prefix or another case matches nothing.
      expect((await list(`?actor=${actor.slice(0, -1)}`)).totalElements).toBe(0);
      expect((await list(`?actor=${actor.toUpperCase()}`)).totalElements).toBe(0);
    });

    it("filters by action and by time: from inclusive, to exclusive", async () => {
      const updates = await list(`?actor=${actor}&action=employee.update`);
      expect(updates.content.map((entry) => entry.summary)).toEqual(["seventh", "fourth", "third", "second"]);
      const window = await list(
        `?actor=${actor}&from=${new Date(base + 1000).toISOString()}&to=${new Date(base + 3000).toISOString()}`,
      );
      expect(window.content.map((entry) => entry.summary)).toEqual(["fourth", "third", "second"]);
      // Offsets are understood.
      const offset = await list(`?actor=${actor}&from=${encodeURIComponent("2020-03-01T01:00:04+01:00")}`);
      expect(offset.content.map((entry) => entry.summary)).toEqual(["seventh", "sixth"]);
    });

    it("answers bad filters with 400 and a clear message", async () => {
      const cases = [
        ["?action=employee.explode", /Unknown action/],
        ["?from=yesterday", /ISO time/],
        ["?to=2026-13-45T00:00:00Z", /ISO time/],
        ["?page=-1", /./],
        ["?size=0", /./],
        ["?size=5000", /./],
        ["?format=xml", /./],
        [`?actor=${"a".repeat(65)}`, /./],
        ["?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z", /later than/],
      ] as const;
      for (const [query, message] of cases) {
        const response = await t.app.inject({ url: `${auditPaths.list}${query}`, headers: admin });
        expect(response.statusCode, query).toBe(400);
        expect(response.body, query).toMatch(message);
      }
    });

    it("exports the matches as CSV with the date in the file name", async () => {
      const response = await t.app.inject({
        url: `${auditPaths.list}?format=csv&actor=${actor}&page=1&size=1`,
        headers: admin,
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/csv/);
      expect(response.headers["content-disposition"]).toMatch(
        /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = response.body
        .replace(/^\uFEFF/, "")
        .trimEnd()
        .split("\r\n");
      expect(lines[0]).toBe("at,actor,action,target,summary,ip");
      // Every match (paging ignored), newest first.
      expect(lines).toHaveLength(8);
      expect(lines[1]).toBe(`${new Date(base + 5000).toISOString()},${actor},employee.update,,seventh,192.0.2.1`);
    });
  });

  describe("append-only", () => {
    it("has no route that changes or deletes entries", async () => {
      const [row] = await seed([{ at: new Date(), actor: "admin", action: "auth.login" }]);
      for (const method of ["PUT", "PATCH", "DELETE", "POST"] as const) {
        for (const url of [auditPaths.list, `${auditPaths.list}/${row!.id}`]) {
          const response = await t.app.inject({ method, url, headers: admin, payload: { summary: "changed" } });
          expect([404, 405], `${method} ${url}`).toContain(response.statusCode);
        }
      }
      const [after] = await t.app.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
      expect(after).toEqual(row);
    });

    it("has no update in the repository", () => {
      const repository = auditRepository(t.app.db) as Record<string, unknown>;
      expect(Object.keys(repository).sort()).toEqual(["all", "deleteOlderThan", "page"]);
    });

    it("refuses an UPDATE in the database", async () => {
      const [row] = await seed([{ at: new Date(), actor: "admin", action: "auth.login", summary: "kept" }]);
      await expect(
        t.app.db.update(auditLog).set({ summary: "forged" }).where(eq(auditLog.id, row!.id)),
      ).rejects.toThrow();
      await expect(
        t.app.db.execute(sql`UPDATE audit_log SET actor = 'someone' WHERE id = ${row!.id}`),
      ).rejects.toThrow();
      const [after] = await t.app.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
      expect(after).toMatchObject({ summary: "kept", actor: "admin" });
    });

    it("keeps the entry with the change: a failed change rolls its entry back", async () => {
      const count = (await t.app.db.select().from(auditLog)).length;
      // A rename to a taken username fails inside the transaction that would write the entry.
      const one = await createEmployee(t);
      const two = await createEmployee(t);
      const response = await t.app.inject({
        method: "PUT",
        url: `/api/admin/employees/${one.id}`,
        headers: admin,
        payload: {
          name: one.name,
          email: one.email,
          role: one.jobRole,
          username: two.username,
          status: "active",
          performance: 50,
          projects: [],
        },
      });
      expect(response.statusCode).toBe(409);
      expect(await t.app.db.select().from(auditLog)).toHaveLength(count);
    });
  });

  describe("retention", () => {
    beforeEach(() => {
      clock = new Date("2026-11-25T10:00:00.000Z");
    });

    it("deletes the entries older than AUDIT_RETENTION_DAYS (730 by default) and keeps the rest", async () => {
      expect(t.config.auditRetentionDays).toBe(730);
      const cutoff = auditCutoff(clock, 730);
      expect(cutoff.toISOString()).toBe(new Date(clock.getTime() - 730 * DAY).toISOString());
      const [old, edge, kept] = await seed([
        { at: new Date(cutoff.getTime() - 1), actor: "retention", action: "auth.login" },
        { at: cutoff, actor: "retention", action: "auth.login" },
        { at: new Date(cutoff.getTime() + DAY), actor: "retention", action: "auth.login" },
      ]);
      expect(await t.app.auditRetention.sweep()).toBeGreaterThanOrEqual(1);
      const left = (await t.app.db.select().from(auditLog).where(eq(auditLog.actor, "retention"))).map((row) => row.id);
      expect(left).not.toContain(old!.id);
      expect(left).toEqual([edge!.id, kept!.id]);

      // A day later on the clock, the one at the cutoff goes too.
      clock = new Date(clock.getTime() + DAY);
      await t.app.auditRetention.sweep();
      const later = (await t.app.db.select().from(auditLog).where(eq(auditLog.actor, "retention"))).map(
        (row) => row.id,
      );
      expect(later).toEqual([kept!.id]);
    });

    it("joins a running sweep rather than starting a second", async () => {
      const [a, b] = [t.app.auditRetention.sweep(), t.app.auditRetention.sweep()];
      expect(a).toBe(b);
      await a;
    });

    it("reads AUDIT_RETENTION_DAYS and refuses a bad one", async () => {
      const { loadConfig } = await import("../../config.ts");
      const env = { NODE_ENV: "test", JWT_SECRET: "test-secret-test-secret-test-secret-0123456789" };
      expect(loadConfig({ ...env, AUDIT_RETENTION_DAYS: "30" }).auditRetentionDays).toBe(30);
      expect(() => loadConfig({ ...env, AUDIT_RETENTION_DAYS: "0" })).toThrow();
      expect(() => loadConfig({ ...env, AUDIT_RETENTION_DAYS: "soon" })).toThrow();
    });
  });
});

describe("audit retention on shutdown", () => {
  it("closing the app waits for the sweep running", async () => {
    const clock = new Date("2030-01-01T00:00:00.000Z");
    const t = await createTestApp({ audit: { now: () => clock, sweepEveryMs: 24 * 60 * 60 * 1000 } });
    await t.app.db.insert(auditLog).values(
      Array.from({ length: 200 }, (_, i) => ({
        at: new Date(Date.parse("2020-01-01T00:00:00.000Z") + i),
        actor: "ancient",
        action: "auth.login" as const,
        summary: "old",
      })),
    );
    const sweeping = t.app.auditRetention.sweep();
    // close() also closes the database: a sweep not waited for would fail on it.
    await t.close();
    expect(await sweeping).toBe(200);
  });
});
