// A drawing's revision by resumable upload (DESIGN §16 "or a tus upload naming them in
// Upload-Metadata"), driven with tus-js-client (the browser's library) and raw tus requests
// against a listening app: it adds the revision as the multipart upload does; it is refused
// before any byte is sent when the revision cannot come next or the caller is not on the team;
// two uploads of one revision at once leave one revision and no stray file.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drawingSchema, drawingUploadMetadata } from "../../../shared/drawings.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { adminToken, authHeader, employeeSession } from "../../../test/helpers/factories.ts";
import { createProject, jobNumbers } from "../../../test/helpers/projects.ts";
import { samples } from "../../../test/helpers/sample-files.ts";
import { storedKeys } from "../../../test/helpers/stored-files.ts";
import {
  beginUpload,
  patchUpload,
  TusError,
  tusRequest,
  tusUpload,
  uploadMetadata,
} from "../../../test/helpers/tus.ts";
import { auditLog } from "../../db/schema.ts";
import { DRAWINGS_NAMESPACE } from "./drawing-routes.ts";

const newJob = jobNumbers("TU");
/** A PDF of a good size, told apart by its label. */
const pdf = (label: string, padding = 0) =>
  Buffer.concat([samples.pdf, Buffer.from(`% ${label}\n`), Buffer.alloc(padding, 0x20)]);

