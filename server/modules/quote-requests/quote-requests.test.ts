/**
 * Quote requests as work (DESIGN §11) against the real app and database: references, the workflow
 * fields and every refusal, two admins at once, notes, the timeline, filters, related requests, the
 * CSV export and the audit entries, and what an employee may do with the requests assigned to them.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { followUpState } from "../../../shared/follow-up.ts";
import { type QuoteFieldsInput, quoteFieldsSchema } from "../../../shared/public-forms.ts";
import { type QuoteRequest, quoteRequestSchema, staleVersionMessage } from "../../../shared/quote-requests.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { solvedCaptcha } from "../../../test/helpers/captcha.ts";
import {
  adminToken,
  authHeader,
  createEmployee,
  employeeSession,
  loginAs,
  randomAddress,
} from "../../../test/helpers/factories.ts";
import { multipart } from "../../../test/helpers/multipart.ts";
import { auditLog, quoteRequestActivity, quoteRequestNotes, quoteRequests } from "../../db/schema.ts";
import { quoteRequestRepository } from "./repository.ts";

const DAY = 24 * 60 * 60 * 1000;

describe("quote requests as work", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let second: { username: string; headers: Record<string, string> };
  /** The clock the module reads (the due filters, contactedAt). */
  let clock = new Date("2026-11-25T10:00:00.000Z");

  beforeAll(async () => {
    t = await createTestApp({ quoteRequests: { now: () => clock } });
    admin = authHeader(await adminToken(t));
    const other = await createEmployee(t, { kind: "admin", username: "second.admin", password: "second-password-1" });
    second = { username: other.username, headers: authHeader(await loginAs(t, other, "admin")) };
  });
  afterAll(async () => t.close());

  /** Stores a request the way the public form does (its repository, in a transaction). */
  async function newRequest(fields: Partial<QuoteFieldsInput> = {}): Promise<QuoteRequest> {
    const parsed = quoteFieldsSchema.parse({ name: "Dana Fabricator", email: "dana@steel.example", ...fields });
    const row = await t.app.db.transaction((tx) => quoteRequestRepository(tx).create(tx, parsed, undefined));
    return get(row.id);
  }

  async function get(id: number, headers = admin): Promise<QuoteRequest> {
    const response = await t.app.inject({ url: `/api/contact/${id}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return quoteRequestSchema.parse(response.json());
  }

  const patch = (id: number, body: unknown, headers = admin) =>
    t.app.inject({ method: "PATCH", url: `/api/contact/${id}`, headers, payload: body as object });

  const list = async (query = "") => {
    const response = await t.app.inject({ url: `/api/contact/all${query}`, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as unknown[]).map((item) => quoteRequestSchema.parse(item));
  };

  const activity = async (id: number) => {
    const response = await t.app.inject({ url: `/api/contact/${id}/activity`, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { id: number; at: string; actor: string | null; kind: string; summary: string }[];
  };

  const auditFor = (target: string) =>
    t.app.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(auditLog.id);

  /** Everything a refused change must leave as it was. */
  const snapshot = async (id: number) => ({
    row: (await t.app.db.select().from(quoteRequests).where(eq(quoteRequests.id, id)))[0],
    activity: (await t.app.db.select().from(quoteRequestActivity).where(eq(quoteRequestActivity.quoteRequestId, id)))
      .length,
    audit: (await t.app.db.select().from(auditLog)).length,
  });

  describe("references", () => {
    it("numbers requests within the year they came in, as Q-YYYY-NNNN, with a `created` line", async () => {
      const first = await newRequest();
      const next = await newRequest();
      const year = new Date(first.submittedAt).getUTCFullYear();
      expect(first.reference).toMatch(new RegExp(`^Q-${year}-\\d{4}$`));
      expect(Number(next.reference.slice(7))).toBe(Number(first.reference.slice(7)) + 1);
      expect(first).toMatchObject({ status: "new", assignee: null, followUpAt: null, lostReason: null, version: 0 });
      const lines = await activity(first.id);
      expect(lines).toEqual([
        { id: expect.any(Number), at: expect.any(String), actor: null, kind: "created", summary: expect.any(String) },
      ]);
    });

    it("gives concurrent submissions distinct references (through the form, and many transactions at once)", async () => {
      const send = async (i: number) => {
        const body = multipart([
          { name: "name", value: `Parallel ${i}` },
          { name: "email", value: `parallel${i}@example.com` },
          { name: "altcha", value: await solvedCaptcha(t) },
        ]);
        return t.app.inject({
          method: "POST",
          url: "/api/contact/submit",
          headers: body.headers,
          payload: body.payload,
          remoteAddress: randomAddress(),
        });
      };
      const answers = await Promise.all([0, 1, 2, 3, 4, 5].map(send));
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(201);

      const direct = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          t.app.db.transaction((tx) =>
            quoteRequestRepository(tx).create(
              tx,
              quoteFieldsSchema.parse({ name: `Burst ${i}`, email: `burst${i}@example.com` }),
              undefined,
            ),
          ),
        ),
      );
      expect(direct).toHaveLength(20);
      const references = (await t.app.db.select({ reference: quoteRequests.reference }).from(quoteRequests)).map(
        (row) => row.reference,
      );
      expect(new Set(references).size).toBe(references.length);
      // No gaps: the numbers of the year are 1..n.
      const numbers = references.map((reference) => Number(reference.slice(7))).sort((a, b) => a - b);
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    });

    it("refuses a duplicate reference in the database itself", async () => {
      const existing = await newRequest();
      await expect(
        t.app.db.insert(quoteRequests).values({ reference: existing.reference, name: "Copy", email: "c@example.com" }),
      ).rejects.toThrow();
    });
  });

  describe("GET /api/contact/{id}", () => {
    it("answers one request; 404 for an unknown id, 400 for a malformed one", async () => {
      const request = await newRequest({ company: "One Co" });
      expect((await get(request.id)).company).toBe("One Co");
      const missing = await t.app.inject({ url: "/api/contact/999999", headers: admin });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: "No such quote request." });
      expect((await t.app.inject({ url: "/api/contact/abc", headers: admin })).statusCode).toBe(400);
    });
  });

  describe("PATCH /api/contact/{id}", () => {
    it("changes the status, stamps the first contact, bumps the version and writes a line and an audit entry", async () => {
      const request = await newRequest();
      const response = await patch(request.id, { version: 0, status: "contacted" });
      expect(response.statusCode, response.body).toBe(200);
      const updated = quoteRequestSchema.parse(response.json());
      expect(updated).toMatchObject({ status: "contacted", version: 1, contactedAt: clock.toISOString() });

      const back = quoteRequestSchema.parse((await patch(request.id, { version: 1, status: "new" })).json());
      expect(back).toMatchObject({ status: "new", version: 2 });
      clock = new Date(clock.getTime() + 60_000);
      const again = quoteRequestSchema.parse((await patch(request.id, { version: 2, status: "quoted" })).json());
      // First contact stays the first.
      expect(again.contactedAt).toBe(updated.contactedAt);

      const lines = await activity(request.id);
      expect(lines.map((line) => [line.kind, line.actor, line.summary])).toEqual([
        ["created", null, expect.any(String)],
        ["status", "admin", "Status: New → Contacted"],
        ["status", "admin", "Status: Contacted → New"],
        ["status", "admin", "Status: New → Quoted"],
      ]);
      const audit = await auditFor(`quote:${request.reference}`);
      expect(audit.map((entry) => [entry.actor, entry.action, entry.summary])).toEqual([
        ["admin", "quote.update", "Status: New → Contacted"],
        ["admin", "quote.update", "Status: Contacted → New"],
        ["admin", "quote.update", "Status: New → Quoted"],
      ]);
      expect(audit[0]?.ip).toBe("127.0.0.1");
    });

    it("answers 409 with the shared message to a stale version, and changes nothing", async () => {
      const request = await newRequest();
      expect((await patch(request.id, { version: 0, status: "contacted" })).statusCode).toBe(200);
      const before = await snapshot(request.id);
      const stale = await patch(request.id, { version: 0, status: "quoted", assignee: "admin" });
      expect(stale.statusCode).toBe(409);
      expect(stale.json()).toEqual({ message: staleVersionMessage });
      const future = await patch(request.id, { version: 7, status: "quoted" });
      expect(future.statusCode).toBe(409);
      expect(await snapshot(request.id)).toEqual(before);
    });

    it("lets exactly one of two admins editing the same version win; the other gets 409", async () => {
      const request = await newRequest();
      const [a, b] = await Promise.all([
        patch(request.id, { version: 0, status: "contacted" }, admin),
        patch(request.id, { version: 0, status: "quoted", assignee: second.username }, second.headers),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const winner = a.statusCode === 200 ? a : b;
      const loser = a.statusCode === 200 ? b : a;
      expect(loser.json()).toEqual({ message: staleVersionMessage });
      const stored = await get(request.id);
      expect(stored).toEqual({ ...quoteRequestSchema.parse(winner.json()), related: stored.related });
      expect(stored.version).toBe(1);
      // Only the winner's lines and audit entry were written.
      const lines = (await activity(request.id)).filter((line) => line.kind !== "created");
      expect(new Set(lines.map((line) => line.actor))).toEqual(
        new Set([a.statusCode === 200 ? "admin" : second.username]),
      );
      expect(await auditFor(`quote:${request.reference}`)).toHaveLength(1);
    });

    it("of many concurrent stage changes from one version, applies exactly one", async () => {
      const request = await newRequest();
      const statuses = ["contacted", "quoted", "won", "contacted", "quoted", "won"] as const;
      const answers = await Promise.all(statuses.map((status) => patch(request.id, { version: 0, status })));
      const codes = answers.map((answer) => answer.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(1);
      expect(codes.filter((code) => code === 409)).toHaveLength(statuses.length - 1);
      const stored = await get(request.id);
      expect(stored.version).toBe(1);
      expect((await activity(request.id)).filter((line) => line.kind === "status")).toHaveLength(1);
    });

    it("requires a reason for lost, keeps it while lost, and clears it when the request leaves lost", async () => {
      const request = await newRequest();
      const missing = await patch(request.id, { version: 0, status: "lost" });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().errors).toHaveProperty("lostReason");
      const blank = await patch(request.id, { version: 0, status: "lost", lostReason: "   " });
      expect(blank.statusCode).toBe(400);
      const notLost = await patch(request.id, { version: 0, lostReason: "Price" });
      expect(notLost.statusCode).toBe(400);
      expect(notLost.json().errors).toEqual({ lostReason: "Only a lost request has a reason" });
      const alsoNotLost = await patch(request.id, { version: 0, status: "quoted", lostReason: "Price" });
      expect(alsoNotLost.statusCode).toBe(400);
      expect((await get(request.id)).version).toBe(0);

      const lost = await patch(request.id, { version: 0, status: "lost", lostReason: "Went with a local detailer" });
      expect(lost.statusCode, lost.body).toBe(200);
      expect(lost.json()).toMatchObject({ status: "lost", lostReason: "Went with a local detailer", version: 1 });
      // While lost, the reason can change but not go away.
      const cleared = await patch(request.id, { version: 1, lostReason: null });
      expect(cleared.statusCode).toBe(400);
      const reworded = await patch(request.id, { version: 1, lostReason: "Price" });
      expect(reworded.json()).toMatchObject({ status: "lost", lostReason: "Price", version: 2 });
      const reopened = await patch(request.id, { version: 2, status: "quoted" });
      expect(reopened.json()).toMatchObject({ status: "quoted", lostReason: null, version: 3 });
      const lines = (await activity(request.id)).map((line) => line.summary);
      expect(lines.slice(1)).toEqual([
        "Status: New → Lost (Went with a local detailer)",
        "Reason lost: Price",
        "Status: Lost → Quoted",
      ]);
    });

    it("the database itself refuses a lost request without a reason and an unknown status", async () => {
      const request = await newRequest();
      await expect(
        t.app.db.update(quoteRequests).set({ status: "lost" }).where(eq(quoteRequests.id, request.id)),
      ).rejects.toThrow();
      await expect(
        t.app.db
          .update(quoteRequests)
          .set({ status: "archived" as "new" })
          .where(eq(quoteRequests.id, request.id)),
      ).rejects.toThrow();
    });

    it("assigns only an active staff member, admin or employee (answered by username), and unassigns with null", async () => {
      const request = await newRequest();
      const disabled = await createEmployee(t, { kind: "admin", username: "gone.admin", status: "disabled" });
      const disabledEmployee = await createEmployee(t, { username: "gone.employee", status: "disabled" });
      for (const assignee of [disabled.username, disabledEmployee.username, "nobody.here", ""]) {
        const refused = await patch(request.id, { version: 0, assignee });
        expect(refused.statusCode, assignee).toBe(400);
        expect(refused.json().errors, assignee).toHaveProperty("assignee");
      }
      const assigned = await patch(request.id, { version: 0, assignee: "SECOND.ADMIN" });
      expect(assigned.statusCode, assigned.body).toBe(200);
      expect(assigned.json()).toMatchObject({ assignee: "second.admin", version: 1 });
      const stored = await t.app.db.select().from(quoteRequests).where(eq(quoteRequests.id, request.id));
      expect(typeof stored[0]?.assigneeId).toBe("number");
      const reassigned = await patch(request.id, { version: 1, assignee: "admin" });
      expect(reassigned.json()).toMatchObject({ assignee: "admin", version: 2 });
      const unassigned = await patch(request.id, { version: 2, assignee: null });
      expect(unassigned.json()).toMatchObject({ assignee: null, version: 3 });
      const employee = await createEmployee(t, { username: "plain.employee" });
      const toEmployee = await patch(request.id, { version: 3, assignee: "Plain.Employee" });
      expect(toEmployee.json()).toMatchObject({ assignee: "plain.employee", version: 4 });
      expect(
        (await activity(request.id)).filter((line) => line.kind === "assignee").map((line) => line.summary),
      ).toEqual([
        "Assigned to second.admin",
        "Reassigned from second.admin to admin",
        "Unassigned (was admin)",
        `Assigned to ${employee.username}`,
      ]);
    });

    it("sets and clears the follow-up, and a patch that changes nothing writes nothing", async () => {
      const request = await newRequest();
      const at = "2026-12-01T09:30:00+05:30";
      const set = await patch(request.id, { version: 0, followUpAt: at });
      expect(set.json()).toMatchObject({ followUpAt: "2026-12-01T04:00:00.000Z", version: 1 });
      const same = await patch(request.id, { version: 1, followUpAt: "2026-12-01T04:00:00Z", status: "new" });
      expect(same.statusCode).toBe(200);
      expect(same.json().version).toBe(1);
      const nothing = await patch(request.id, { version: 1 });
      expect(nothing.json().version).toBe(1);
      const cleared = await patch(request.id, { version: 1, followUpAt: null });
      expect(cleared.json()).toMatchObject({ followUpAt: null, version: 2 });
      expect((await activity(request.id)).filter((line) => line.kind === "followUp").map((l) => l.summary)).toEqual([
        "Follow-up set for 2026-12-01T04:00:00.000Z",
        "Follow-up cleared",
      ]);
      expect(await auditFor(`quote:${request.reference}`)).toHaveLength(2);
    });

    it("writes one line per changed field and one audit entry for the whole change", async () => {
      const request = await newRequest();
      const response = await patch(request.id, {
        version: 0,
        status: "contacted",
        assignee: "admin",
        followUpAt: "2026-11-26T10:00:00Z",
      });
      expect(response.statusCode).toBe(200);
      expect((await activity(request.id)).slice(1).map((line) => line.kind)).toEqual([
        "status",
        "assignee",
        "followUp",
      ]);
      const [entry] = await auditFor(`quote:${request.reference}`);
      expect(entry?.summary).toBe(
        "Status: New → Contacted; Assigned to admin; Follow-up set for 2026-11-26T10:00:00.000Z",
      );
    });

    it.each([
      ["no version", { status: "contacted" }],
      ["a version as text", { version: "0", status: "contacted" }],
      ["a negative version", { version: -1 }],
      ["an unknown status", { version: 0, status: "archived" }],
      ["an unknown field", { version: 0, reference: "Q-2000-0001" }],
      ["a date that is no date", { version: 0, followUpAt: "tomorrow" }],
      ["an over-long reason", { version: 0, status: "lost", lostReason: "x".repeat(501) }],
      ["a NUL in the reason", { version: 0, status: "lost", lostReason: "a\u0000b" }],
      ["an array", [1, 2]],
    ])("answers 400 to %s, never a 500, and changes nothing", async (_label, body) => {
      const request = await newRequest();
      const before = await snapshot(request.id);
      const response = await patch(request.id, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(typeof response.json().message).toBe("string");
      expect(await snapshot(request.id)).toEqual(before);
    });

    it("answers 404 for an unknown request", async () => {
      const response = await patch(987654, { version: 0, status: "contacted" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "No such quote request." });
    });
  });

  describe("notes", () => {
    it("adds notes with the author and time, oldest first, a `note` line and a quote.note audit entry, without a new version", async () => {
      const request = await newRequest();
      const first = await t.app.inject({
        method: "POST",
        url: `/api/contact/${request.id}/notes`,
        headers: admin,
        payload: { text: "  Called Dana: wants a price by Friday.\nSecond line.  " },
      });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toEqual({
        id: expect.any(Number),
        author: "admin",
        text: "Called Dana: wants a price by Friday.\nSecond line.",
        createdAt: expect.any(String),
      });
      const secondNote = await t.app.inject({
        method: "POST",
        url: `/api/contact/${request.id}/notes`,
        headers: second.headers,
        payload: { text: "Sent the estimate." },
      });
      expect(secondNote.statusCode).toBe(201);
      const notes = await t.app.inject({ url: `/api/contact/${request.id}/notes`, headers: admin });
      expect(notes.json().map((note: { author: string }) => note.author)).toEqual(["admin", second.username]);

      // A note is no edit: an admin holding version 0 can still save.
      expect((await get(request.id)).version).toBe(0);
      expect((await patch(request.id, { version: 0, status: "contacted" })).statusCode).toBe(200);

      const lines = await activity(request.id);
      expect(lines.filter((line) => line.kind === "note").map((line) => [line.actor, line.summary])).toEqual([
        ["admin", "Note: Called Dana: wants a price by Friday."],
        [second.username, "Note: Sent the estimate."],
      ]);
      const audit = await auditFor(`quote:${request.reference}`);
      expect(audit.filter((entry) => entry.action === "quote.note").map((entry) => entry.actor)).toEqual([
        "admin",
        second.username,
      ]);
    });

    it("refuses an empty, over-long or NUL note (400) and an unknown request (404)", async () => {
      const request = await newRequest();
      for (const text of ["", "   ", "x".repeat(5001), "a\u0000b"]) {
        const response = await t.app.inject({
          method: "POST",
          url: `/api/contact/${request.id}/notes`,
          headers: admin,
          payload: { text },
        });
        expect(response.statusCode, JSON.stringify(text)).toBe(400);
      }
      expect(
        (
          await t.app.inject({
            method: "POST",
            url: "/api/contact/999999/notes",
            headers: admin,
            payload: { text: "x" },
          })
        ).statusCode,
      ).toBe(404);
      expect((await t.app.inject({ url: "/api/contact/999999/notes", headers: admin })).statusCode).toBe(404);
      expect((await t.app.inject({ url: "/api/contact/999999/activity", headers: admin })).statusCode).toBe(404);
      expect(
        await t.app.db.select().from(quoteRequestNotes).where(eq(quoteRequestNotes.quoteRequestId, request.id)),
      ).toEqual([]);
    });
  });

  describe("the list", () => {
    it("filters by status, assignee (or none) and due date, and still searches (the reference too)", async () => {
      const tag = `filter${Date.now()}`;
      const a = await newRequest({ name: `${tag} A` });
      const b = await newRequest({ name: `${tag} B` });
      const c = await newRequest({ name: `${tag} C` });
      const d = await newRequest({ name: `${tag} D` });
      clock = new Date("2026-11-25T10:00:00.000Z");
      await patch(a.id, { version: 0, status: "contacted", assignee: "admin", followUpAt: "2026-11-24T12:00:00Z" });
      await patch(b.id, { version: 0, assignee: second.username, followUpAt: "2026-11-25T23:59:59.999Z" });
      await patch(c.id, { version: 0, followUpAt: "2026-11-26T00:00:00Z" });
      const ids = async (query: string) =>
        (await list(`?q=${tag}${query}`)).map((request) => request.id).sort((x, y) => x - y);

      expect(await ids("")).toEqual([a.id, b.id, c.id, d.id]);
      expect(await ids("&status=contacted")).toEqual([a.id]);
      expect(await ids("&status=new")).toEqual([b.id, c.id, d.id]);
      expect(await ids("&assignee=admin")).toEqual([a.id]);
      expect(await ids(`&assignee=${second.username.toUpperCase()}`)).toEqual([b.id]);
      expect(await ids("&assignee=none")).toEqual([c.id, d.id]);
      expect(await ids("&assignee=nobody.at.all")).toEqual([]);
      expect(await ids("&due=today")).toEqual([a.id, b.id]);
      expect(await ids("&due=overdue")).toEqual([a.id]);
      // The clock moves: what was due later today is overdue tomorrow; today's (c, at midnight) is due today.
      clock = new Date("2026-11-26T08:00:00.000Z");
      expect(await ids("&due=overdue")).toEqual([a.id, b.id]);
      expect(await ids("&due=today&assignee=none")).toEqual([c.id]);
      expect((await list(`?q=${a.reference}`)).map((request) => request.id)).toEqual([a.id]);

      for (const bad of ["?status=archived", "?due=tomorrow", `?assignee=${"x".repeat(65)}`, `?q=${"x".repeat(201)}`]) {
        const response = await t.app.inject({ url: `/api/contact/all${bad}`, headers: admin });
        expect(response.statusCode, bad).toBe(400);
      }
    });

    it("judges due by the caller's calendar day (America/Chicago, UTC−6), as the browser's badges do", async () => {
      const tag = `tz${Date.now()}`;
      // 10:00 in Chicago, 16:00 UTC.
      clock = new Date("2026-11-25T16:00:00.000Z");
      const tonight = await newRequest({ name: `${tag} tonight` });
      const lastNight = await newRequest({ name: `${tag} last night` });
      const won = await newRequest({ name: `${tag} won` });
      const tomorrow = await newRequest({ name: `${tag} tomorrow` });
      // 20:00 on the 25th in Chicago (02:00 on the 26th in UTC): due today there, not yet in UTC.
      await patch(tonight.id, { version: 0, followUpAt: "2026-11-26T02:00:00Z" });
      // 23:00 on the 24th in Chicago (05:00 on the 25th in UTC): overdue there, due today in UTC.
      await patch(lastNight.id, { version: 0, followUpAt: "2026-11-25T05:00:00Z" });
      await patch(won.id, { version: 0, status: "won", followUpAt: "2026-11-20T12:00:00Z" });
      await patch(tomorrow.id, { version: 0, followUpAt: "2026-11-26T06:00:00Z" });
      const ids = async (query: string) =>
        (await list(`?q=${tag}${query}`)).map((request) => request.id).sort((x, y) => x - y);
      const chicago = `&tz=${encodeURIComponent("America/Chicago")}`;

      expect(await ids(`&due=today${chicago}`)).toEqual([tonight.id, lastNight.id]);
      expect(await ids(`&due=overdue${chicago}`)).toEqual([lastNight.id]);
      expect(await ids("&due=today")).toEqual([lastNight.id]);
      expect(await ids("&due=overdue")).toEqual([]);

      // The server's filter and the badges are one rule: what the list returns is what the badge says.
      const all = await list(`?q=${tag}`);
      for (const due of ["today", "overdue"] as const) {
        const expected = all
          .filter((request) => {
            const state = followUpState(request, clock, "America/Chicago");
            return state === "overdue" || (due === "today" && state === "today");
          })
          .map((request) => request.id)
          .sort((x, y) => x - y);
        expect(await ids(`&due=${due}${chicago}`), due).toEqual(expected);
      }

      const csv = await t.app.inject({ url: `/api/contact/export.csv?q=${tag}&due=overdue${chicago}`, headers: admin });
      expect(csv.statusCode).toBe(200);
      expect(csv.body).toContain(lastNight.reference);
      expect(csv.body).not.toContain(tonight.reference);

      for (const bad of ["Mars/Olympus_Mons", "", "x".repeat(65), "../../etc/localtime"]) {
        const response = await t.app.inject({
          url: `/api/contact/all?due=today&tz=${encodeURIComponent(bad)}`,
          headers: admin,
        });
        expect(response.statusCode, bad).toBe(400);
      }
    });

    it("counts related requests: the same e-mail in any case, or the same non-empty company, once if both", async () => {
      const tag = `rel${Date.now()}`;
      const one = await newRequest({ name: tag, email: `${tag}@acme.example`, company: "" });
      const two = await newRequest({ name: tag, email: `${tag.toUpperCase()}@ACME.example`, company: `${tag} Steel` });
      const three = await newRequest({ name: tag, email: `other.${tag}@example.com`, company: `${tag} STEEL` });
      const alone = await newRequest({ name: tag, email: `alone.${tag}@example.com`, company: "" });
      const related = async () =>
        Object.fromEntries((await list(`?q=${tag}`)).map((request) => [request.id, request.related]));
      expect(await related()).toEqual({ [one.id]: 1, [two.id]: 2, [three.id]: 1, [alone.id]: 0 });
      expect((await get(two.id)).related).toBe(2);
      // The same e-mail and company as `two`: related to it once, and to `one` and `three` each by one.
      const four = await newRequest({ name: tag, email: `${tag}@acme.example`, company: `${tag} steel` });
      expect(await related()).toEqual({ [one.id]: 2, [two.id]: 3, [three.id]: 2, [four.id]: 3, [alone.id]: 0 });
    });

    it("exports the new columns to CSV, escaped as before", async () => {
      const request = await newRequest({ name: "Csv Person", company: "=Formula Co" });
      await patch(request.id, {
        version: 0,
        status: "lost",
        lostReason: "@budget cut",
        assignee: "admin",
        followUpAt: "2026-12-02T08:00:00Z",
      });
      const response = await t.app.inject({ url: `/api/contact/export.csv?q=${request.reference}`, headers: admin });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-disposition"]).toMatch(/filename="quote-requests-\d{4}-\d{2}-\d{2}\.csv"/);
      const [header, row] = response.body.replace(/^\uFEFF/, "").split("\r\n");
      const columns = header?.split(",") ?? [];
      expect(columns).toEqual(expect.arrayContaining(["reference", "status", "assignee", "followUpAt", "lostReason"]));
      const cells = row?.split(",") ?? [];
      const cell = (name: string) => cells[columns.indexOf(name)];
      expect(cell("reference")).toBe(request.reference);
      expect(cell("status")).toBe("lost");
      expect(cell("assignee")).toBe("admin");
      expect(cell("followUpAt")).toBe("2026-12-02T08:00:00.000Z");
      expect(cell("lostReason")).toBe("'@budget cut");
      expect(cell("company")).toBe("'=Formula Co");
      expect(response.body.replace(/^\uFEFF/, "").split("\r\n")).toHaveLength(3);
      const filtered = await t.app.inject({ url: "/api/contact/export.csv?status=archived", headers: admin });
      expect(filtered.statusCode).toBe(400);
    });
  });

  describe("without SMTP", () => {
    it("sends nothing, fails nothing, and the timeline has no e-mail line", async () => {
      const body = multipart([
        { name: "name", value: "No Mail" },
        { name: "email", value: "nomail@example.com" },
        { name: "altcha", value: await solvedCaptcha(t) },
      ]);
      const response = await t.app.inject({
        method: "POST",
        url: "/api/contact/submit",
        headers: body.headers,
        payload: body.payload,
        remoteAddress: randomAddress(),
      });
      expect(response.statusCode, response.body).toBe(201);
      expect((await activity(response.json().id)).map((line) => line.kind)).toEqual(["created"]);
    });
  });

  describe("who may work on quote requests", () => {
    const routesFor = (id: number) =>
      [
        { method: "GET", url: `/api/contact/${id}` },
        { method: "PATCH", url: `/api/contact/${id}`, payload: { version: 0, status: "won" } },
        { method: "GET", url: `/api/contact/${id}/notes` },
        { method: "POST", url: `/api/contact/${id}/notes`, payload: { text: "x" } },
        { method: "GET", url: `/api/contact/${id}/activity` },
        { method: "GET", url: `/api/contact/${id}/file` },
      ] as const;

    it("refuses an employee (403) every request not assigned to them, and anonymous callers (401)", async () => {
      const request = await newRequest();
      const { token } = await employeeSession(t);
      for (const call of routesFor(request.id)) {
        const asEmployee = await t.app.inject({ ...call, headers: authHeader(token) });
        expect(asEmployee.statusCode, call.url).toBe(403);
        expect(asEmployee.json().message, call.url).toBe("This quote request is not assigned to you.");
        const anonymous = await t.app.inject({ ...call });
        expect(anonymous.statusCode, call.url).toBe(401);
      }
      const stored = await t.app.db
        .select()
        .from(quoteRequests)
        .where(and(eq(quoteRequests.id, request.id), eq(quoteRequests.version, 0)));
      expect(stored).toHaveLength(1);
      expect(
        await t.app.db.select().from(quoteRequestNotes).where(eq(quoteRequestNotes.quoteRequestId, request.id)),
      ).toEqual([]);
    });

    it("lets an employee work the requests assigned to them (decision 043), but not reassign, export or delete", async () => {
      const mine = await newRequest({ company: "Assigned Steel" });
      const other = await newRequest({ company: "Someone Else's" });
      const { employee, token } = await employeeSession(t);
      const headers = authHeader(token);
      const assigned = await patch(mine.id, { version: 0, assignee: employee.username });
      expect(assigned.statusCode, assigned.body).toBe(200);

      // The list is theirs alone, whatever filter they send.
      for (const query of ["", "?assignee=none", `?assignee=${employee.username}`, "?q=steel"]) {
        const listed = await t.app.inject({ url: `/api/contact/all${query}`, headers });
        expect(listed.statusCode, query).toBe(200);
        const ids = (listed.json() as QuoteRequest[]).map((item) => item.id);
        expect(ids, query).not.toContain(other.id);
        if (query !== "?assignee=none") expect(ids, query).toEqual([mine.id]);
      }
      expect((await get(mine.id, headers)).company).toBe("Assigned Steel");

      const worked = await patch(mine.id, { version: 1, status: "contacted", assignee: employee.username }, headers);
      expect(worked.statusCode, worked.body).toBe(200);
      expect(worked.json()).toMatchObject({ status: "contacted", assignee: employee.username, version: 2 });
      const note = await t.app.inject({
        method: "POST",
        url: `/api/contact/${mine.id}/notes`,
        headers,
        payload: { text: "Called the fabricator" },
      });
      expect(note.statusCode, note.body).toBe(201);
      expect(note.json()).toMatchObject({ author: employee.username, text: "Called the fabricator" });
      const timeline = await t.app.inject({ url: `/api/contact/${mine.id}/activity`, headers });
      expect(
        (timeline.json() as { actor: string | null; kind: string }[]).map((line) => [line.kind, line.actor]),
      ).toEqual(
        expect.arrayContaining([
          ["status", employee.username],
          ["note", employee.username],
        ]),
      );
      expect((await auditFor(`quote:${mine.reference}`)).map((entry) => [entry.action, entry.actor])).toEqual(
        expect.arrayContaining([
          ["quote.update", employee.username],
          ["quote.note", employee.username],
        ]),
      );
      // No file was sent with it: 404, not 403.
      expect((await t.app.inject({ url: `/api/contact/${mine.id}/file`, headers })).statusCode).toBe(404);

      const before = await snapshot(mine.id);
      for (const assignee of ["admin", null]) {
        const reassigned = await patch(mine.id, { version: 2, assignee }, headers);
        expect(reassigned.statusCode, String(assignee)).toBe(403);
        expect(reassigned.json().message).toBe("Only an admin can reassign a quote request.");
      }
      for (const call of [
        { method: "GET", url: "/api/contact/export.csv" },
        { method: "DELETE", url: `/api/contact/${mine.id}` },
      ] as const) {
        expect((await t.app.inject({ ...call, headers })).statusCode, call.url).toBe(403);
      }
      expect(await snapshot(mine.id)).toEqual(before);

      // Unassigned by an admin, it is no longer theirs at once.
      expect((await patch(mine.id, { version: 2, assignee: null })).statusCode).toBe(200);
      expect((await t.app.inject({ url: `/api/contact/${mine.id}`, headers })).statusCode).toBe(403);
      expect((await t.app.inject({ url: "/api/contact/all", headers })).json()).toEqual([]);
    });
  });
});

describe("a follow-up far from the clock", () => {
  it("is neither due today nor overdue", async () => {
    const t = await createTestApp({ quoteRequests: { now: () => new Date("2030-01-01T00:00:00Z") } });
    try {
      const admin = authHeader(await adminToken(t));
      const row = await t.app.db.transaction((tx) =>
        quoteRequestRepository(tx).create(
          tx,
          quoteFieldsSchema.parse({ name: "Later", email: "later@example.com" }),
          undefined,
        ),
      );
      const next = new Date(Date.parse("2030-01-01T00:00:00Z") + 2 * DAY).toISOString();
      const response = await t.app.inject({
        method: "PATCH",
        url: `/api/contact/${row.id}`,
        headers: admin,
        payload: { version: 0, followUpAt: next },
      });
      expect(response.statusCode, response.body).toBe(200);
      for (const due of ["today", "overdue"]) {
        const listed = await t.app.inject({ url: `/api/contact/all?due=${due}`, headers: admin });
        expect(listed.json()).toEqual([]);
      }
      expect((await t.app.inject({ url: "/api/contact/all", headers: admin })).json()).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
