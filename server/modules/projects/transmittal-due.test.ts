// Issue #34: a transmittal past its due date and not answered tells its team once (a `due`
// notification), however many sweeps see it; an answered one, or someone off the team, hears nothing.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { adminToken, authHeader, employeeSession } from "../../../test/helpers/factories.ts";
import { multipart } from "../../../test/helpers/multipart.ts";
import { samples } from "../../../test/helpers/sample-files.ts";
import { startSmtpCapture } from "../../../test/helpers/smtp-capture.ts";
import { notifications } from "../../db/schema.ts";

const DAY = 24 * 60 * 60 * 1000;
let jobs = 0;
const newJob = () => `TD-${process.pid % 1000}-${++jobs}`;

describe("transmittal due notices", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let clock = Date.now();
  let admin: Record<string, string>;
  let member: { id: number; username: string };
  let outsider: { id: number };
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({
      env: {
        PUBLIC_ORIGIN: "https://detailing.example.com",
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        NOTIFY_EMAIL: "office@northbeam.example",
      },
      // Sweeps only when a test asks.
      projects: { now: () => new Date(clock), reminderSweepEveryMs: 24 * DAY },
    });
    admin = authHeader(await adminToken(t));
    member = (await employeeSession(t)).employee;
    outsider = (await employeeSession(t)).employee;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** A project of `member` with sheet E-1, sent for approval due in `dueDays`: its job, number and token. */
  const sent = async (dueDays: number) => {
    const job = newJob();
    const created = await t.app.inject({
      method: "POST",
      url: "/api/projects",
      headers: admin,
      payload: { job, name: "Mill", client: { company: "Acme", email: "a@acme.example" }, team: [member.username] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = multipart([
      { name: "number", value: "E-1" },
      { name: "revision", value: "A" },
      { name: "title", value: "Sheet E-1" },
      { name: "file", value: samples.pdf, fileName: "E-1.pdf" },
    ]);
    const uploaded = await t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/drawings`,
      headers: { ...admin, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const response = await t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/transmittals`,
      headers: admin,
      payload: {
        purpose: "approval",
        sheets: [{ number: "E-1", revision: "A" }],
        message: "For approval.",
        recipients: ["late@client.example"],
        dueDays,
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const transmittal = response.json() as { number: string; url: string; dueAt: string };
    return { job, ...transmittal, token: transmittal.url.split("/review/")[1] ?? "" };
  };
  const dueNotices = (recipientId: number, containing: string) =>
    t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, recipientId), eq(notifications.kind, "due")))
      .then((rows) => rows.filter((row) => row.title.includes(containing)));
  const sweepAt = (at: number) => {
    clock = at;
    return t.app.transmittalReminders.sweep();
  };

  it("tells the team once when a transmittal passes its due date unanswered", async () => {
    const late = await sent(5);
    const due = Date.parse(late.dueAt);
    await sweepAt(due - DAY);
    expect(await dueNotices(member.id, late.number)).toEqual([]);
    await sweepAt(due + 60_000);
    const told = await dueNotices(member.id, late.number);
    expect(told.map((row) => [row.title, row.url])).toEqual([
      [
        `${late.number} was due ${late.dueAt.slice(0, 10)} and the client has not answered yet`,
        `/staff/projects/${late.job}?tab=transmittals`,
      ],
    ]);
    // Later sweeps (another instance's, the next day's) find it told already.
    await sweepAt(due + 2 * 60_000);
    await sweepAt(due + DAY + 60_000);
    expect(await dueNotices(member.id, late.number)).toHaveLength(1);
    expect(await dueNotices(outsider.id, late.number)).toEqual([]);
    clock = Date.now();
  });

  it("says nothing of a transmittal the client answered in time", async () => {
    const answered = await sent(5);
    const done = await t.app.inject({
      method: "POST",
      url: `/api/review/${answered.token}`,
      payload: { responses: [{ number: "E-1", response: "approved" }] },
    });
    expect(done.statusCode, done.body).toBe(200);
    await sweepAt(Date.parse(answered.dueAt) + 60_000);
    expect(await dueNotices(member.id, answered.number)).toEqual([]);
    clock = Date.now();
  });
});