describe("drawing revisions by resumable upload", () => {
  let t: TestApp;
  let base: string;
  let admin: Record<string, string>;
  let member: { headers: Record<string, string>; username: string };
  let outsider: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    admin = authHeader(await adminToken(t));
    const one = await employeeSession(t);
    member = { headers: authHeader(one.token), username: one.employee.username };
    outsider = authHeader((await employeeSession(t)).token);
  });
  afterAll(async () => {
    await t.close();
  });

  const project = async (team = [member.username]) => {
    const job = await createProject(t, admin, newJob(), team);
    return job;
  };
  const register = async (job: string) => {
    const response = await t.app.inject({ method: "GET", url: `/api/projects/${job}/drawings`, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    return drawingSchema.array().parse(response.json());
  };
  const fields = (job: string, number: string, revision: string, extra: { title?: string } = {}) =>
    drawingUploadMetadata(job, { number, revision, title: extra.title, fileName: `${number} ${revision}.pdf` });
  /** A refused creation: its status and JSON. */
  const refusedCreation = async (metadata: Record<string, string>, headers = member.headers, size = 100) => {
    const created = await tusRequest(`${base}/api/uploads/`, "POST", {
      ...headers,
      "upload-length": String(size),
      "upload-metadata": uploadMetadata(metadata),
    });
    return { status: created.status, json: JSON.parse(created.body) as { message: string; errors?: object } };
  };

  it("adds a sheet and its next revision; the file downloads as sent, and the upload is audited", async () => {
    const job = await project();
    const first = pdf("E-101 A", 64 * 1024);
    const done = await tusUpload(base, first, {
      metadata: fields(job, "E-101", "A", { title: "Anchor bolt plan" }),
      headers: member.headers,
      chunkSize: 20 * 1024,
    });
    // The final answer is the sheet, as the multipart upload's.
    const added = drawingSchema.parse(done.body);
    expect(added).toMatchObject({ number: "E-101", title: "Anchor bolt plan", revision: "A", status: "inProgress" });
    expect(added.revisions).toMatchObject([{ revision: "A", fileName: "E-101 A.pdf", size: first.length }]);
    expect(added).toEqual((await register(job))[0]);
    await tusUpload(base, pdf("E-101 B"), { metadata: fields(job, "E-101", "B"), headers: member.headers });

    const [sheet] = await register(job);
    expect(sheet).toMatchObject({ number: "E-101", title: "Anchor bolt plan", revision: "B", status: "inProgress" });
    expect(sheet?.revisions.map((revision) => [revision.revision, revision.uploadedBy])).toEqual([
      ["B", member.username],
      ["A", member.username],
    ]);
    const file = await t.app.inject({
      method: "GET",
      url: `/api/projects/${job}/drawings/E-101/revisions/A/file`,
      headers: member.headers,
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(first)).toBe(true);
    const entries = await t.app.db.select().from(auditLog).where(eq(auditLog.action, "drawing.upload"));
    const mine = entries.filter((entry) => entry.target === `project:${job}`);
    expect(mine.map((entry) => entry.actor)).toEqual([member.username, member.username]);
    expect(mine[0]?.summary).toMatch(/^Uploaded E-101 revision [AB] /);
  });

  it("goes on where it stopped: a HEAD, then the rest from its offset", async () => {
    const job = await project();
    const data = pdf("S-1 A", 40 * 1024);
    const url = await beginUpload(base, data.length, fields(job, "S-1", "A", { title: "Stair" }), member.headers);
    const half = 16 * 1024;
    expect((await patchUpload(`${base}${url}`, 0, data.subarray(0, half), member.headers)).status).toBe(204);
    const head = await tusRequest(`${base}${url}`, "HEAD", member.headers);
    expect(head.headers["upload-offset"]).toBe(String(half));
    const rest = await patchUpload(`${base}${url}`, half, data.subarray(half), member.headers);
    expect(rest.status, rest.body).toBe(200);
    expect((await register(job))[0]?.revision).toBe("A");
  });

  it("is refused at its creation, before any byte: signed out, off the team, bad fields, too large, a revision that cannot come next", async () => {
    const job = await project();
    await tusUpload(base, pdf("E-1 A"), {
      metadata: fields(job, "E-1", "A", { title: "Plan" }),
      headers: member.headers,
    });

    expect((await refusedCreation(fields(job, "E-1", "B"), {})).status).toBe(401);
    const outside = await refusedCreation(fields(job, "E-1", "B"), outsider);
    expect(outside).toEqual({ status: 404, json: { message: "No such project.", code: "NOT_FOUND" } });
    expect((await refusedCreation(fields("NO-SUCH-JOB", "E-1", "B"))).status).toBe(404);
    const skipped = await refusedCreation(fields(job, "E-1", "C"));
    expect(skipped).toEqual({
      status: 409,
      json: { message: "C cannot follow A: the next revision of E-1 is B.", code: "CONFLICT" },
    });
    const untitled = await refusedCreation(fields(job, "E-2", "A"));
    expect(untitled.status).toBe(400);
    expect(untitled.json.errors).toEqual({ title: "A new sheet needs a title" });
    // A control character in a title is refused as in a form's field, before anything is stored.
    const bell = await refusedCreation(fields(job, "E-2", "A", { title: "Plan\u0007" }));
    expect(bell.status).toBe(400);
    expect(bell.json.errors).toEqual({ title: "Must not contain control characters (such as NUL)." });
    const badRevision = await refusedCreation(fields(job, "E-1", "b!"));
    expect(badRevision.status).toBe(400);
    expect(badRevision.json.errors).toHaveProperty("revision");
    const badNumber = await refusedCreation(fields(job, "../E-1", "B"));
    expect(badNumber.status).toBe(400);
    const tooLarge = await refusedCreation(fields(job, "E-1", "B"), member.headers, 201 * 1024 * 1024);
    expect(tooLarge.status).toBe(413);

    // Nothing of these reached the register.
    expect((await register(job)).map((sheet) => [sheet.number, sheet.revision])).toEqual([["E-1", "A"]]);
  });

  it("refuses a file that is not a PDF when it is complete, and keeps nothing of it", async () => {
    const job = await project();
    const before = await storedKeys(t.app, DRAWINGS_NAMESPACE);
    const error = await tusUpload(base, samples.exe, {
      metadata: fields(job, "E-1", "A", { title: "Plan" }),
      headers: member.headers,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TusError);
    expect((error as TusError).status).toBe(415);
    expect(await register(job)).toEqual([]);
    expect(await storedKeys(t.app, DRAWINGS_NAMESPACE)).toEqual(before);
  });

  it("is only for the one who began it, while they are on the team", async () => {
    const other = await employeeSession(t);
    const job = await project([member.username, other.employee.username]);
    const data = pdf("E-1 A", 8 * 1024);
    const url = `${base}${await beginUpload(base, data.length, fields(job, "E-1", "A", { title: "Plan" }), member.headers)}`;
    // A teammate, or anyone, cannot send its bytes.
    expect((await patchUpload(url, 0, data, authHeader(other.token))).status).toBe(404);
    expect((await patchUpload(url, 0, data, outsider)).status).toBe(404);
    // Taken off the team half-way: the rest is refused.
    expect((await patchUpload(url, 0, data.subarray(0, 1024), member.headers)).status).toBe(204);
    const current = await t.app.inject({ method: "GET", url: `/api/projects/${job}`, headers: admin });
    const changed = await t.app.inject({
      method: "PATCH",
      url: `/api/projects/${job}`,
      headers: admin,
      payload: { version: current.json().version, team: [other.employee.username] },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const rest = await patchUpload(url, 1024, data.subarray(1024), member.headers);
    expect(rest.status).toBe(404);
    expect(await register(job)).toEqual([]);
  });

  it("of two uploads of the same revision at once, adds one; the other is refused and leaves no file", async () => {
    const job = await project();
    await tusUpload(base, pdf("E-1 A"), {
      metadata: fields(job, "E-1", "A", { title: "Plan" }),
      headers: member.headers,
    });
    const before = await storedKeys(t.app, DRAWINGS_NAMESPACE);
    // Both begin while A is the last revision, so both pass the check at creation.
    const data = [pdf("E-1 B one", 4096), pdf("E-1 B two", 4096)];
    const urls = await Promise.all(
      data.map(
        async (bytes) => `${base}${await beginUpload(base, bytes.length, fields(job, "E-1", "B"), member.headers)}`,
      ),
    );
    const answers = await Promise.all(urls.map((url, i) => patchUpload(url, 0, data[i]!, member.headers)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.status === 409)?.body).toContain(
      "Revision B of E-1 is already in the register",
    );
    const [sheet] = await register(job);
    expect(sheet?.revisions.map((revision) => revision.revision)).toEqual(["B", "A"]);
    expect((await storedKeys(t.app, DRAWINGS_NAMESPACE)).length).toBe(before.length + 1);
  });
});
