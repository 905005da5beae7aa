// DESIGN §16 projects: admins create and change them, a team member reads theirs, nobody else sees
// one (lists, addresses and search); each project's chat group keeps in step with its team in the
// same transaction as the change, and every change is in the audit log.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatGroupSchema } from "../../../shared/chat-groups.ts";
import { type Project, projectSchema } from "../../../shared/projects.ts";
import { searchResultSchema } from "../../../shared/search.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { adminToken, authHeader, createEmployee, employeeSession } from "../../../test/helpers/factories.ts";
import { auditLog, chatGroups } from "../../db/schema.ts";

let jobs = 0;
const newJob = () => `J-${process.pid % 1000}-${++jobs}`;

describe("projects", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = authHeader(await adminToken(t));
  });
  afterAll(async () => {
    await t.close();
  });

  const body = (job: string, team: string[], extra: Record<string, unknown> = {}) => ({
    job,
    name: "Riverside Warehouse",
    client: { company: "Acme Steel", contact: "Dana Fox", email: "dana@acme.example" },
    fabricator: "Harbor Fab",
    dueDate: "2027-03-01",
    team,
    ...extra,
  });
  const create = (payload: unknown, headers = admin) =>
    t.app.inject({ method: "POST", url: "/api/projects", headers, payload: payload as Record<string, unknown> });
  const created = async (payload: unknown): Promise<Project> => {
    const response = await create(payload);
    expect(response.statusCode, response.body).toBe(201);
    return projectSchema.parse(response.json());
  };
  const patch = (job: string, payload: Record<string, unknown>, headers = admin) =>
    t.app.inject({ method: "PATCH", url: `/api/projects/${job}`, headers, payload });
  const read = (job: string, headers = admin) => t.app.inject({ method: "GET", url: `/api/projects/${job}`, headers });
  const list = async (headers: Record<string, string>) => {
    const response = await t.app.inject({ method: "GET", url: "/api/projects", headers });
    expect(response.statusCode).toBe(200);
    return projectSchema
      .array()
      .parse(response.json())
      .map((project) => project.job);
  };
  const group = async (id: number | null) => {
    const response = await t.app.inject({ method: "GET", url: "/api/group/all", headers: admin });
    return chatGroupSchema
      .array()
      .parse(response.json())
      .find((one) => one.id === id);
  };
  const audited = async (target: string) =>
    (await t.app.db.select().from(auditLog).where(eq(auditLog.target, target))).map((row) => ({
      action: row.action,
      actor: row.actor,
      summary: row.summary,
    }));
  const found = async (q: string, headers: Record<string, string>) => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/search?q=${encodeURIComponent(q)}&kinds=project`,
      headers,
    });
    expect(response.statusCode).toBe(200);
    return searchResultSchema.parse(response.json()).groups.flatMap((one) => one.items.map((item) => item.url));
  };

  it("creates a project with its team and its chat group, the team alone its members, audited", async () => {
    const ann = await createEmployee(t, { username: `ann.${process.pid}` });
    const bob = await createEmployee(t, { username: `bob.${process.pid}` });
    const job = newJob();
    // Names in any case, repeated: the team is the accounts, once each, by name.
    const project = await created(body(job, [bob.username.toUpperCase(), ann.username, bob.username]));
    expect(project).toMatchObject({
      job,
      name: "Riverside Warehouse",
      client: { company: "Acme Steel", contact: "Dana Fox", email: "dana@acme.example" },
      fabricator: "Harbor Fab",
      dueDate: "2027-03-01",
      team: [ann.username, bob.username],
      version: 0,
    });
    const chat = await group(project.chatGroupId);
    expect(chat?.name).toBe(`${job} Riverside Warehouse`);
    expect(chat?.members.sort()).toEqual([ann.username, bob.username].sort());
    expect(await audited(`project:${job}`)).toEqual([
      {
        action: "project.create",
        actor: "admin",
        summary: `Created project ${job} Riverside Warehouse for Acme Steel with ${ann.username}, ${bob.username}`,
      },
    ]);
    // Optional fields may be left out.
    const bare = await created({ job: newJob(), name: "Bare", client: { company: "C", email: "c@c.example" } });
    expect(bare).toMatchObject({ fabricator: "", dueDate: null, team: [], client: { contact: "" } });
  });

  it("refuses bad fields with their errors, and changes nothing", async () => {
    const disabled = await createEmployee(t, { status: "disabled" });
    const before = await list(admin);
    const cases: [unknown, string][] = [
      [body("j-1", []), "job"],
      [body("X", []), "job"],
      [body("A".repeat(21), []), "job"],
      [body(newJob(), [], { name: "  " }), "name"],
      [body(newJob(), [], { client: { company: "C", email: "not-an-email" } }), "client.email"],
      [body(newJob(), [], { client: { company: "", email: "c@c.example" } }), "client.company"],
      [body(newJob(), [], { dueDate: "2027-02-30" }), "dueDate"],
      [body(newJob(), [], { extra: 1 }), ""],
      [body(newJob(), ["no such person"]), "team.0"],
      [body(newJob(), "ann" as unknown as string[]), "team"],
    ];
    for (const [payload, field] of cases) {
      const response = await create(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      if (field) expect(Object.keys(response.json().errors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    const unknown = await create(body(newJob(), ["nobody.here", disabled.username]));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.team).toBe(`No such active account: nobody.here, ${disabled.username}`);
    expect(await list(admin)).toEqual(before);
  });

  it("lets only admins create and change projects", async () => {
    const { employee, token } = await employeeSession(t);
    const job = newJob();
    expect((await create(body(job, [employee.username]), authHeader(token))).statusCode).toBe(403);
    expect((await create(body(job, []), {})).statusCode).toBe(401);
    const project = await created(body(job, [employee.username]));
    expect((await patch(job, { version: project.version, name: "Mine now" }, authHeader(token))).statusCode).toBe(403);
    expect(projectSchema.parse((await read(job)).json()).name).toBe("Riverside Warehouse");
  });

  it("answers a job number already taken with 409, also when two admins create it at once", async () => {
    const job = newJob();
    await created(body(job, []));
    const again = await create(body(job, []));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`A project with job number ${job} already exists.`);

    const racing = newJob();
    const [one, two] = await Promise.all([create(body(racing, [])), create(body(racing, []))]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 409]);
    // The loser's chat group went with its transaction.
    const named = await t.app.db
      .select()
      .from(chatGroups)
      .where(eq(chatGroups.name, `${racing} Riverside Warehouse`));
    expect(named).toHaveLength(1);
  });

  it("shows a project to admins and its team only: to anyone else it does not exist, in lists, addresses or search", async () => {
    const member = await employeeSession(t);
    const outsider = await employeeSession(t);
    const job = newJob();
    await created(body(job, [member.employee.username], { name: "Quayside Tower" }));
    const memberHeaders = authHeader(member.token);
    const outsiderHeaders = authHeader(outsider.token);

    expect(await list(admin)).toContain(job);
    expect(await list(memberHeaders)).toEqual([job]);
    expect(await list(outsiderHeaders)).toEqual([]);
    expect((await read(job, memberHeaders)).statusCode).toBe(200);
    const hidden = await read(job, outsiderHeaders);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe("No such project.");
    expect((await read("NOPE-1", admin)).statusCode).toBe(404);
    expect((await read("lower-case", admin)).statusCode).toBe(400);
    expect((await read(job, {})).statusCode).toBe(401);

    expect(await found("Quayside", admin)).toContain(`/staff/projects/${job}`);
    expect(await found(`${job} tower`, memberHeaders)).toEqual([`/staff/projects/${job}`]);
    expect(await found("Quayside", outsiderHeaders)).toEqual([]);
  });

  it("changes a project with the version read, renaming and re-membering its chat group with it", async () => {
    const ann = await employeeSession(t);
    const bob = await createEmployee(t);
    const job = newJob();
    const project = await created(body(job, [ann.employee.username]));

    const response = await patch(job, {
      version: project.version,
      name: "Riverside Warehouse Phase 2",
      client: { company: "Acme Steel", contact: "", email: "ops@acme.example" },
      dueDate: null,
      team: [bob.username],
    });
    expect(response.statusCode, response.body).toBe(200);
    const changed = projectSchema.parse(response.json());
    expect(changed).toMatchObject({
      name: "Riverside Warehouse Phase 2",
      client: { company: "Acme Steel", contact: "", email: "ops@acme.example" },
      fabricator: "Harbor Fab",
      dueDate: null,
      team: [bob.username],
      version: project.version + 1,
      chatGroupId: project.chatGroupId,
    });
    const chat = await group(project.chatGroupId);
    expect(chat?.name).toBe(`${job} Riverside Warehouse Phase 2`);
    expect(chat?.members).toEqual([bob.username]);
    // Ann left the team: the project is gone for her.
    expect((await read(job, authHeader(ann.token))).statusCode).toBe(404);
    expect((await audited(`project:${job}`)).at(-1)).toEqual({
      action: "project.update",
      actor: "admin",
      summary:
        `Changed project ${job}: name Riverside Warehouse → Riverside Warehouse Phase 2; client contact Dana Fox → none; ` +
        `client e-mail dana@acme.example → ops@acme.example; due date 2027-03-01 → none; ` +
        `team: added ${bob.username}; removed ${ann.employee.username}`,
    });
  });

  it("answers a stale version with 409 and changes nothing, the chat group included", async () => {
    const ann = await createEmployee(t);
    const bob = await createEmployee(t);
    const job = newJob();
    const project = await created(body(job, [ann.username]));
    expect((await patch(job, { version: project.version, fabricator: "Other Fab" })).statusCode).toBe(200);

    const stale = await patch(job, { version: project.version, name: "Lost edit", team: [bob.username] });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/^Someone changed this project since you opened it/);
    const now = projectSchema.parse((await read(job)).json());
    expect(now).toMatchObject({
      name: "Riverside Warehouse",
      fabricator: "Other Fab",
      team: [ann.username],
      version: 1,
    });
    const chat = await group(project.chatGroupId);
    expect(chat?.name).toBe(`${job} Riverside Warehouse`);
    expect(chat?.members).toEqual([ann.username]);
    expect((await audited(`project:${job}`)).map((entry) => entry.action)).toEqual([
      "project.create",
      "project.update",
    ]);

    // Two admins saving the same version at once: one wins.
    const [one, two] = await Promise.all([
      patch(job, { version: 1, fabricator: "First" }),
      patch(job, { version: 1, fabricator: "Second" }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 409]);
    expect(projectSchema.parse((await read(job)).json()).version).toBe(2);
  });

  it("refuses bad changes with their errors", async () => {
    const job = newJob();
    const project = await created(body(job, []));
    for (const payload of [
      { name: "No version" },
      { version: project.version, job: "OTHER-1" },
      { version: project.version, team: ["nobody.here"] },
      { version: project.version, dueDate: "soon" },
      { version: -1 },
    ]) {
      expect((await patch(job, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await patch("NOPE-2", { version: 0, name: "x" })).statusCode).toBe(404);
    expect(projectSchema.parse((await read(job)).json()).version).toBe(project.version);
  });

  it("keeps working when its chat group was deleted in the chat", async () => {
    const ann = await createEmployee(t);
    const job = newJob();
    const project = await created(body(job, []));
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/group/${project.chatGroupId}/Delete`,
      headers: admin,
    });
    expect(deleted.statusCode).toBe(204);
    expect(projectSchema.parse((await read(job)).json()).chatGroupId).toBeNull();
    const response = await patch(job, { version: project.version, team: [ann.username] });
    expect(response.statusCode, response.body).toBe(200);
    expect(projectSchema.parse(response.json()).team).toEqual([ann.username]);
  });
});
