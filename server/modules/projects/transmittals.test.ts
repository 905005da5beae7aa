// DESIGN §16 transmittals: sheets go out numbered per project with a cover sheet and an e-mail;
// the client reviews them at a link of their own, without an account, and the responses set the
// register's statuses and tell the team; reminders go once each, however many sweeps run.
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drawingSchema } from "../../../shared/drawings.ts";
import { notificationListSchema } from "../../../shared/notifications.ts";
import { reviewSchema, transmittalSchema } from "../../../shared/transmittals.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { adminToken, authHeader, employeeSession } from "../../../test/helpers/factories.ts";
import { multipart } from "../../../test/helpers/multipart.ts";
import { createProject, jobNumbers } from "../../../test/helpers/projects.ts";
import { samples } from "../../../test/helpers/sample-files.ts";
import { startSmtpCapture, unfolded } from "../../../test/helpers/smtp-capture.ts";
import { TusError, tusUpload } from "../../../test/helpers/tus.ts";
import { auditLog, transmittals } from "../../db/schema.ts";
import { REVIEW_KEY_HEADER } from "./review-access.ts";
import { reminderOrdinal } from "./transmittal-reminder-repository.ts";

const DAY = 24 * 60 * 60 * 1000;
const newJob = jobNumbers("T");
const pdf = (label: string) => Buffer.concat([samples.pdf, Buffer.from(`% ${label}\n`)]);

describe("reminder days", () => {
  const due = new Date("2026-12-20T12:00:00Z");
  it("reminds 3 days before, then daily once overdue, at most 14 times", () => {
    expect(reminderOrdinal(due, new Date("2026-12-17T11:59:00Z"))).toBeNull();
    expect(reminderOrdinal(due, new Date("2026-12-17T12:00:00Z"))).toBe(0);
    expect(reminderOrdinal(due, new Date("2026-12-20T11:00:00Z"))).toBe(0);
    expect(reminderOrdinal(due, new Date("2026-12-20T12:00:01Z"))).toBe(1);
    expect(reminderOrdinal(due, new Date("2026-12-21T12:00:01Z"))).toBe(2);
    expect(reminderOrdinal(due, new Date(due.getTime() + 13 * DAY + 1))).toBe(14);
    expect(reminderOrdinal(due, new Date(due.getTime() + 14 * DAY + 1))).toBeNull();
  });
});

