// DESIGN §16 drawing register: a project's team uploads sheets and their revisions as PDFs; a
// revision must follow the last (letters until approval, then numbers) and is refused with the
// reason; a file is never replaced; anyone off the team finds nothing. Files are asked of the
// app's object store, so every assertion holds on disk and on S3.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drawingSchema } from "../../../shared/drawings.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { adminToken, authHeader, employeeSession } from "../../../test/helpers/factories.ts";
import { multipart, type Part } from "../../../test/helpers/multipart.ts";
import { createProject, jobNumbers } from "../../../test/helpers/projects.ts";
import { samples } from "../../../test/helpers/sample-files.ts";
import { storedKeys } from "../../../test/helpers/stored-files.ts";
import { auditLog, drawings, projects } from "../../db/schema.ts";
import { DRAWINGS_NAMESPACE } from "./drawing-routes.ts";

const newJob = jobNumbers("D");
const pdf = (label: string) => Buffer.concat([samples.pdf, Buffer.from(`% ${label}\n`)]);

describe("drawing register", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let member: { headers: Record<string, string>; username: string };
  let outsider: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = authHeader(await adminToken(t));
    const one = await employeeSession(t);
    member = { headers: authHeader(one.token), username: one.employee.username };
    outsider = authHeader((await employeeSession(t)).token);
  });
  afterAll(async () => {
    await t.close();
  });

  const project = async () => {
    const job = await createProject(t, admin, newJob(), [member.username]);
    return job;
  };
  const upload = (
    job: string,
    fields: Record<string, string>,
    file: Part | null | undefined = { name: "file", value: pdf("x"), fileName: "sheet.pdf" },
    headers = member.headers,
  ) => {
    const body = multipart([
      ...Object.entries(fields).map(([name, value]) => ({ name, value })),
      ...(file ? [file] : []),
    ]);
    return t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/drawings`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const register = async (job: string, headers = member.headers) => {
    const response = await t.app.inject({ method: "GET", url: `/api/projects/${job}/drawings`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return drawingSchema.array().parse(response.json());
  };
  /** A sheet's status as a transmittal's response would set it. */
  const setStatus = async (job: string, number: string, status: "approved" | "reviseResubmit") => {
    const [row] = await t.app.db.select({ id: projects.id }).from(projects).where(eq(projects.job, job));
    await t.app.db
      .update(drawings)
      .set({ status })
      .where(and(eq(drawings.projectId, row?.id ?? 0), eq(drawings.number, number)));
  };

  it("adds sheets and their revisions, each file kept, newest first; the file comes back as it went in", async () => {
    const job = await project();
    const first = await upload(
      job,
      { number: "E-101", revision: "A", title: "Anchor bolt plan" },
      { name: "file", value: pdf("A"), fileName: "E-101 A.pdf" },
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(drawingSchema.parse(first.json())).toMatchObject({
      number: "E-101",
      title: "Anchor bolt plan",
      revision: "A",
      status: "inProgress",
      onHold: false,
      revisions: [{ revision: "A", fileName: "E-101 A.pdf", uploadedBy: member.username, status: "inProgress" }],
    });
    // The next revision needs no title; an admin may upload too.
    const second = await upload(
      job,
      { number: "E-101", revision: "B" },
      { name: "file", value: pdf("B"), fileName: "E-101 B.pdf" },
      admin,
    );
    expect(second.statusCode, second.body).toBe(201);
    expect((await upload(job, { number: "E-102", revision: "A", title: "Column schedule" })).statusCode).toBe(201);

    const sheets = await register(job);
    expect(sheets.map((sheet) => [sheet.number, sheet.revision, sheet.revisions.map((r) => r.revision)])).toEqual([
      ["E-101", "B", ["B", "A"]],
      ["E-102", "A", ["A"]],
    ]);
    expect(sheets[0]?.title).toBe("Anchor bolt plan");
    const fileA = await t.app.inject({
      method: "GET",
      url: `/api/projects/${job}/drawings/E-101/revisions/A/file`,
      headers: member.headers,
    });
    expect(fileA.statusCode).toBe(200);
    expect(fileA.headers["content-type"]).toBe("application/pdf");
    expect(fileA.rawPayload.equals(pdf("A"))).toBe(true);
    expect(
      (
        await t.app.inject({
          method: "GET",
          url: `/api/projects/${job}/drawings/E-101/revisions/C/file`,
          headers: admin,
        })
      ).statusCode,
    ).toBe(404);
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `project:${job}`));
    expect(entries.filter((entry) => entry.action === "drawing.upload").map((entry) => entry.summary)).toEqual([
      expect.stringMatching(new RegExp(`^Uploaded E-101 revision A \\(E-101 A\\.pdf, .+\\) to ${job}$`)),
      expect.stringMatching(/^Uploaded E-101 revision B /),
      expect.stringMatching(/^Uploaded E-102 revision A /),
    ]);
  });

  it("refuses a revision that does not follow the last, with the reason, and keeps no file of it", async () => {
    const job = await project();
    const before = await storedKeys(t.app, DRAWINGS_NAMESPACE);
    const refused = async (fields: Record<string, string>, message: string) => {
      const response = await upload(job, fields);
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toBe(message);
    };
    await refused(
      { number: "S-1", revision: "B", title: "Framing" },
      "A new sheet starts at revision A: S-1 has no revision yet.",
    );
    expect(await register(job)).toEqual([]);
    expect((await upload(job, { number: "S-1", revision: "A", title: "Framing" })).statusCode).toBe(201);
    await refused({ number: "S-1", revision: "C" }, "C cannot follow A: the next revision of S-1 is B.");
    await refused(
      { number: "S-1", revision: "A" },
      "Revision A of S-1 is already in the register: a file is never replaced. The next revision is B.",
    );
    await refused(
      { number: "S-1", revision: "0" },
      "Numbers start once a sheet is approved: the next revision of S-1 is B.",
    );
    // Approved (the transmittal's response, here set directly): numbers from then on.
    await setStatus(job, "S-1", "approved");
    await refused({ number: "S-1", revision: "B" }, "Approved sheets take numbers: the next revision of S-1 is 0.");
    expect((await upload(job, { number: "S-1", revision: "0" })).statusCode).toBe(201);
    await setStatus(job, "S-1", "reviseResubmit");
    await refused({ number: "S-1", revision: "C" }, "Approved sheets take numbers: the next revision of S-1 is 1.");
    expect((await upload(job, { number: "S-1", revision: "1" })).statusCode).toBe(201);
    expect((await register(job))[0]?.revisions.map((r) => r.revision)).toEqual(["1", "0", "A"]);
    // Three files kept: A, 0 and 1; none of the refused ones.
    expect((await storedKeys(t.app, DRAWINGS_NAMESPACE)).length - before.length).toBe(3);
  });

  it("refuses bad fields and files with their errors", async () => {
    const job = await project();
    const before = await storedKeys(t.app, DRAWINGS_NAMESPACE);
    const cases: [Record<string, string>, Part | null, number, string][] = [
      [{ number: "E 1", revision: "A", title: "x" }, undefined as unknown as Part, 400, "number"],
      [{ number: "E-1", revision: "a", title: "x" }, undefined as unknown as Part, 400, "revision"],
      [{ number: "E-1", revision: "A" }, undefined as unknown as Part, 400, "title"],
      [{ number: "E-1", revision: "A", title: "x" }, null, 400, "file"],
      [
        { number: "E-1", revision: "A", title: "x" },
        { name: "file", value: Buffer.alloc(0), fileName: "e.pdf" },
        400,
        "file",
      ],
      [
        { number: "E-1", revision: "A", title: "x" },
        { name: "file", value: samples.png, fileName: "e.pdf", contentType: "application/pdf" },
        415,
        "",
      ],
    ];
    for (const [fields, file, status, field] of cases) {
      const response = await upload(job, fields, file === undefined ? undefined : file);
      expect(response.statusCode, `${JSON.stringify(fields)} ${response.body}`).toBe(status);
      if (field) expect(Object.keys(response.json().errors ?? {})).toContain(field);
    }
    const notMultipart = await t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/drawings`,
      headers: member.headers,
      payload: { number: "E-1" },
    });
    expect(notMultipart.statusCode).toBe(415);
    expect(await register(job)).toEqual([]);
    expect(await storedKeys(t.app, DRAWINGS_NAMESPACE)).toEqual(before);
  });

  it("shows nothing of a project's register to anyone off its team", async () => {
    const job = await project();
    expect((await upload(job, { number: "E-1", revision: "A", title: "x" })).statusCode).toBe(201);
    for (const [method, url] of [
      ["GET", `/api/projects/${job}/drawings`],
      ["GET", `/api/projects/${job}/drawings/E-1/revisions/A/file`],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: outsider });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().message).toBe("No such project.");
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
    }
    expect((await upload(job, { number: "E-2", revision: "A", title: "x" }, undefined, outsider)).statusCode).toBe(404);
    expect((await register(job)).map((sheet) => sheet.number)).toEqual(["E-1"]);
  });

  it("takes one of two uploads of the same revision at once, and keeps only its file", async () => {
    const job = await project();
    const before = await storedKeys(t.app, DRAWINGS_NAMESPACE);
    const [one, two] = await Promise.all([
      upload(job, { number: "R-1", revision: "A", title: "Roof" }),
      upload(job, { number: "R-1", revision: "A", title: "Roof" }),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([201, 409]);
    expect((await register(job))[0]?.revisions).toHaveLength(1);
    expect((await storedKeys(t.app, DRAWINGS_NAMESPACE)).length - before.length).toBe(1);
  });
});
