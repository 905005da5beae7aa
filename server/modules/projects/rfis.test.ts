// DESIGN §16 RFIs: the team asks a question naming sheets (numbered RFI-001, … per project, even
// when two are asked at once); an open RFI holds the sheets it names; the person asked answers once
// at /rfi/{token} with no login (text and files), which releases the holds and tells the team;
// staff close or void it; 404 to anyone off the team, 410 for a closed or void link. Files are asked
// of the app's object store, e-mails of a real SMTP conversation.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drawingSchema } from "../../../shared/drawings.ts";
import { publicRfiSchema, rfiSchema } from "../../../shared/rfis.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { adminToken, authHeader, employeeSession } from "../../../test/helpers/factories.ts";
import { multipart, type Part } from "../../../test/helpers/multipart.ts";
import { createProject, jobNumbers, uploadSheets } from "../../../test/helpers/projects.ts";
import { samples } from "../../../test/helpers/sample-files.ts";
import { startSmtpCapture, unfolded } from "../../../test/helpers/smtp-capture.ts";
import { storedKeys } from "../../../test/helpers/stored-files.ts";
import { auditLog, notifications } from "../../db/schema.ts";
import { RFIS_NAMESPACE, rfiDueSweep } from "./rfi-notices.ts";
import { rfiAnswerLimit, rfiPageStatus } from "./rfi-public-routes.ts";

const newJob = jobNumbers("R");
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const tokenOf = (url: string) => url.split("/rfi/")[1] ?? "";

