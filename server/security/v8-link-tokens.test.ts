/**
 * ASVS 5.0 V8 Authorization, for the links clients use without an account (DESIGN §16): a
 * transmittal's review (`/review/{token}`) and an RFI's answer (`/rfi/{token}`). A token is the
 * whole key, so each is attacked as an outsider would: guessed, reused after its link ended, and
 * used to reach another project's drawings.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers/app.ts";
import { adminToken, authHeader, employeeSession } from "../../test/helpers/factories.ts";
import { multipart } from "../../test/helpers/multipart.ts";
import { samples } from "../../test/helpers/sample-files.ts";
import { transmittals } from "../db/schema.ts";

const DAY = 24 * 60 * 60 * 1000;
const pdf = (label: string) => Buffer.concat([samples.pdf, Buffer.from(`% ${label}\n`)]);
const tokenOf = (url: string) => new URL(url).pathname.split("/").pop() ?? "";

describe("V8 Authorization: client links", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let member: Record<string, string>;
  let team: string[];
  let suffix = 0;

  beforeAll(async () => {
    t = await createTestApp();
    admin = authHeader(await adminToken(t));
    const one = await employeeSession(t);
    member = authHeader(one.token);
    team = [one.employee.username];
  });
  afterAll(async () => t.close());

  /** A project whose register holds E-1 at revision A, with the file `pdf(label)`. */
  const project = async (label: string) => {
    const job = `SEC-${process.pid % 1000}-${++suffix}`;
    const created = await t.app.inject({
      method: "POST",
      url: "/api/projects",
      headers: admin,
      payload: {
        job,
        name: `Project ${label}`,
        client: { company: label, email: `pm@${label.toLowerCase()}.example` },
        team,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = multipart([
      { name: "number", value: "E-1" },
      { name: "revision", value: "A" },
      { name: "title", value: `${label} plan` },
      { name: "file", value: pdf(label), fileName: "E-1.pdf" },
    ]);
    const sheet = await t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/drawings`,
      headers: { ...member, ...body.headers },
      payload: body.payload,
    });
    expect(sheet.statusCode, sheet.body).toBe(201);
    return job;
  };
  const transmit = async (job: string) => {
    const response = await t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/transmittals`,
      headers: member,
      payload: { purpose: "approval", sheets: [{ number: "E-1", revision: "A" }], recipients: ["eor@client.example"] },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { number: string; url: string };
  };
  const ask = async (job: string) => {
    const response = await t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/rfis`,
      headers: member,
      payload: {
        subject: "Base plate",
        question: "Grout thickness?",
        suggestion: "",
        sheets: ["E-1"],
        to: "eor@client.example",
        dueAt: new Date(Date.now() + 5 * DAY).toISOString(),
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json() as { number: string; url: string };
  };
  /** Every door of a review link, as the client's page uses them. */
  const reviewDoors = (token: string) => {
    const markup = multipart([{ name: "file", value: pdf("markup"), fileName: "m.pdf" }]);
    return [
      t.app.inject({ method: "GET", url: `/api/review/${token}` }),
      t.app.inject({ method: "GET", url: `/api/review/${token}/cover` }),
      t.app.inject({ method: "GET", url: `/api/review/${token}/sheets/E-1/file` }),
      t.app.inject({
        method: "POST",
        url: `/api/review/${token}/sheets/E-1/markups`,
        headers: markup.headers,
        payload: markup.payload,
      }),
      t.app.inject({
        method: "POST",
        url: `/api/review/${token}`,
        payload: { responses: [{ number: "E-1", response: "approved" }] },
      }),
      t.app.inject({ method: "POST", url: `/api/review/${token}/password`, payload: { password: "x" } }),
    ];
  };
  const answer = (token: string) => {
    const body = multipart([{ name: "answer", value: "25 mm." }]);
    return t.app.inject({ method: "POST", url: `/api/rfi/${token}`, headers: body.headers, payload: body.payload });
  };

  it("V8.2.2 a guessed token opens nothing: 404 on every door, however it is shaped", async () => {
    const job = await project("Acme");
    await transmit(job);
    await ask(job);
    for (const guess of [randomBytes(24).toString("base64url"), "A".repeat(32), "../../api/projects", "%00", "x"]) {
      const token = encodeURIComponent(guess);
      for (const door of await Promise.all(reviewDoors(token))) {
        expect(door.statusCode, `${door.raw.req.url}: ${door.body}`).toBe(404);
        expect(door.body).not.toContain("Acme");
      }
      expect((await t.app.inject({ method: "GET", url: `/api/rfi/${token}` })).statusCode).toBe(404);
      expect((await answer(token)).statusCode).toBe(404);
    }
  });

  it("V8.2.2 a link reused after it ended answers 410 on every door, and changes nothing", async () => {
    const job = await project("Bolt");
    const withdrawn = await transmit(job);
    const voided = await t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/transmittals/${withdrawn.number}/void`,
      headers: member,
    });
    expect(voided.statusCode).toBe(200);
    for (const door of await Promise.all(reviewDoors(tokenOf(withdrawn.url)))) {
      expect(door.statusCode, `${door.raw.req.url}: ${door.body}`).toBe(410);
    }
    const log = await t.app.inject({
      method: "GET",
      url: `/api/projects/${job}/transmittals/${withdrawn.number}`,
      headers: member,
    });
    expect(log.json()).toMatchObject({ openedAt: null, submittedAt: null, sheets: [{ response: null, markups: [] }] });

    const closedRfi = await ask(job);
    const token = tokenOf(closedRfi.url);
    expect((await answer(token)).statusCode).toBe(200);
    const closed = await t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/rfis/${closedRfi.number}/close`,
      headers: member,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await t.app.inject({ method: "GET", url: `/api/rfi/${token}` })).statusCode).toBe(410);
    expect((await answer(token)).statusCode).toBe(410);
  });

  it("V8.2.2 a link reaches only its own transmittal: not another project's sheet, log or transmittal", async () => {
    const mine = await project("Mine");
    const theirs = await project("Theirs");
    const sent = await transmit(mine);
    const other = await transmit(theirs);
    const token = tokenOf(sent.url);
    // The same sheet number in another project: the link serves its own project's file only.
    const sheet = await t.app.inject({ method: "GET", url: `/api/review/${token}/sheets/E-1/file` });
    expect(sheet.rawPayload.equals(pdf("Mine"))).toBe(true);
    const view = await t.app.inject({ method: "GET", url: `/api/review/${token}` });
    expect(view.body).not.toContain("Theirs");
    expect(view.body).not.toContain(other.number);
    // Staff addresses do not take a transmittal's number across projects either.
    const crossed = await t.app.inject({
      method: "GET",
      url: `/api/projects/${theirs}/transmittals/${sent.number}`,
      headers: member,
    });
    expect(crossed.statusCode).toBe(404);
    // Submitting through one link answers its own transmittal, never the other project's.
    const submitted = await t.app.inject({
      method: "POST",
      url: `/api/review/${token}`,
      payload: { responses: [{ number: "E-1", response: "rejected" }] },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const theirLog = await t.app.inject({
      method: "GET",
      url: `/api/projects/${theirs}/transmittals/${other.number}`,
      headers: member,
    });
    expect(theirLog.json()).toMatchObject({ submittedAt: null, sheets: [{ response: null }] });
    const rfi = await ask(theirs);
    const rfiView = await t.app.inject({ method: "GET", url: `/api/rfi/${tokenOf(rfi.url)}` });
    expect(rfiView.body).toContain("Theirs");
    expect(rfiView.body).not.toContain("Mine");
  });

  it("V8.2.2 an expired review link answers 410 once 90 days have passed after its due date", async () => {
    const job = await project("Late");
    const sent = await transmit(job);
    await t.app.db
      .update(transmittals)
      .set({ dueAt: new Date(Date.now() - 91 * DAY) })
      .where(eq(transmittals.number, sent.number));
    for (const door of await Promise.all(reviewDoors(tokenOf(sent.url)))) {
      expect(door.statusCode, `${door.raw.req.url}: ${door.body}`).toBe(410);
    }
  });
});