describe("transmittals", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let clock = Date.now();
  let admin: Record<string, string>;
  let member: { headers: Record<string, string>; id: number; username: string };
  let outsider: Record<string, string>;
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
    const one = await employeeSession(t);
    member = { headers: authHeader(one.token), id: one.employee.id, username: one.employee.username };
    outsider = authHeader((await employeeSession(t)).token);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** A project whose register holds `sheets` at revision A. */
  const project = async (sheets = ["E-101", "E-102"]) => {
    const job = await createProject(t, admin, newJob(), [member.username]);
    for (const number of sheets) await upload(job, number, "A");
    return job;
  };
  const upload = async (job: string, number: string, revision: string) => {
    const body = multipart([
      { name: "number", value: number },
      { name: "revision", value: revision },
      { name: "title", value: `Sheet ${number}` },
      { name: "file", value: pdf(`${number}${revision}`), fileName: `${number}.pdf` },
    ]);
    const response = await t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/drawings`,
      headers: { ...member.headers, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
  };
  const send = (job: string, payload: Record<string, unknown>, headers = member.headers) =>
    t.app.inject({ method: "POST", url: `/api/projects/${job}/transmittals`, headers, payload });
  const approval = (sheets: string[], extra: Record<string, unknown> = {}) => ({
    purpose: "approval",
    sheets: sheets.map((number) => ({ number, revision: "A" })),
    message: "Shop drawings for your approval.",
    recipients: ["engineer@client.example", "pm@client.example"],
    ...extra,
  });
  const tokenOf = (url: string) => url.split("/review/")[1] ?? "";
  const review = (token: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: "GET", url: `/api/review/${token}`, headers });
  const register = async (job: string) => {
    const response = await t.app.inject({ method: "GET", url: `/api/projects/${job}/drawings`, headers: admin });
    return drawingSchema.array().parse(response.json());
  };
  const logOf = async (job: string, number: string) => {
    const response = await t.app.inject({
      method: "GET",
      url: `/api/projects/${job}/transmittals/${number}`,
      headers: member.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return transmittalSchema.parse(response.json());
  };
  const mailsTo = (address: string, containing: string) =>
    smtp.mails.filter((mail) => mail.to.includes(address) && unfolded(mail).includes(containing));

  it("sends sheets numbered per project, with a cover sheet, e-mails and an audit entry; sheets become Issued", async () => {
    const job = await project();
    const before = Date.now();
    const response = await send(job, approval(["E-101", "E-102"]));
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as { number: string; url: string; dueAt: string };
    expect(created.number).toBe(`${job}-T-001`);
    expect(created.url).toMatch(/^https:\/\/detailing\.example\.com\/review\/[A-Za-z0-9_-]{32}$/);
    // Default: 14 calendar days (AISC 303 §4.4).
    const due = Date.parse(created.dueAt) - before;
    expect(due).toBeGreaterThanOrEqual(14 * DAY - 1000);
    expect(due).toBeLessThan(14 * DAY + 60_000);
    expect((await send(job, approval(["E-101"]))).json().number).toBe(`${job}-T-002`);

    for (const address of ["engineer@client.example", "pm@client.example"]) {
      await expect.poll(() => mailsTo(address, created.url).length).toBe(1);
    }
    const sheets = await register(job);
    expect(sheets.map((sheet) => sheet.status)).toEqual(["issued", "issued"]);
    expect(sheets[0]?.revisions[0]?.status).toBe("issued");

    const cover = await t.app.inject({
      method: "GET",
      url: `/api/projects/${job}/transmittals/${created.number}/cover`,
      headers: member.headers,
    });
    expect(cover.statusCode).toBe(200);
    expect(cover.headers["content-type"]).toBe("application/pdf");
    const document = await PDFDocument.load(cover.rawPayload);
    expect(document.getPageCount()).toBe(1);
    expect(document.getTitle()).toBe(`Transmittal ${created.number}`);

    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "transmittal.create"))
      .orderBy(auditLog.id)
      .limit(1);
    expect(entry?.summary).toContain(`Sent ${created.number} (for approval, 2 sheets) to engineer@client.example`);
  });

  it("numbers transmittals created at once without gaps or twins", async () => {
    const job = await project(["S-1"]);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => send(job, approval(["S-1"], { recipients: ["x@client.example"] }))),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201]);
    const numbers = answers.map((answer) => answer.json().number as string).sort();
    expect(numbers).toEqual([1, 2, 3, 4].map((n) => `${job}-T-00${n}`));
  });

  it("refuses sheets not in the register, not at their latest revision or listed twice, and bad fields", async () => {
    const job = await project(["E-1"]);
    await upload(job, "E-1", "B");
    const cases: [Record<string, unknown>, RegExp][] = [
      [approval(["E-9"]), /E-9 is not in the register/],
      [approval(["E-1"]), /E-1 is at revision B: send its latest revision/],
      [
        {
          ...approval([]),
          sheets: [
            { number: "E-1", revision: "B" },
            { number: "E-1", revision: "B" },
          ],
        },
        /twice/,
      ],
      [approval(["E-1"], { recipients: [] }), /at least one recipient/],
      [approval(["E-1"], { purpose: "party" }), /approval, fabrication or information/],
      [approval(["E-1"], { dueDays: 0 }), /at least a day/],
    ];
    for (const [payload, reason] of cases) {
      const response = await send(job, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.body).toMatch(reason);
    }
    expect(
      await t.app.db
        .select()
        .from(transmittals)
        .where(eq(transmittals.number, `${job}-T-001`)),
    ).toEqual([]);
  });

  it("shows a project's transmittals to its team and admins only", async () => {
    const job = await project(["E-1"]);
    const number = (await send(job, approval(["E-1"]))).json().number as string;
    for (const url of [
      `/api/projects/${job}/transmittals`,
      `/api/projects/${job}/transmittals/${number}`,
      `/api/projects/${job}/transmittals/${number}/cover`,
    ]) {
      expect((await t.app.inject({ method: "GET", url, headers: outsider })).statusCode).toBe(404);
      expect((await t.app.inject({ method: "GET", url, headers: admin })).statusCode).toBe(200);
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
    }
    expect((await send(job, approval(["E-1"]), outsider)).statusCode).toBe(404);
  });

  it("lets the client review without an account: opening is the acknowledgement, and only its own transmittal shows", async () => {
    const job = await project(["E-101", "E-102"]);
    const other = await send(job, approval(["E-102"]));
    const created = (await send(job, approval(["E-101"]))).json() as { number: string; url: string };
    const token = tokenOf(created.url);
    expect((await logOf(job, created.number)).openedAt).toBeNull();

    const first = await review(token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers["cache-control"]).toBe("private, no-store");
    const view = reviewSchema.parse(first.json());
    expect(view.number).toBe(created.number);
    expect(view.sheets.map((sheet) => sheet.number)).toEqual(["E-101"]);
    expect(view.responses.map((response) => response.label)).toEqual([
      "Approved",
      "Approved as noted",
      "Revise and resubmit",
      "Rejected",
    ]);
    const opened = (await logOf(job, created.number)).openedAt;
    expect(opened).not.toBeNull();
    await review(token);
    expect((await logOf(job, created.number)).openedAt).toBe(opened);

    const sheet = await t.app.inject({ method: "GET", url: `/api/review/${token}/sheets/E-101/file` });
    expect(sheet.statusCode).toBe(200);
    expect(sheet.rawPayload.equals(pdf("E-101A"))).toBe(true);
    // Another transmittal's sheet, and sheets of the project not sent, are not reachable.
    expect((await t.app.inject({ method: "GET", url: `/api/review/${token}/sheets/E-102/file` })).statusCode).toBe(404);
    expect(other.statusCode).toBe(201);
    expect((await t.app.inject({ method: "GET", url: `/api/review/${token}/cover` })).statusCode).toBe(200);
    expect((await review("A".repeat(32))).statusCode).toBe(404);
    expect((await review("../../etc")).statusCode).toBe(404);
  });

  it("asks for a protected link's password before anything shows, and throttles guesses", async () => {
    const job = await project(["E-1"]);
    const created = (await send(job, approval(["E-1"], { password: "steel beams 42" }))).json() as { url: string };
    const token = tokenOf(created.url);
    const locked = await review(token);
    expect(locked.statusCode).toBe(401);
    expect(locked.json().message).toBe("This link needs its password.");
    expect((await t.app.inject({ method: "GET", url: `/api/review/${token}/sheets/E-1/file` })).statusCode).toBe(401);
    const password = (value: string) =>
      t.app.inject({ method: "POST", url: `/api/review/${token}/password`, payload: { password: value } });
    expect((await password("wrong")).statusCode).toBe(401);
    const right = await password("steel beams 42");
    expect(right.statusCode).toBe(200);
    const key = right.json().key as string;
    expect((await review(token, { [REVIEW_KEY_HEADER]: key })).statusCode).toBe(200);
    expect((await review(token, { [REVIEW_KEY_HEADER]: `${key.slice(0, -1)}x` })).statusCode).toBe(401);
    // Opening needs the password: a locked view is no acknowledgement.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) statuses.push((await password("guess")).statusCode);
    expect(statuses).toContain(429);
  });

  it("sets the sheets' statuses from the responses, tells the team, and takes a review once", async () => {
    const job = await project(["E-101", "E-102", "E-103"]);
    const created = (await send(job, approval(["E-101", "E-102", "E-103"]))).json() as {
      number: string;
      url: string;
    };
    const token = tokenOf(created.url);
    const markup = multipart([{ name: "file", value: pdf("markup"), fileName: "E-102 markup.pdf" }]);
    const attached = await t.app.inject({
      method: "POST",
      url: `/api/review/${token}/sheets/E-102/markups`,
      headers: markup.headers,
      payload: markup.payload,
    });
    expect(attached.statusCode, attached.body).toBe(201);
    const exe = multipart([{ name: "file", value: samples.exe, fileName: "notes.pdf" }]);
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/review/${token}/sheets/E-102/markups`,
      headers: exe.headers,
      payload: exe.payload,
    });
    expect(refused.statusCode).toBe(415);

    const submit = (responses: unknown[]) =>
      t.app.inject({ method: "POST", url: `/api/review/${token}`, payload: { responses } });
    const incomplete = await submit([{ number: "E-101", response: "approved" }]);
    expect(incomplete.statusCode).toBe(400);
    expect(incomplete.body).toContain("No response for E-102, E-103");

    const done = await submit([
      { number: "E-101", response: "approved" },
      { number: "E-102", response: "reviseResubmit", comment: "Check the base plate welds." },
      { number: "E-103", response: "approvedAsNoted", comment: "Bolt grade A325." },
    ]);
    expect(done.statusCode, done.body).toBe(200);
    expect(reviewSchema.parse(done.json()).submittedAt).not.toBeNull();
    const again = await submit([
      { number: "E-101", response: "rejected" },
      { number: "E-102", response: "rejected" },
      { number: "E-103", response: "rejected" },
    ]);
    expect(again.statusCode).toBe(409);

    const sheets = await register(job);
    expect(sheets.map((sheet) => [sheet.number, sheet.status])).toEqual([
      ["E-101", "approved"],
      ["E-102", "reviseResubmit"],
      ["E-103", "approvedAsNoted"],
    ]);
    // An approved sheet's next revision is 0; one to resubmit expects B.
    const next = multipart([
      { name: "number", value: "E-101" },
      { name: "revision", value: "B" },
      { name: "file", value: pdf("late"), fileName: "E-101.pdf" },
    ]);
    const refusal = await t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/drawings`,
      headers: { ...member.headers, ...next.headers },
      payload: next.payload,
    });
    expect(refusal.statusCode).toBe(409);
    expect(refusal.json().message).toContain("Approved sheets take numbers");

    const log = await logOf(job, created.number);
    expect(log.submittedAt).not.toBeNull();
    expect(log.sheets.find((sheet) => sheet.number === "E-102")).toMatchObject({
      response: "reviseResubmit",
      comment: "Check the base plate welds.",
      markups: [{ fileName: "E-102 markup.pdf" }],
    });
    const markupFile = await t.app.inject({
      method: "GET",
      url: `/api/projects/${job}/transmittals/${created.number}/markups/${log.sheets[1]?.markups[0]?.id}`,
      headers: member.headers,
    });
    expect(markupFile.rawPayload.equals(pdf("markup"))).toBe(true);

    const bell = notificationListSchema.parse(
      (await t.app.inject({ method: "GET", url: "/api/notifications", headers: member.headers })).json(),
    );
    expect(bell.content.find((notice) => notice.kind === "transmittalResponse")).toMatchObject({
      title: `${created.number} answered: 1 approved, 1 approved as noted, 1 revise and resubmit`,
      url: `/staff/projects/${job}?tab=transmittals`,
    });
    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, "transmittal.response"));
    expect(entry?.actor).toBe("engineer@client.example");

    const late = multipart([{ name: "file", value: pdf("late"), fileName: "late.pdf" }]);
    const afterwards = await t.app.inject({
      method: "POST",
      url: `/api/review/${token}/sheets/E-101/markups`,
      headers: late.headers,
      payload: late.payload,
    });
    expect(afterwards.statusCode).toBe(409);

    const csv = await t.app.inject({
      method: "GET",
      url: `/api/projects/${job}/transmittals?format=csv`,
      headers: member.headers,
    });
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.body).toContain(`${created.number},For approval`);
    expect(csv.body).toContain("E-102,Sheet E-102,A,Revise and resubmit,Check the base plate welds.");
  });

  it("takes marked-up files by resumable upload too, for a protected link only with its key", async () => {
    const job = await project(["E-1", "E-2"]);
    const created = (await send(job, approval(["E-1"], { password: "steel beams 42" }))).json() as {
      number: string;
      url: string;
    };
    const token = tokenOf(created.url);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    const data = Buffer.concat([pdf("tus markup"), Buffer.alloc(300_000, 32)]);
    const upload = (metadata: Record<string, string>, headers: Record<string, string> = {}) =>
      tusUpload(base, data, {
        metadata: { review: token, sheet: "E-1", filename: "E-1 markup.pdf", ...metadata },
        headers,
        chunkSize: 100_000,
      });
    const refusal = async (attempt: Promise<unknown>) => {
      const error = await attempt.then(
        () => undefined,
        (failure: unknown) => failure,
      );
      expect(error).toBeInstanceOf(TusError);
      return (error as TusError).status;
    };
    expect(await refusal(upload({}))).toBe(401);
    const key = (
      await t.app.inject({
        method: "POST",
        url: `/api/review/${token}/password`,
        payload: { password: "steel beams 42" },
      })
    ).json().key as string;
    expect(await refusal(upload({ key, sheet: "E-2" }))).toBe(404);
    const done = await upload({ key }, { [REVIEW_KEY_HEADER]: key });
    expect(done.body).toMatchObject({ fileName: "E-1 markup.pdf", size: data.length });
    const log = await logOf(job, created.number);
    expect(log.sheets[0]?.markups).toEqual([
      expect.objectContaining({ fileName: "E-1 markup.pdf", size: data.length }),
    ]);
    // Another link's token cannot carry on with this upload, and a withdrawn link takes no more.
    await t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/transmittals/${created.number}/void`,
      headers: member.headers,
    });
    expect(await refusal(upload({ key }, { [REVIEW_KEY_HEADER]: key }))).toBe(410);
  });

  it("answers 410 for a withdrawn or expired link, and 404 for an unknown one", async () => {
    const job = await project(["E-1"]);
    const first = (await send(job, approval(["E-1"]))).json() as { number: string; url: string };
    const voided = await t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/transmittals/${first.number}/void`,
      headers: member.headers,
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(transmittalSchema.parse(voided.json()).url).toBeNull();
    const withdrawn = await review(tokenOf(first.url));
    expect(withdrawn.statusCode).toBe(410);
    expect(withdrawn.json().message).toContain("withdrawn");
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: `/api/projects/${job}/transmittals/${first.number}/void`,
          headers: member.headers,
        })
      ).statusCode,
    ).toBe(409);

    const second = (await send(job, approval(["E-1"]))).json() as { number: string; url: string };
    await t.app.db
      .update(transmittals)
      .set({ dueAt: new Date(Date.now() - 91 * DAY) })
      .where(eq(transmittals.number, second.number));
    expect((await review(tokenOf(second.url))).statusCode).toBe(410);
  });

  it("sends each reminder once, 3 days before the due date and daily once overdue", async () => {
    const job = await project(["E-1"]);
    const created = (
      await send(job, approval(["E-1"], { recipients: ["late@client.example"], dueDays: 5 }))
    ).json() as {
      number: string;
      dueAt: string;
    };
    const reminders = () =>
      mailsTo("late@client.example", created.number).filter((mail) => /Reminder|Overdue/.test(mail.raw));
    const due = Date.parse(created.dueAt);
    const sweepAt = async (at: number) => {
      clock = at;
      return t.app.transmittalReminders.sweep();
    };
    expect(await sweepAt(due - 4 * DAY)).toBe(0);
    expect(await sweepAt(due - 2 * DAY)).toBeGreaterThanOrEqual(1);
    await expect.poll(() => reminders().length).toBe(1);
    // Again the same day: already sent (as another instance's sweep would find it).
    await sweepAt(due - 2 * DAY + 1000);
    await sweepAt(due - DAY);
    await sweepAt(due + DAY / 2);
    await expect.poll(() => reminders().length).toBe(2);
    expect(reminders()[1]?.raw).toContain("Overdue");
    await sweepAt(due + DAY / 2 + 60_000);
    expect((await logOf(job, created.number)).remindersSent).toBe(2);
    expect(reminders()).toHaveLength(2);
    clock = Date.now();
  });
});
