// DESIGN §16: the client answers each sheet with one of the response labels, which an admin may
// rename. The answer is stored by key; everything that shows one (the review page, the staff
// log and its CSV, the team's notice, the employee's day) shows the office's current words.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { myDaySchema } from "../../../shared/my-day.ts";
import { notificationListSchema } from "../../../shared/notifications.ts";
import { projectSchema } from "../../../shared/projects.ts";
import {
  defaultResponseLabels,
  type ResponseLabels,
  responseLabelsAnswerSchema,
  reviewSchema,
  transmittalPaths,
  transmittalSchema,
} from "../../../shared/transmittals.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { adminToken, authHeader, employeeSession } from "../../../test/helpers/factories.ts";
import { multipart } from "../../../test/helpers/multipart.ts";
import { samples } from "../../../test/helpers/sample-files.ts";
import { auditLog } from "../../db/schema.ts";

const url = transmittalPaths.responseLabels;
let jobs = 0;
const newJob = () => `L-${process.pid % 1000}-${++jobs}`;

describe("response labels", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let member: { headers: Record<string, string>; username: string };

  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_ORIGIN: "https://detailing.example.com" } });
    admin = authHeader(await adminToken(t));
    const session = await employeeSession(t);
    member = { headers: authHeader(session.token), username: session.employee.username };
  });
  afterAll(async () => {
    await t.close();
  });

  const read = async (headers = member.headers) => {
    const response = await t.app.inject({ method: "GET", url, headers });
    expect(response.statusCode, response.body).toBe(200);
    return responseLabelsAnswerSchema.parse(response.json());
  };
  const rename = (payload: object, headers = admin) => t.app.inject({ method: "PUT", url, headers, payload });
  const renamed = (changes: Partial<ResponseLabels>): ResponseLabels => ({ ...defaultResponseLabels, ...changes });

  /** A project with `member` on its team and sheets E-1 and E-2 at revision A, sent for approval. */
  const transmitted = async () => {
    const job = newJob();
    const created = await t.app.inject({
      method: "POST",
      url: "/api/projects",
      headers: admin,
      payload: { job, name: "Foundry", client: { company: "Acme", email: "a@acme.example" }, team: [member.username] },
    });
    expect(created.statusCode, created.body).toBe(201);
    for (const number of ["E-1", "E-2"]) {
      const body = multipart([
        { name: "number", value: number },
        { name: "revision", value: "A" },
        { name: "title", value: `Sheet ${number}` },
        { name: "file", value: Buffer.concat([samples.pdf, Buffer.from(`% ${number}\n`)]), fileName: `${number}.pdf` },
      ]);
      const uploaded = await t.app.inject({
        method: "POST",
        url: `/api/projects/${job}/drawings`,
        headers: { ...member.headers, ...body.headers },
        payload: body.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
    }
    const sent = await t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/transmittals`,
      headers: member.headers,
      payload: {
        purpose: "approval",
        sheets: [
          { number: "E-1", revision: "A" },
          { number: "E-2", revision: "A" },
        ],
        recipients: ["engineer@client.example"],
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const { number, url: link } = sent.json() as { number: string; url: string };
    return { job, number, token: link.split("/review/")[1] ?? "" };
  };

  it("answers the defaults at version 0 to any staff, and nothing to someone signed out", async () => {
    expect(await read()).toEqual({ labels: defaultResponseLabels, version: 0 });
    expect(await read(admin)).toEqual({ labels: defaultResponseLabels, version: 0 });
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
    const signedOut = await rename({ labels: defaultResponseLabels, version: 0 }, {});
    expect(signedOut.statusCode).toBe(401);
  });

  it("is not taken for a job number, nor a job number for it", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/projects",
      headers: admin,
      payload: { job: "RESPONSE-LABELS", name: "Labels Mill", client: { company: "Acme", email: "a@acme.example" } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const project = await t.app.inject({ method: "GET", url: "/api/projects/RESPONSE-LABELS", headers: admin });
    expect(projectSchema.parse(project.json()).name).toBe("Labels Mill");
    expect((await read(admin)).labels).toEqual(defaultResponseLabels);
  });

  it("lets only an admin rename them", async () => {
    const refused = await rename({ labels: renamed({ rejected: "No" }), version: 0 }, member.headers);
    expect(refused.statusCode).toBe(403);
    expect((await read()).version).toBe(0);
  });

  it("refuses empty, long and look-alike labels, naming the field", async () => {
    const cases: [object, string, RegExp][] = [
      [{ labels: renamed({ approved: "   " }), version: 0 }, "labels.approved", /label for “Approved” is required/],
      [
        { labels: renamed({ rejected: "x".repeat(41) }), version: 0 },
        "labels.rejected",
        /label for “Rejected” has at most 40 characters/,
      ],
      [
        { labels: renamed({ rejected: " approved " }), version: 0 },
        "labels.rejected",
        /same as the label for “Approved”/,
      ],
      [
        { labels: renamed({ reviseResubmit: "APPROVED AS NOTED" }), version: 0 },
        "labels.reviseResubmit",
        /same as the label for “Approved as noted”/,
      ],
      [{ labels: { approved: "Yes" }, version: 0 }, "labels.approvedAsNoted", /required/],
      [{ labels: defaultResponseLabels }, "version", /version read is required/],
    ];
    for (const [payload, field, message] of cases) {
      const response = await rename(payload);
      expect(response.statusCode, response.body).toBe(400);
      expect((response.json() as { errors: Record<string, string> }).errors[field], response.body).toMatch(message);
    }
    const extra = await rename({ labels: { ...defaultResponseLabels, maybe: "Maybe" }, version: 0 });
    expect(extra.statusCode).toBe(400);
    expect((await read()).version).toBe(0);
  });

  it("shows the new words wherever a response shows, keeping the answers' keys; audited old → new", async () => {
    const { job, number, token } = await transmitted();
    const saved = await rename({
      labels: renamed({ reviseResubmit: "  Revise & resubmit ", rejected: "Not accepted" }),
      version: 0,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const words = renamed({ reviseResubmit: "Revise & resubmit", rejected: "Not accepted" });
    expect(responseLabelsAnswerSchema.parse(saved.json())).toEqual({ labels: words, version: 1 });
    expect(await read()).toEqual({ labels: words, version: 1 });

    // The client's review page offers the new words...
    const page = reviewSchema.parse((await t.app.inject({ method: "GET", url: `/api/review/${token}` })).json());
    expect(page.responses).toEqual([
      { key: "approved", label: "Approved" },
      { key: "approvedAsNoted", label: "Approved as noted" },
      { key: "reviseResubmit", label: "Revise & resubmit" },
      { key: "rejected", label: "Not accepted" },
    ]);
    // ...and the answer is still the key.
    const answered = await t.app.inject({
      method: "POST",
      url: `/api/review/${token}`,
      payload: {
        responses: [
          { number: "E-1", response: "reviseResubmit", comment: "Splice the ridge beam." },
          { number: "E-2", response: "rejected" },
        ],
      },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(reviewSchema.parse(answered.json()).responses[2]?.label).toBe("Revise & resubmit");

    const log = await t.app.inject({
      method: "GET",
      url: `/api/projects/${job}/transmittals`,
      headers: member.headers,
    });
    const [sent] = transmittalSchema.array().parse(log.json());
    expect(sent?.sheets.map((sheet) => sheet.response)).toEqual(["reviseResubmit", "rejected"]);
    const csv = await t.app.inject({
      method: "GET",
      url: `/api/projects/${job}/transmittals?format=csv`,
      headers: member.headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`${number},For approval`);
    expect(csv.body).toMatch(/E-1,Sheet E-1,A,Revise & resubmit,Splice the ridge beam\./);
    expect(csv.body).toMatch(/E-2,Sheet E-2,A,Not accepted,/);
    expect(csv.body).not.toContain("Revise and resubmit");

    const bell = notificationListSchema.parse(
      (await t.app.inject({ method: "GET", url: "/api/notifications", headers: member.headers })).json(),
    );
    expect(bell.content.find((notice) => notice.kind === "transmittalResponse")?.title).toBe(
      `${number} answered: 1 revise & resubmit, 1 not accepted`,
    );
    const day = myDaySchema.parse(
      (await t.app.inject({ method: "GET", url: "/api/projects/my-day", headers: member.headers })).json(),
    );
    expect(day.responses.find((response) => response.transmittal === number)?.summary).toBe(
      "1 revise & resubmit, 1 not accepted",
    );

    const [entry] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, "transmittal.labels"));
    expect(entry).toMatchObject({
      actor: "admin",
      target: "settings:responseLabels",
      summary: "Renamed the review's responses: Revise and resubmit → Revise & resubmit; Rejected → Not accepted",
    });
  });

  it("refuses a change made on stale words (409), and takes the defaults back", async () => {
    const { version } = await read(admin);
    const stale = await rename({ labels: renamed({ approved: "OK" }), version: version - 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(/Someone changed the response labels since you opened them/);

    // Two admins saving on the same version: one wins, the other is told.
    const both = await Promise.all([
      rename({ labels: renamed({ approved: "Fine" }), version }),
      rename({ labels: renamed({ approved: "Good" }), version }),
    ]);
    expect(both.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await read()).version).toBe(version + 1);

    const reset = await rename({ labels: defaultResponseLabels, version: version + 1 });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await read()).toEqual({ labels: defaultResponseLabels, version: version + 2 });
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, "transmittal.labels"))
      .orderBy(auditLog.id);
    expect(entries).toHaveLength(3);
    expect(entries[1]?.summary).toMatch(/: Approved → (Fine|Good); Revise & resubmit → Revise and resubmit; Not/);
    expect(entries[2]?.summary).toMatch(/^Renamed the review's responses: (Fine|Good) → Approved$/);
  });
});
