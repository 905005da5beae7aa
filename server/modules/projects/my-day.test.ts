// Issue #34 "the employee's day": a sheet is given to one of the team (or an admin) and the register
// says whose it is; GET /api/projects/my-day answers one person's projects, the sheets waiting on
// them, the responses their projects received and the RFIs due, and nobody else's.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drawingSchema } from "../../../shared/drawings.ts";
import { myDaySchema } from "../../../shared/my-day.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { adminToken, authHeader, employeeSession, testAdmin } from "../../../test/helpers/factories.ts";
import { multipart } from "../../../test/helpers/multipart.ts";
import { samples } from "../../../test/helpers/sample-files.ts";
import { startSmtpCapture } from "../../../test/helpers/smtp-capture.ts";
import { auditLog, notifications, rfis, transmittals } from "../../db/schema.ts";

const DAY = 24 * 60 * 60 * 1000;
let jobs = 0;
const newJob = () => `D-${process.pid % 1000}-${++jobs}`;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

interface Person {
  headers: Record<string, string>;
  id: number;
  username: string;
}

describe("the employee's day", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let admin: Record<string, string>;
  let member: Person;
  let outsider: Person;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({
      env: {
        PUBLIC_ORIGIN: "https://detailing.example.com",
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        NOTIFY_EMAIL: "office@northbeam.example",
      },
    });
    admin = authHeader(await adminToken(t));
    member = await person();
    outsider = await person();
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const person = async (): Promise<Person> => {
    const session = await employeeSession(t);
    return { headers: authHeader(session.token), id: session.employee.id, username: session.employee.username };
  };

  /** A project of `team` whose register holds `sheets` at revision A. */
  const project = async (team: Person[], sheets: string[]) => {
    const job = newJob();
    const created = await t.app.inject({
      method: "POST",
      url: "/api/projects",
      headers: admin,
      payload: {
        job,
        name: `Mill ${job}`,
        client: { company: "Acme", email: "a@acme.example" },
        dueDate: "2027-03-01",
        team: team.map((one) => one.username),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    for (const number of sheets) {
      const body = multipart([
        { name: "number", value: number },
        { name: "revision", value: "A" },
        { name: "title", value: `Sheet ${number}` },
        { name: "file", value: samples.pdf, fileName: `${number}.pdf` },
      ]);
      const uploaded = await t.app.inject({
        method: "POST",
        url: `/api/projects/${job}/drawings`,
        headers: { ...admin, ...body.headers },
        payload: body.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
    }
    return job;
  };
  const assign = (job: string, number: string, assignee: string | null, headers = admin) =>
    t.app.inject({ method: "PATCH", url: `/api/projects/${job}/drawings/${number}`, headers, payload: { assignee } });
  const myDay = async (headers: Record<string, string>) => {
    const response = await t.app.inject({ method: "GET", url: "/api/projects/my-day", headers });
    expect(response.statusCode, response.body).toBe(200);
    return myDaySchema.parse(response.json());
  };
  const register = async (job: string) => {
    const response = await t.app.inject({ method: "GET", url: `/api/projects/${job}/drawings`, headers: admin });
    return drawingSchema.array().parse(response.json());
  };
  /** A transmittal of `sheets` sent for approval (its sheets become Issued): its number and token. */
  const send = async (job: string, sheets: string[]) => {
    const sent = await t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/transmittals`,
      headers: admin,
      payload: {
        purpose: "approval",
        sheets: sheets.map((number) => ({ number, revision: "A" })),
        message: "For your approval.",
        recipients: ["engineer@client.example"],
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const created = sent.json() as { number: string; url: string };
    return { number: created.number, token: created.url.split("/review/")[1] ?? "" };
  };
  /** A transmittal of `sheets` sent and answered by the client with `responses`, in order. */
  const answered = async (job: string, sheets: string[], responses: string[]) => {
    const { number, token } = await send(job, sheets);
    const done = await t.app.inject({
      method: "POST",
      url: `/api/review/${token}`,
      payload: { responses: sheets.map((number, i) => ({ number, response: responses[i] })) },
    });
    expect(done.statusCode, done.body).toBe(200);
    return number;
  };
  const ask = async (job: string, subject: string, dueAt: string) => {
    const response = await t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/rfis`,
      headers: admin,
      payload: { subject, question: "Bolted or welded?", sheets: [], to: "eor@eor.example", dueAt },
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { number: string }).number;
  };

  it("gives a sheet to one of the team or an admin, says so in the register, tells them and audits it", async () => {
    const job = await project([member], ["E-1", "E-2"]);
    const given = await assign(job, "E-1", member.username.toUpperCase());
    expect(given.statusCode, given.body).toBe(200);
    expect(drawingSchema.parse(given.json())).toMatchObject({ number: "E-1", assignee: member.username });
    expect((await register(job)).map((sheet) => [sheet.number, sheet.assignee])).toEqual([
      ["E-1", member.username],
      ["E-2", null],
    ]);
    const told = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, member.id), eq(notifications.kind, "assigned")));
    expect(told.map((row) => [row.title, row.url])).toEqual([
      [`${testAdmin.username} gave you ${job} E-1`, `/staff/projects/${job}`],
    ]);
    const entries = await t.app.db.select().from(auditLog).where(eq(auditLog.action, "drawing.assign"));
    expect(entries.map((entry) => entry.summary)).toContain(`Gave E-1 (${job}) to ${member.username}, before nobody`);

    // A member takes a sheet themselves (no notice to themselves); an admin may be given one.
    expect((await assign(job, "E-2", member.username, member.headers)).statusCode).toBe(200);
    expect((await assign(job, "E-2", testAdmin.username, member.headers)).json().assignee).toBe(testAdmin.username);
    expect((await assign(job, "E-2", null, member.headers)).json().assignee).toBeNull();
    expect(
      await t.app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.recipientId, member.id), eq(notifications.kind, "assigned"))),
    ).toHaveLength(1);

    // Someone off the team, or no one at all, cannot be given it; an unknown sheet is 404, and
    // to anyone off the team the project does not exist.
    const off = await assign(job, "E-1", outsider.username);
    expect(off.statusCode).toBe(400);
    expect(off.json().errors).toEqual({ assignee: `${outsider.username} is not on the team of ${job}` });
    expect((await assign(job, "E-1", "nobody-at-all")).statusCode).toBe(400);
    expect((await assign(job, "E-9", member.username)).statusCode).toBe(404);
    expect((await assign(job, "E-1", outsider.username, outsider.headers)).statusCode).toBe(404);
    expect((await assign(job, "E-1", "")).statusCode).toBe(400);
    expect((await register(job))[0]?.assignee).toBe(member.username);
  });

  it("answers my projects, the sheets waiting on me, responses received and RFIs due, and no one else's", async () => {
    // People of this test alone: the others' projects are not theirs.
    const member = await person();
    const colleague = await person();
    const mine = await project([member, colleague], ["E-1", "E-2", "E-3", "E-4", "E-5"]);
    const theirs = await project([colleague], ["F-1"]);
    // Waiting on me: in progress (E-1), back to redo (E-2 revise and resubmit, E-3 rejected).
    // Not: approved (E-4), issued and not yet answered (E-5 is the colleague's anyway).
    for (const number of ["E-1", "E-2", "E-3", "E-4"])
      expect((await assign(mine, number, member.username)).statusCode).toBe(200);
    expect((await assign(mine, "E-5", colleague.username)).statusCode).toBe(200);
    expect((await assign(theirs, "F-1", colleague.username)).statusCode).toBe(200);
    const recent = await answered(mine, ["E-2", "E-3", "E-4"], ["reviseResubmit", "rejected", "approved"]);
    const old = await answered(mine, ["E-5"], ["approvedAsNoted"]);
    await t.app.db
      .update(transmittals)
      .set({ submittedAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(transmittals.number, old));
    const theirResponse = await answered(theirs, ["F-1"], ["approved"]);

    const soon = await ask(mine, "Soon", inDays(2));
    const overdue = await ask(mine, "Overdue", inDays(1));
    await t.app.db
      .update(rfis)
      .set({ dueAt: new Date(Date.now() - DAY) })
      .where(eq(rfis.subject, "Overdue"));
    await ask(mine, "Later", inDays(6));
    await ask(mine, "Answered", inDays(1));
    await t.app.db.update(rfis).set({ state: "answered" }).where(eq(rfis.subject, "Answered"));
    await ask(theirs, "Their RFI", inDays(1));

    const day = await myDay(member.headers);
    expect(day.projects).toEqual([{ job: mine, name: `Mill ${mine}`, dueDate: "2027-03-01" }]);
    expect(day.sheets).toEqual([
      { job: mine, number: "E-1", title: "Sheet E-1", revision: "A", status: "inProgress" },
      { job: mine, number: "E-2", title: "Sheet E-2", revision: "A", status: "reviseResubmit" },
      { job: mine, number: "E-3", title: "Sheet E-3", revision: "A", status: "rejected" },
    ]);
    expect(day.responses.map((row) => [row.job, row.transmittal, row.summary])).toEqual([
      [mine, recent, "1 approved, 1 revise and resubmit, 1 rejected"],
    ]);
    expect(Date.now() - Date.parse(day.responses[0]?.answeredAt ?? "")).toBeLessThan(60_000);
    expect(day.rfisDue.map((row) => [row.job, row.number, row.subject])).toEqual([
      [mine, overdue, "Overdue"],
      [mine, soon, "Soon"],
    ]);

    // The colleague is on both projects: their own sheets only, both projects' work.
    const theirDay = await myDay(colleague.headers);
    expect(theirDay.projects.map((row) => row.job)).toEqual([mine, theirs].sort());
    // E-5 is approved as noted and F-1 approved: neither waits on them.
    expect(theirDay.sheets).toEqual([]);
    expect(theirDay.responses.map((row) => row.transmittal)).toEqual([theirResponse, recent]);
    expect(theirDay.rfisDue.map((row) => row.subject)).toEqual(["Overdue", "Their RFI", "Soon"]);

    // On no team: nothing, though the projects exist.
    expect(await myDay(outsider.headers)).toEqual({ projects: [], sheets: [], responses: [], rfisDue: [] });
    // A sheet leaves my list once its status no longer waits on me, or it is given to someone else.
    await send(mine, ["E-1"]);
    expect((await assign(mine, "E-2", colleague.username)).statusCode).toBe(200);
    expect((await myDay(member.headers)).sheets.map((row) => row.number)).toEqual(["E-3"]);
  });

  it("shows an admin their own work, not every project's", async () => {
    const job = await project([member], ["A-1"]);
    expect((await assign(job, "A-1", testAdmin.username)).statusCode).toBe(200);
    await ask(job, "Admin's project RFI", inDays(1));
    const day = await myDay(admin);
    expect(day.projects).toEqual([]);
    expect(day.rfisDue).toEqual([]);
    expect(day.sheets.map((row) => [row.job, row.number])).toEqual([[job, "A-1"]]);
    expect((await t.app.inject({ method: "GET", url: "/api/projects/my-day" })).statusCode).toBe(401);
  });
});
