/**
 * Job applications as work (DESIGN §11) against the real app and database: the position and the
 * consent from the career form, stages with optimistic concurrency, notes, the timeline, erasure
 * (also while another admin is looking at it), the CSV export and the audit entries.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Application,
  applicationSchema,
  erasedApplicationMessage,
  positionMessage,
  staleApplicationMessage,
} from "../../../shared/applications.ts";
import { adminSiteContentSchema, sitePaths } from "../../../shared/site-content.ts";
import { seedPublicContent } from "../../../shared/site-seed.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { solvedCaptcha } from "../../../test/helpers/captcha.ts";
import { adminToken, authHeader, createEmployee, loginAs, randomAddress } from "../../../test/helpers/factories.ts";
import { multipart, type Part } from "../../../test/helpers/multipart.ts";
import { samples } from "../../../test/helpers/sample-files.ts";
import { storedNames } from "../../../test/helpers/stored-files.ts";
import { applicationNotes, auditLog, jobApplications } from "../../db/schema.ts";
import { formMessages } from "../../lib/public-form.ts";

const DAY = 24 * 60 * 60 * 1000;
const jobTitle = (id: string) => String(seedPublicContent().jobs.find((job) => job.id === id)?.title ?? "");
const modeler = jobTitle("sr-modeler");

describe("job applications as work", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let second: { username: string; headers: Record<string, string> };

  beforeAll(async () => {
    t = await createTestApp();
    admin = authHeader(await adminToken(t));
    const other = await createEmployee(t, { kind: "admin", username: "hr.admin", password: "hr-password-12" });
    second = { username: other.username, headers: authHeader(await loginAs(t, other, "admin")) };
  });
  afterAll(async () => t.close());

  /** The CVs in the store (on disk, any temporary too). */
  const resumes = () => storedNames(t.app, "resumes");

  async function submit(fields: Record<string, string | undefined> = {}) {
    const base: Record<string, string | undefined> = {
      name: "Ravi Modeler",
      email: "ravi@example.in",
      phone: "+91 98765 43210",
      message: "Tekla on industrial plants.",
      ...fields,
    };
    const parts: Part[] = Object.entries(base)
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([name, value]) => ({ name, value }));
    parts.push({ name: "altcha", value: await solvedCaptcha(t) });
    parts.push({ name: "cv", value: samples.pdf, fileName: "cv.pdf", contentType: "application/pdf" });
    const body = multipart(parts);
    return t.app.inject({
      method: "POST",
      url: "/api/applications/submit",
      headers: body.headers,
      payload: body.payload,
      remoteAddress: randomAddress(),
    });
  }

  async function newApplication(fields: Record<string, string | undefined> = {}): Promise<Application> {
    const response = await submit(fields);
    expect(response.statusCode, response.body).toBe(201);
    return get(response.json().id);
  }

  async function get(id: number, headers = admin): Promise<Application> {
    const response = await t.app.inject({ url: `/api/applications/${id}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return applicationSchema.parse(response.json());
  }

  const patch = (id: number, body: unknown, headers = admin) =>
    t.app.inject({ method: "PATCH", url: `/api/applications/${id}`, headers, payload: body as object });
  const erase = (id: number, headers = admin) =>
    t.app.inject({ method: "POST", url: `/api/applications/${id}/erase`, headers });
  const addNote = (id: number, text: string, headers = admin) =>
    t.app.inject({ method: "POST", url: `/api/applications/${id}/notes`, headers, payload: { text } });
  const activity = async (id: number) =>
    (await t.app.inject({ url: `/api/applications/${id}/activity`, headers: admin })).json() as {
      actor: string | null;
      kind: string;
      summary: string;
    }[];
  const auditFor = (id: number) =>
    t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `application:${id}`))
      .orderBy(auditLog.id);

  describe("the career form", () => {
    it("stores the position applied for and the consent to be kept", async () => {
      const application = await newApplication({ position: modeler, keepForFutureRoles: "true" });
      expect(application).toMatchObject({ position: modeler, keepForFutureRoles: true, status: "new", version: 0 });
      const appliedAt = Date.parse(application.appliedAt);
      // Consent doubles the default 365 days.
      expect(Date.parse(application.eraseAfter ?? "")).toBe(appliedAt + 730 * DAY);
      expect((await activity(application.id)).map((line) => [line.kind, line.actor, line.summary])).toEqual([
        ["created", null, `Received from the career page (${modeler})`],
      ]);
    });

    it("without a position or the box ticked: an open application, not kept longer", async () => {
      const application = await newApplication();
      expect(application).toMatchObject({ position: "Open application", keepForFutureRoles: false });
      expect(Date.parse(application.eraseAfter ?? "")).toBe(Date.parse(application.appliedAt) + 365 * DAY);
      const empty = await newApplication({ position: "", keepForFutureRoles: "" });
      expect(empty).toMatchObject({ position: "Open application", keepForFutureRoles: false });
      const named = await newApplication({ position: "Open application", keepForFutureRoles: "false" });
      expect(named).toMatchObject({ position: "Open application", keepForFutureRoles: false });
    });

    /** Submits `fields` and expects a 400 naming `field`, with no application and no CV left behind. */
    async function expectRefused(fields: Record<string, string>, field: string) {
      const before = (await t.app.db.select().from(jobApplications)).length;
      const files = await resumes();
      const response = await submit(fields);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ message: formMessages.notValid });
      expect(response.json().errors).toHaveProperty(field);
      expect(await t.app.db.select().from(jobApplications)).toHaveLength(before);
      expect(await resumes()).toEqual(files);
      return response.json().errors[field] as string;
    }

    it.each([
      ["a role that is not open", { position: "Chief Executive" }, "position"],
      ["a title in another case", { position: modeler.toUpperCase() }, "position"],
      ["a title longer than any job's", { position: "M".repeat(121) }, "position"],
      ["a consent that is neither true nor false", { keepForFutureRoles: "maybe" }, "keepForFutureRoles"],
    ])("refuses %s (400) and stores nothing", async (_label, fields, field) => {
      await expectRefused(fields, field);
    });

    it("refuses an unknown position with the form's message, alongside the other fields' errors", async () => {
      expect(await expectRefused({ position: "Chief Executive" }, "position")).toBe(positionMessage);
      const both = await submit({ position: "Chief Executive", email: "not an address" });
      expect(both.statusCode).toBe(400);
      expect(Object.keys(both.json().errors).sort()).toEqual(["email", "position"]);
    });

    it("takes a published job's title until an admin closes the job, then refuses it (DESIGN §17)", async () => {
      const id = "sr-ga-editor";
      const title = jobTitle(id);
      expect(title).not.toBe("");
      expect((await newApplication({ position: title })).position).toBe(title);

      const editor = await t.app.inject({ url: sitePaths.adminContent, headers: admin });
      const job = adminSiteContentSchema.parse(editor.json()).jobs.find((found) => found.id === id)!;
      const closesAt = new Date(Date.now() - 60_000).toISOString();
      const saved = await t.app.inject({
        method: "PUT",
        url: sitePaths.item("jobs", id),
        headers: admin,
        payload: { ...job.published, closesAt, version: job.version },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      // A draft changes nothing: the job is open until the closing is published.
      expect((await newApplication({ position: title })).position).toBe(title);
      const published = await t.app.inject({
        method: "POST",
        url: sitePaths.publish,
        headers: admin,
        payload: { items: [{ collection: "jobs", id }] },
      });
      expect(published.statusCode, published.body).toBe(200);

      expect(await expectRefused({ position: title }, "position")).toBe(positionMessage);
      // The other jobs and an open application are still taken.
      expect((await newApplication({ position: modeler })).position).toBe(modeler);
      expect((await newApplication({ position: "Open application" })).position).toBe("Open application");
    });
  });

  describe("PATCH /api/applications/{id}", () => {
    it("moves through the stages with a version, a line and an audit entry each; closing starts the retention clock", async () => {
      const application = await newApplication();
      const screening = await patch(application.id, { version: 0, status: "screening" });
      expect(screening.statusCode, screening.body).toBe(200);
      expect(screening.json()).toMatchObject({ status: "screening", version: 1 });
      const rejected = applicationSchema.parse(
        (await patch(application.id, { version: 1, status: "rejected" })).json(),
      );
      expect(rejected.version).toBe(2);
      const closedAt = Date.parse(rejected.eraseAfter ?? "") - 365 * DAY;
      expect(Math.abs(closedAt - Date.now())).toBeLessThan(60_000);
      const [row] = await t.app.db.select().from(jobApplications).where(eq(jobApplications.id, application.id));
      expect(row?.closedAt?.getTime()).toBe(closedAt);
      // Between closed stages the closing date stays; reopening clears it.
      const hired = applicationSchema.parse((await patch(application.id, { version: 2, status: "hired" })).json());
      expect(hired.eraseAfter).toBe(rejected.eraseAfter);
      const reopened = applicationSchema.parse((await patch(application.id, { version: 3, status: "offer" })).json());
      expect(Date.parse(reopened.eraseAfter ?? "")).toBe(Date.parse(application.appliedAt) + 365 * DAY);

      expect((await activity(application.id)).slice(1).map((line) => line.summary)).toEqual([
        "Status: New → Screening",
        "Status: Screening → Rejected",
        "Status: Rejected → Hired",
        "Status: Hired → Offer",
      ]);
      const audit = await auditFor(application.id);
      expect(audit.map((entry) => [entry.actor, entry.action])).toEqual(
        Array.from({ length: 4 }, () => ["admin", "application.update"]),
      );
      // The audit log outlives the personal data: it never names the applicant.
      for (const entry of audit) expect(entry.summary).not.toContain("Ravi");
    });

    it("answers 409 to a stale version and changes nothing; of two admins at once exactly one wins", async () => {
      const application = await newApplication();
      expect((await patch(application.id, { version: 0, status: "screening" })).statusCode).toBe(200);
      const stale = await patch(application.id, { version: 0, status: "interview" });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ message: staleApplicationMessage });
      expect((await get(application.id)).status).toBe("screening");

      const [a, b] = await Promise.all([
        patch(application.id, { version: 1, status: "interview" }),
        patch(application.id, { version: 1, status: "rejected" }, second.headers),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      expect((await get(application.id)).version).toBe(2);
      expect(await auditFor(application.id)).toHaveLength(2);
    });

    it.each([
      ["no version", { status: "screening" }],
      ["an unknown status", { version: 0, status: "archived" }],
      ["a field admins do not change", { version: 0, position: "Sr. Checker" }],
      ["the consent", { version: 0, keepForFutureRoles: true }],
    ])("answers 400 to %s", async (_label, body) => {
      const application = await newApplication();
      const response = await patch(application.id, body);
      expect(response.statusCode, response.body).toBe(400);
      expect((await get(application.id)).version).toBe(0);
    });

    it("answers 404 for an unknown application", async () => {
      expect((await patch(987654, { version: 0, status: "screening" })).statusCode).toBe(404);
      expect((await t.app.inject({ url: "/api/applications/987654", headers: admin })).statusCode).toBe(404);
      expect((await erase(987654)).statusCode).toBe(404);
      expect((await addNote(987654, "x")).statusCode).toBe(404);
      expect((await t.app.inject({ url: "/api/applications/987654/notes", headers: admin })).statusCode).toBe(404);
      expect((await t.app.inject({ url: "/api/applications/987654/activity", headers: admin })).statusCode).toBe(404);
    });
  });

  describe("notes", () => {
    it("adds notes (no new version), a `note` line without the text and an application.note audit entry", async () => {
      const application = await newApplication();
      const note = await addNote(application.id, "Strong portfolio; call on Monday.");
      expect(note.statusCode, note.body).toBe(201);
      expect(note.json()).toEqual({
        id: expect.any(Number),
        author: "admin",
        text: "Strong portfolio; call on Monday.",
        createdAt: expect.any(String),
      });
      expect((await addNote(application.id, "Agreed.", second.headers)).statusCode).toBe(201);
      const notes = await t.app.inject({ url: `/api/applications/${application.id}/notes`, headers: admin });
      expect(notes.json().map((n: { text: string }) => n.text)).toEqual([
        "Strong portfolio; call on Monday.",
        "Agreed.",
      ]);
      expect((await get(application.id)).version).toBe(0);
      expect((await activity(application.id)).filter((line) => line.kind === "note")).toEqual([
        expect.objectContaining({ actor: "admin", summary: "Note added" }),
        expect.objectContaining({ actor: second.username, summary: "Note added" }),
      ]);
      const audit = await auditFor(application.id);
      expect(audit.map((entry) => [entry.actor, entry.action])).toEqual([
        ["admin", "application.note"],
        [second.username, "application.note"],
      ]);
      expect((await addNote(application.id, "")).statusCode).toBe(400);
    });
  });

  describe("erasure", () => {
    it("empties the personal fields, deletes the CV and the notes, and keeps id, position, status, appliedAt and erasedAt", async () => {
      const application = await newApplication({ position: modeler, name: "Erase Me", email: "erase.me@example.com" });
      await patch(application.id, { version: 0, status: "interview" });
      await addNote(application.id, "Erase Me has 6 years of Tekla.");
      const [row] = await t.app.db.select().from(jobApplications).where(eq(jobApplications.id, application.id));
      const key = row?.resumeKey ?? "";
      expect(await resumes()).toContain(key);

      const response = await erase(application.id);
      expect(response.statusCode, response.body).toBe(200);
      const erased = applicationSchema.parse(response.json());
      expect(erased).toEqual({
        id: application.id,
        name: "",
        email: "",
        phone: "",
        message: "",
        appliedAt: application.appliedAt,
        resumePath: null,
        resumeName: "",
        resumeType: "",
        position: modeler,
        status: "interview",
        keepForFutureRoles: false,
        version: 2,
        erasedAt: expect.any(String),
        eraseAfter: null,
      });
      expect(await resumes()).not.toContain(key);
      const [stored] = await t.app.db.select().from(jobApplications).where(eq(jobApplications.id, application.id));
      expect(stored).toMatchObject({ name: "", email: "", phone: "", message: "", resumeKey: null, resumeName: "" });
      expect(
        await t.app.db.select().from(applicationNotes).where(eq(applicationNotes.applicationId, application.id)),
      ).toEqual([]);
      // Still listed, with nothing personal.
      const listed = (await t.app.inject({ url: "/api/applications", headers: admin })).json() as Application[];
      expect(listed.find((item) => item.id === application.id)).toEqual(erased);
      expect(JSON.stringify(listed)).not.toContain("Erase Me");

      const lines = await activity(application.id);
      expect(lines.at(-1)).toMatchObject({ kind: "erased", actor: "admin" });
      expect(JSON.stringify(lines)).not.toContain("Erase Me");
      const audit = await auditFor(application.id);
      expect(audit.at(-1)).toMatchObject({ actor: "admin", action: "application.erase" });
      expect(JSON.stringify(audit)).not.toContain("Erase Me");

      // Erasing again changes nothing and answers the same.
      const again = await erase(application.id);
      expect(again.statusCode).toBe(200);
      expect(applicationSchema.parse(again.json())).toEqual(erased);
      expect(await auditFor(application.id)).toHaveLength(audit.length);
    });

    it("while another admin is looking: the reload shows it erased, their change gets 409, the CV is gone", async () => {
      const application = await newApplication({ name: "Viewed Applicant" });
      const seen = await get(application.id, second.headers);
      expect(seen.resumePath).toBe(`/api/applications/${application.id}/resume`);

      expect((await erase(application.id)).statusCode).toBe(200);

      const reloaded = await get(application.id, second.headers);
      expect(reloaded.erasedAt).not.toBeNull();
      expect(reloaded.name).toBe("");
      const change = await patch(application.id, { version: seen.version, status: "screening" }, second.headers);
      expect(change.statusCode).toBe(409);
      expect(change.json()).toEqual({ message: erasedApplicationMessage });
      const withNewVersion = await patch(
        application.id,
        { version: reloaded.version, status: "screening" },
        second.headers,
      );
      expect(withNewVersion.statusCode).toBe(409);
      const note = await addNote(application.id, "Did we call them?", second.headers);
      expect(note.statusCode).toBe(409);
      expect(note.json()).toEqual({ message: erasedApplicationMessage });
      const cv = await t.app.inject({ url: seen.resumePath ?? "", headers: second.headers });
      expect(cv.statusCode).toBe(410);
      expect(cv.json()).toEqual({ message: "This CV was erased." });
      expect((await get(application.id)).status).toBe("new");
    });

    it("never lets a note outlive an erasure running at the same time", async () => {
      for (let round = 0; round < 3; round++) {
        const application = await newApplication();
        const [erased, note] = await Promise.all([
          erase(application.id),
          addNote(application.id, "Written while it was erased", second.headers),
        ]);
        expect(erased.statusCode).toBe(200);
        expect([201, 409]).toContain(note.statusCode);
        expect(
          await t.app.db.select().from(applicationNotes).where(eq(applicationNotes.applicationId, application.id)),
        ).toEqual([]);
      }
    });

    it("of an erasure and a status change at once, the change either lands first or gets 409", async () => {
      const application = await newApplication();
      const [erased, change] = await Promise.all([
        erase(application.id),
        patch(application.id, { version: 0, status: "screening" }, second.headers),
      ]);
      expect(erased.statusCode).toBe(200);
      expect([200, 409]).toContain(change.statusCode);
      const stored = await get(application.id);
      expect(stored.erasedAt).not.toBeNull();
      expect(stored.status).toBe(change.statusCode === 200 ? "screening" : "new");
    });

    it("an employee cannot erase (403), nor read, change or annotate an application", async () => {
      const application = await newApplication();
      const employee = await createEmployee(t);
      const headers = authHeader(await loginAs(t, employee, "employee"));
      expect((await erase(application.id, headers)).statusCode).toBe(403);
      expect((await patch(application.id, { version: 0, status: "hired" }, headers)).statusCode).toBe(403);
      expect((await addNote(application.id, "x", headers)).statusCode).toBe(403);
      expect((await t.app.inject({ url: `/api/applications/${application.id}`, headers })).statusCode).toBe(403);
      expect(
        (await t.app.inject({ method: "POST", url: `/api/applications/${application.id}/erase` })).statusCode,
      ).toBe(401);
      expect((await get(application.id)).erasedAt).toBeNull();
    });
  });

  describe("the list and the export", () => {
    it("filters by status and position, and exports position, status, consent and erasure", async () => {
      const tag = `Tag${Date.now()}`;
      const a = await newApplication({ message: tag, position: modeler, keepForFutureRoles: "true" });
      const b = await newApplication({ message: tag });
      await patch(b.id, { version: 0, status: "rejected" });
      const ids = async (query: string) =>
        ((await t.app.inject({ url: `/api/applications?q=${tag}${query}`, headers: admin })).json() as Application[])
          .map((item) => item.id)
          .sort((x, y) => x - y);
      expect(await ids("")).toEqual([a.id, b.id]);
      expect(await ids("&status=rejected")).toEqual([b.id]);
      expect(await ids(`&position=${encodeURIComponent(modeler)}`)).toEqual([a.id]);
      expect((await t.app.inject({ url: "/api/applications?status=archived", headers: admin })).statusCode).toBe(400);

      await erase(b.id);
      const csv = await t.app.inject({ url: "/api/applications/export.csv", headers: admin });
      expect(csv.statusCode).toBe(200);
      const [header, ...rows] = csv.body.replace(/^\uFEFF/, "").split("\r\n");
      const columns = header?.split(",") ?? [];
      expect(columns).toEqual(
        expect.arrayContaining(["position", "status", "keepForFutureRoles", "erasedAt", "eraseAfter"]),
      );
      const rowOf = (id: number) => rows.find((line) => line.startsWith(`${id},`))?.split(",") ?? [];
      const cell = (id: number, name: string) => rowOf(id)[columns.indexOf(name)];
      expect(cell(a.id, "position")).toBe(modeler);
      expect(cell(a.id, "keepForFutureRoles")).toBe("true");
      expect(cell(a.id, "erasedAt")).toBe("");
      expect(cell(b.id, "status")).toBe("rejected");
      expect(cell(b.id, "name")).toBe("");
      expect(cell(b.id, "erasedAt")).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    });
  });
});