describe("RFIs", () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
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

  /** A project with `member` on its team and the sheets named, each at revision A. */
  const project = async (...sheets: string[]) => {
    const job = await createProject(t, admin, newJob(), [member.username]);
    await uploadSheets(t, job, member.headers, sheets);
    return job;
  };
  const ask = (job: string, fields: Record<string, unknown> = {}, headers = member.headers) =>
    t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/rfis`,
      headers,
      payload: {
        subject: "Beam B12 connection",
        question: "Is the shear tab at B12 to be bolted or welded?",
        suggestion: "Bolted, 3 rows of 3/4in A325",
        sheets: [],
        to: "engineer@eor.example",
        dueAt: inDays(7),
        ...fields,
      },
    });
  const asked = async (job: string, fields: Record<string, unknown> = {}) => {
    const response = await ask(job, fields);
    expect(response.statusCode, response.body).toBe(201);
    return rfiSchema.parse(response.json());
  };
  const holds = async (job: string) => {
    const response = await t.app.inject({ method: "GET", url: `/api/projects/${job}/drawings`, headers: admin });
    return Object.fromEntries(
      drawingSchema
        .array()
        .parse(response.json())
        .map((sheet) => [sheet.number, sheet.onHold]),
    );
  };
  const answer = (token: string, text: string | null, files: Part[] = []) => {
    const body = multipart([...(text === null ? [] : [{ name: "answer", value: text }]), ...files]);
    return t.app.inject({ method: "POST", url: `/api/rfi/${token}`, headers: body.headers, payload: body.payload });
  };
  const staffPost = (job: string, number: string, action: "close" | "void", headers = member.headers) =>
    t.app.inject({ method: "POST", url: `/api/projects/${job}/rfis/${number}/${action}`, headers });
  const audit = (job: string, number: string) =>
    t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `rfi:${job}/${number}`));

  it("numbers RFIs per project, even asked at once, holds their sheets and e-mails the link", async () => {
    const job = await project("E-101", "E-102", "E-103");
    const first = await asked(job, { sheets: ["E-101", "E-102"] });
    expect(first).toMatchObject({
      number: "RFI-001",
      subject: "Beam B12 connection",
      sheets: ["E-101", "E-102"],
      to: "engineer@eor.example",
      state: "open",
      createdBy: member.username,
      answer: null,
      files: [],
    });
    expect(first.url).toMatch(/^https:\/\/detailing\.example\.com\/rfi\/[A-Za-z0-9_-]{32}$/);
    expect(await holds(job)).toEqual({ "E-101": true, "E-102": true, "E-103": false });

    const together = await Promise.all([1, 2, 3].map(() => ask(job)));
    expect(together.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    expect(together.map((response) => response.json().number).sort()).toEqual(["RFI-002", "RFI-003", "RFI-004"]);
    // Another project starts at 1 again.
    expect((await asked(await project())).number).toBe("RFI-001");

    await expect
      .poll(() => smtp.mails.find((mail) => unfolded(mail).includes(first.url)), { timeout: 10_000 })
      .toBeTruthy();
    const mail = smtp.mails.find((m) => unfolded(m).includes(first.url))!;
    expect(mail.to).toEqual(["engineer@eor.example"]);
    expect(unfolded(mail)).toContain("RFI-001");
    expect((await audit(job, "RFI-001")).map((entry) => [entry.action, entry.actor, entry.summary])).toEqual([
      [
        "rfi.create",
        member.username,
        expect.stringMatching(/^Asked RFI-001 “Beam B12 connection” of engineer@eor\.example .*holding E-101, E-102/),
      ],
    ]);
  });

  it("refuses sheets not in the register, naming them, and makes nothing", async () => {
    const job = await project("E-101");
    const response = await ask(job, { sheets: ["E-101", "X-9", "X-10"] });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Some sheets are not in the register: X-9, X-10.");
    expect(response.json().errors.sheets).toContain("X-9, X-10");
    expect(await holds(job)).toEqual({ "E-101": false });
    expect((await asked(job)).number).toBe("RFI-001");
    // Fields by the shared rules, and a due time in the past.
    const bad = await ask(job, { subject: "", to: "nobody", dueAt: inDays(-1) });
    expect(bad.statusCode).toBe(400);
    expect((await ask(job, { dueAt: inDays(-1) })).json().errors).toEqual({
      dueAt: "The due time must be in the future",
    });
  });

  it("is the team's and admins' only: 404 to anyone else, 401 without a login", async () => {
    const job = await project("E-101");
    const rfi = await asked(job, { sheets: ["E-101"] });
    expect((await ask(job, {}, outsider)).statusCode).toBe(404);
    expect((await ask(job, {}, admin)).statusCode).toBe(201);
    for (const url of [`/api/projects/${job}/rfis`, `/api/projects/${job}/rfis/${rfi.number}`]) {
      expect((await t.app.inject({ method: "GET", url, headers: outsider })).statusCode).toBe(404);
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: "GET", url, headers: admin })).statusCode).toBe(200);
    }
    expect((await staffPost(job, rfi.number, "void", outsider)).statusCode).toBe(404);
    expect((await staffPost(job, "RFI-999", "void")).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: "/api/projects/NOPE-1/rfis", headers: admin })).statusCode).toBe(
      404,
    );
  });

  it("shows the person asked this RFI only, and 404 for an unknown link", async () => {
    const job = await project("E-101", "E-102");
    const rfi = await asked(job, { sheets: ["E-102"] });
    await asked(job, { subject: "Another question", sheets: ["E-101"] });
    const response = await t.app.inject({ method: "GET", url: `/api/rfi/${tokenOf(rfi.url)}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const view = response.json();
    expect(Object.keys(view).sort()).toEqual(Object.keys(publicRfiSchema.shape).sort());
    expect(publicRfiSchema.parse(view)).toMatchObject({
      number: "RFI-001",
      subject: "Beam B12 connection",
      sheets: [{ number: "E-102", title: "Sheet E-102" }],
      project: { job, name: "Mill Building" },
      state: "open",
    });
    expect(JSON.stringify(view)).not.toMatch(/Another question|Acme|engineer@|E-101/);
    for (const token of ["A".repeat(32), "short", "x".repeat(200)]) {
      expect((await t.app.inject({ method: "GET", url: `/api/rfi/${token}` })).statusCode).toBe(404);
      expect((await answer(token, "Bolted")).statusCode).toBe(404);
    }
  });

  it("takes one answer with files: answered, holds released where no other RFI is open, the team told", async () => {
    const job = await project("E-101", "E-102");
    const rfi = await asked(job, { sheets: ["E-101", "E-102"] });
    const other = await asked(job, { sheets: ["E-102"] });
    const response = await answer(tokenOf(rfi.url), "Bolted, as you suggest.", [
      { name: "files", value: samples.pdf, fileName: "SK-1.pdf" },
      { name: "files", value: samples.png, fileName: "photo.png" },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ state: "answered", answeredAt: expect.any(String) });
    expect(await holds(job)).toEqual({ "E-101": false, "E-102": true });

    const read = rfiSchema.parse(
      (
        await t.app.inject({ method: "GET", url: `/api/projects/${job}/rfis/${rfi.number}`, headers: member.headers })
      ).json(),
    );
    expect(read).toMatchObject({ state: "answered", answer: "Bolted, as you suggest." });
    expect(read.files.map((file) => file.fileName)).toEqual(["SK-1.pdf", "photo.png"]);
    const file = await t.app.inject({
      method: "GET",
      url: `/api/projects/${job}/rfis/${rfi.number}/files/${read.files[0]?.id}`,
      headers: member.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(samples.pdf)).toBe(true);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/projects/${job}/rfis/${other.number}/files/${read.files[0]?.id}`,
          headers: admin,
        })
      ).statusCode,
    ).toBe(404);

    const told = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, member.id), eq(notifications.kind, "rfiAnswered")));
    expect(told.filter((notice) => notice.title.includes(`${job} RFI-001`)).map((notice) => notice.url)).toEqual([
      `/staff/projects/${job}?tab=rfis`,
    ]);
    expect((await audit(job, rfi.number)).find((entry) => entry.action === "rfi.answer")).toMatchObject({
      actor: "engineer@eor.example",
      summary: `Answered RFI-001 on ${job} with 2 files`,
    });

    const again = await answer(tokenOf(rfi.url), "Welded, after all.");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("RFI-001 has been answered already. Thank you.");
    // Still readable, as answered.
    expect((await t.app.inject({ method: "GET", url: `/api/rfi/${tokenOf(rfi.url)}` })).json().state).toBe("answered");
  });

  it("refuses an answer without text, with a file of the wrong type or too many, and keeps no file of it", async () => {
    const job = await project("E-101");
    const rfi = await asked(job, { sheets: ["E-101"] });
    const token = tokenOf(rfi.url);
    const before = await storedKeys(t.app, RFIS_NAMESPACE);
    const noText = await answer(token, "  ", [{ name: "files", value: samples.pdf, fileName: "a.pdf" }]);
    expect(noText.statusCode).toBe(400);
    expect(noText.json().errors).toEqual({ answer: "The answer is required" });
    const wrongType = await answer(token, "See attached", [{ name: "files", value: samples.exe, fileName: "a.pdf" }]);
    expect(wrongType.statusCode).toBe(415);
    const many = Array.from({ length: 11 }, (_, i) => ({ name: "files", value: samples.pdf, fileName: `${i}.pdf` }));
    const tooMany = await answer(token, "See attached", many);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe("Send at most 10 files.");
    const json = await t.app.inject({ method: "POST", url: `/api/rfi/${token}`, payload: { answer: "Bolted" } });
    expect(json.statusCode).toBe(415);
    expect(await storedKeys(t.app, RFIS_NAMESPACE)).toEqual(before);
    expect(await holds(job)).toEqual({ "E-101": true });
  });

  it("closes an answered RFI and voids an open one (releasing its holds); 409 from any other state, 410 on the link", async () => {
    const job = await project("E-101", "E-102");
    const answered = await asked(job, { sheets: ["E-101"] });
    const open = await asked(job, { sheets: ["E-102"] });
    const early = await staffPost(job, answered.number, "close");
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("RFI-001 is open: only an answered RFI can be closed.");
    expect((await answer(tokenOf(answered.url), "Bolted")).statusCode).toBe(200);
    const closed = await staffPost(job, answered.number, "close");
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ state: "closed", closedAt: expect.any(String) });
    expect((await staffPost(job, answered.number, "close")).statusCode).toBe(409);
    expect((await staffPost(job, answered.number, "void")).statusCode).toBe(409);

    expect(await holds(job)).toEqual({ "E-101": false, "E-102": true });
    const voided = await staffPost(job, open.number, "void", admin);
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json().state).toBe("void");
    expect(await holds(job)).toEqual({ "E-101": false, "E-102": false });
    expect((await staffPost(job, open.number, "void")).statusCode).toBe(409);

    for (const rfi of [answered, open]) {
      const view = await t.app.inject({ method: "GET", url: `/api/rfi/${tokenOf(rfi.url)}` });
      expect(view.statusCode).toBe(410);
      expect((await answer(tokenOf(rfi.url), "Late answer")).statusCode).toBe(410);
    }
    expect((await t.app.inject({ method: "GET", url: `/api/rfi/${tokenOf(open.url)}` })).json().message).toBe(
      "RFI-002 was withdrawn: it needs no answer any more.",
    );
    const page = rfiPageStatus(t.app.db);
    expect(await page(tokenOf(open.url))).toBe(410);
    expect(await page("A".repeat(32))).toBe(404);
    expect(await page(tokenOf((await asked(job)).url))).toBe(200);
    expect((await audit(job, open.number)).filter((e) => e.action === "rfi.close").map((e) => e.summary)).toEqual([
      `Voided RFI-002 on ${job}`,
    ]);
    expect((await audit(job, answered.number)).filter((e) => e.action === "rfi.close").map((e) => e.summary)).toEqual([
      `Closed RFI-001 on ${job}`,
    ]);
  });

  it("lists the log, and as CSV", async () => {
    const job = await project("E-101");
    await asked(job, { sheets: ["E-101"], subject: "=HYPERLINK(1)" });
    await asked(job, { subject: "Second" });
    const log = await t.app.inject({ method: "GET", url: `/api/projects/${job}/rfis`, headers: member.headers });
    expect(
      rfiSchema
        .array()
        .parse(log.json())
        .map((rfi) => [rfi.number, rfi.state]),
    ).toEqual([
      ["RFI-001", "open"],
      ["RFI-002", "open"],
    ]);
    const csv = await t.app.inject({
      method: "GET",
      url: `/api/projects/${job}/rfis?format=csv`,
      headers: member.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const rows = csv.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(rows[0]).toBe("number,subject,sheets,to,state,asked,asked by,due,answered,closed,files");
    expect(rows[1]).toMatch(/^RFI-001,'=HYPERLINK\(1\),E-101,engineer@eor\.example,open,/);
    expect(rows).toHaveLength(3);
  });

  it("tells the team once of an RFI due within 3 days and not answered", async () => {
    const job = await project();
    const soon = await asked(job, { subject: "Due soon", dueAt: inDays(2) });
    await asked(job, { subject: "Due later", dueAt: inDays(10) });
    const answeredSoon = await asked(job, { subject: "Answered soon", dueAt: inDays(1) });
    expect((await answer(tokenOf(answeredSoon.url), "Done")).statusCode).toBe(200);
    const sweep = rfiDueSweep(t.app);
    await sweep();
    await sweep();
    const due = await t.app.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, member.id), eq(notifications.kind, "due")));
    expect(
      due.filter((notice) => notice.title.startsWith(`${job} `)).map((notice) => [notice.title, notice.url]),
    ).toEqual([
      [
        expect.stringMatching(new RegExp(`^${job} ${soon.number} “Due soon” is due `)),
        `/staff/projects/${job}?tab=rfis`,
      ],
    ]);
  });

  it("limits answers per address and link", async () => {
    const token = "B".repeat(32);
    for (let i = 0; i < rfiAnswerLimit.max; i++) expect((await answer(token, "x")).statusCode).toBe(404);
    const limited = await answer(token, "x");
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
  });
});
