// A project's Files tab (DESIGN §16): the team adds the job's own documents (contract drawings,
// specifications, models), downloads them as they went in, and the one who added one (or an
// admin) removes it; the tab also lists every file the loop made, each at a route that serves
// it. Anyone off the team finds nothing. Files are asked of the app's object store, so every
// assertion holds on disk and on S3.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectFileSchema, projectFilesSchema } from "../../../shared/project-files.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { adminToken, authHeader, employeeSession } from "../../../test/helpers/factories.ts";
import { multipart, type Part } from "../../../test/helpers/multipart.ts";
import { createProject, jobNumbers, uploadSheets } from "../../../test/helpers/projects.ts";
import { samples } from "../../../test/helpers/sample-files.ts";
import { storedKeys } from "../../../test/helpers/stored-files.ts";
import { auditLog } from "../../db/schema.ts";
import { PROJECT_FILES_NAMESPACE } from "./project-file-routes.ts";

const newJob = jobNumbers("F");

describe("a project's files", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let member: { headers: Record<string, string>; username: string };
  let teammate: { headers: Record<string, string>; username: string };
  let outsider: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = authHeader(await adminToken(t));
    const one = await employeeSession(t);
    member = { headers: authHeader(one.token), username: one.employee.username };
    const two = await employeeSession(t);
    teammate = { headers: authHeader(two.token), username: two.employee.username };
    outsider = authHeader((await employeeSession(t)).token);
  });
  afterAll(async () => {
    await t.close();
  });

  const project = async () => {
    const job = await createProject(t, admin, newJob(), [member.username, teammate.username]);
    return job;
  };
  const add = (
    job: string,
    fields: Record<string, string>,
    files: Part[] = [{ name: "file", value: samples.pdf, fileName: "Contract S-1.pdf" }],
    headers = member.headers,
  ) => {
    const body = multipart([...Object.entries(fields).map(([name, value]) => ({ name, value })), ...files]);
    return t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/files`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const list = async (job: string, headers = member.headers) => {
    const response = await t.app.inject({ method: "GET", url: `/api/projects/${job}/files`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return projectFilesSchema.parse(response.json());
  };

  it("adds a document, lists it newest first, and serves it byte for byte as its type, audited", async () => {
    const job = await project();
    const first = await add(job, { category: "contract", note: "Issued for construction" });
    expect(first.statusCode, first.body).toBe(201);
    const added = projectFileSchema.parse(first.json());
    expect(added).toMatchObject({
      category: "contract",
      fileName: "Contract S-1.pdf",
      size: samples.pdf.length,
      note: "Issued for construction",
      uploadedBy: member.username,
    });
    const second = await add(job, { category: "model" }, [{ name: "file", value: samples.ifc, fileName: "model.ifc" }]);
    expect(second.statusCode, second.body).toBe(201);

    const { documents } = await list(job);
    expect(documents.map((file) => file.fileName)).toEqual(["model.ifc", "Contract S-1.pdf"]);
    expect(documents[1]?.note).toBe("Issued for construction");

    const download = await t.app.inject({ method: "GET", url: added.url, headers: teammate.headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(samples.pdf)).toBe(true);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(String(download.headers["content-disposition"])).toMatch(/^attachment;/);

    const entries = await t.app.db.select().from(auditLog).where(eq(auditLog.action, "project.fileAdd"));
    expect(
      entries.some((entry) => entry.target === `project:${job}` && entry.summary.includes("Contract S-1.pdf")),
    ).toBe(true);
  });

  it("refuses what is not a document, an empty file, two files, a bad category, and sends with no file", async () => {
    const job = await project();
    const before = await storedKeys(t.app, PROJECT_FILES_NAMESPACE);
    const exe = await add(job, {}, [{ name: "file", value: samples.exe, fileName: "setup.pdf" }]);
    expect(exe.statusCode, exe.body).toBe(415);
    const html = await add(job, {}, [{ name: "file", value: samples.html, fileName: "page.html" }]);
    expect(html.statusCode, html.body).toBe(415);
    const empty = await add(job, {}, [{ name: "file", value: Buffer.alloc(0), fileName: "empty.pdf" }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.file).toBe("The file is empty");
    const none = await add(job, { category: "contract" }, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.file).toBe("Choose a file");
    const category = await add(job, { category: "secret" });
    expect(category.statusCode).toBe(400);
    expect(category.json().errors.category).toBe("Choose what kind of file this is");
    const note = await add(job, { note: "x".repeat(501) });
    expect(note.statusCode).toBe(400);
    const json = await t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/files`,
      headers: member.headers,
      payload: { file: "x" },
    });
    expect(json.statusCode).toBe(415);
    // Nothing refused is left in the store, nor listed.
    expect(await storedKeys(t.app, PROJECT_FILES_NAMESPACE)).toEqual(before);
    expect((await list(job)).documents).toEqual([]);
  });

  it("is nothing to anyone off the team: list, add, download and remove all answer 404", async () => {
    const job = await project();
    const added = projectFileSchema.parse((await add(job, { category: "specification" })).json());
    const listed = await t.app.inject({ method: "GET", url: `/api/projects/${job}/files`, headers: outsider });
    expect(listed.statusCode).toBe(404);
    expect((await add(job, {}, undefined, outsider)).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: added.url, headers: outsider })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url: added.url, headers: outsider })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/projects/${job}/files` })).statusCode).toBe(401);
    // Another project's file id is not this project's.
    const other = await project();
    const foreign = await t.app.inject({
      method: "GET",
      url: `/api/projects/${other}/files/${added.id}`,
      headers: member.headers,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("is removed by the one who added it or an admin, not by a teammate; its object goes with it", async () => {
    const job = await project();
    const mine = projectFileSchema.parse((await add(job, { category: "correspondence" })).json());
    const theirs = projectFileSchema.parse((await add(job, {}, undefined, teammate.headers)).json());
    const refused = await t.app.inject({ method: "DELETE", url: mine.url, headers: teammate.headers });
    expect(refused.statusCode).toBe(403);
    const before = await storedKeys(t.app, PROJECT_FILES_NAMESPACE);
    expect((await t.app.inject({ method: "DELETE", url: mine.url, headers: member.headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: "DELETE", url: theirs.url, headers: admin })).statusCode).toBe(204);
    expect((await storedKeys(t.app, PROJECT_FILES_NAMESPACE)).length).toBe(before.length - 2);
    expect((await t.app.inject({ method: "GET", url: mine.url, headers: member.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url: mine.url, headers: member.headers })).statusCode).toBe(404);
    expect((await list(job)).documents).toEqual([]);
    const removals = await t.app.db.select().from(auditLog).where(eq(auditLog.action, "project.fileRemove"));
    expect(removals.filter((entry) => entry.target === `project:${job}`)).toHaveLength(2);
  });

  it("removes a file once when two people remove it at the same moment", async () => {
    const job = await project();
    const added = projectFileSchema.parse((await add(job, {})).json());
    const answers = await Promise.all([
      t.app.inject({ method: "DELETE", url: added.url, headers: member.headers }),
      t.app.inject({ method: "DELETE", url: added.url, headers: admin }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 404]);
    const removals = await t.app.db.select().from(auditLog).where(eq(auditLog.action, "project.fileRemove"));
    expect(removals.filter((entry) => entry.target === `project:${job}`)).toHaveLength(1);
  });

  it("lists the loop's files, each at an address that serves it", async () => {
    const job = await project();
    await uploadSheets(t, job, member.headers, ["E-101"]);
    const sent = await t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/transmittals`,
      headers: member.headers,
      payload: { purpose: "approval", sheets: [{ number: "E-101", revision: "A" }], recipients: ["a@acme.example"] },
    });
    expect(sent.statusCode, sent.body).toBe(201);

    const { loop, documents } = await list(job);
    expect(documents).toEqual([]);
    expect(loop.map((file) => [file.source, file.of])).toEqual(
      expect.arrayContaining([
        ["revision", "E-101 rev A"],
        ["cover", `${job}-T-001`],
      ]),
    );
    for (const file of loop) {
      const download = await t.app.inject({ method: "GET", url: file.url, headers: member.headers });
      expect(download.statusCode, `${file.url}: ${download.body.slice(0, 200)}`).toBe(200);
      expect(download.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    }
  });
});
