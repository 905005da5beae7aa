// DESIGN §16 drawing register, its other doors: a CSV register as Tekla and SDS2 export it lists
// sheets (all or nothing, every bad row named), the register comes out as CSV, and a sheet is
// released for fabrication only when approved and on no hold, with the reason otherwise.
import { and, eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drawingImportResultSchema, drawingSchema } from "../../../shared/drawings.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { adminToken, authHeader, employeeSession } from "../../../test/helpers/factories.ts";
import { multipart, type Part } from "../../../test/helpers/multipart.ts";
import { createProject, jobNumbers } from "../../../test/helpers/projects.ts";
import { samples } from "../../../test/helpers/sample-files.ts";
import { auditLog, drawings, projects } from "../../db/schema.ts";
import { readRegisterCsv } from "./drawing-csv.ts";

const newJob = jobNumbers("DI");

describe("reading a CSV register", () => {
  const read = (text: string) => {
    const { rows, problems } = readRegisterCsv(Buffer.from(text));
    return { rows, errors: problems.refusal()?.extra?.errors };
  };

  it("reads Tekla's and SDS2's headers in any case, comma or semicolon, quotes, a BOM and CRLF", () => {
    expect(read("Drawing No,Title,Rev\nE-101,Anchor bolt plan,B\n").rows).toEqual([
      { row: 2, number: "E-101", title: "Anchor bolt plan", listedRevision: "B" },
    ]);
    expect(
      read(
        '\uFEFFDATE;DRAWING NUMBER;DESCRIPTION;REVISION\r\n1/2;E-101;"Plan; level 1";0\r\n\r\n;;;\r\n2/2;E-102;"Say ""hi""";\r\n',
      ).rows,
    ).toEqual([
      { row: 2, number: "E-101", title: "Plan; level 1", listedRevision: "0" },
      { row: 5, number: "E-102", title: 'Say "hi"', listedRevision: "" },
    ]);
    expect(read("sheet\tname\nS1.01\tRoof framing\n").rows).toEqual([
      { row: 2, number: "S1.01", title: "Roof framing", listedRevision: "" },
    ]);
    expect(read('Number,Title\nGA_3,"Two\nlines"\nGA_4,Four\n').rows).toEqual([
      { row: 2, number: "GA_3", title: "Two lines", listedRevision: "" },
      { row: 4, number: "GA_4", title: "Four", listedRevision: "" },
    ]);
  });

  it("names every bad row and its reasons; the second of two equal numbers is the bad one", () => {
    const { rows, errors } = read(
      [
        "Number,Title,Rev",
        "E 1,Bad number,A",
        "E-2,Fine,A",
        "E-2,Again,B",
        ",No number,",
        `E-3,${"x".repeat(201)},`,
      ].join("\n"),
    );
    expect(rows.map((row) => row.number)).toEqual(["E-2"]);
    expect(errors).toEqual({
      "row 2": "A sheet number may hold letters, digits, dots, hyphens and underscores.",
      "row 4": "E-2 is also on row 3.",
      "row 5": "A sheet number is required.",
      "row 6": "A title has at most 200 characters.",
    });
  });

  it("refuses a file it cannot read: no header, binary, an open quote", () => {
    const fault = (content: string | Buffer) => {
      try {
        readRegisterCsv(Buffer.from(content));
      } catch (error) {
        return (error as { extra?: { errors?: { file?: string } } }).extra?.errors?.file;
      }
      return "read";
    };
    expect(fault("E-101,Anchor bolt plan,A\n")).toMatch(/^The first row must name the columns/);
    expect(fault("")).toBe("The file holds no rows.");
    expect(fault(samples.png)).toBe("The register must be a CSV text file.");
    expect(fault('Number,Title\nE-1,"open\n')).toMatch(/^The CSV cannot be read: Quote Not Closed/);
    expect(fault(`Number,Title\n${"E-1,x\n".repeat(5001)}`)).toBe("A register may list at most 5,000 sheets.");
  });
});

describe("drawing register import, CSV and release", () => {
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
  const importCsv = (job: string, csv: string | Buffer, headers = member.headers, parts?: Part[]) => {
    const body = multipart(parts ?? [{ name: "file", value: csv, fileName: "register.csv", contentType: "text/csv" }]);
    return t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/drawings/import`,
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const upload = (job: string, number: string, revision: string, title?: string) => {
    const body = multipart([
      { name: "number", value: number },
      { name: "revision", value: revision },
      ...(title ? [{ name: "title", value: title }] : []),
      { name: "file", value: samples.pdf, fileName: `${number}.pdf` },
    ]);
    return t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/drawings`,
      headers: { ...member.headers, ...body.headers },
      payload: body.payload,
    });
  };
  const register = async (job: string) => {
    const response = await t.app.inject({ method: "GET", url: `/api/projects/${job}/drawings`, headers: admin });
    expect(response.statusCode, response.body).toBe(200);
    return drawingSchema.array().parse(response.json());
  };
  const release = (job: string, number: string, headers = member.headers) =>
    t.app.inject({ method: "POST", url: `/api/projects/${job}/drawings/${number}/release`, headers });
  /** A sheet's status and hold as a transmittal's response and an RFI would set them. */
  const setSheet = async (job: string, number: string, fields: Partial<typeof drawings.$inferInsert>) => {
    const [row] = await t.app.db.select({ id: projects.id }).from(projects).where(eq(projects.job, job));
    await t.app.db
      .update(drawings)
      .set(fields)
      .where(and(eq(drawings.projectId, row?.id ?? 0), eq(drawings.number, number)));
  };
  const audit = async (job: string, action: string) =>
    (
      await t.app.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.target, `project:${job}`))
    )
      .filter((entry) => entry.action === action)
      .map((entry) => entry.summary);

  it("lists new sheets with no revision, retitles known ones, never writes a revision, and reports the listed one", async () => {
    const job = await project();
    expect((await upload(job, "E-101", "A", "Anchor bolts")).statusCode).toBe(201);
    const response = await importCsv(
      job,
      "\uFEFFDrawing No;Title;Rev\r\nE-101;Anchor bolt plan;B\r\nE-102;Column schedule;A\r\nE-103;Roof framing;\r\n",
    );
    expect(response.statusCode, response.body).toBe(200);
    const result = drawingImportResultSchema.parse(response.json());
    expect(result).toMatchObject({ created: 2, updated: 1, unchanged: 0 });
    expect(
      result.sheets.map((sheet) => [
        sheet.row,
        sheet.number,
        sheet.title,
        sheet.revision,
        sheet.listedRevision,
        sheet.outcome,
      ]),
    ).toEqual([
      [2, "E-101", "Anchor bolt plan", "A", "B", "updated"],
      [3, "E-102", "Column schedule", "", "A", "created"],
      [4, "E-103", "Roof framing", "", "", "created"],
    ]);
    const sheets = await register(job);
    expect(sheets.map((sheet) => [sheet.number, sheet.revision, sheet.status, sheet.revisions.length])).toEqual([
      ["E-101", "A", "inProgress", 1],
      ["E-102", "", "inProgress", 0],
      ["E-103", "", "inProgress", 0],
    ]);
    // Again, with an empty title for a known sheet: it keeps its own; nothing changes.
    const again = await importCsv(job, "number,title\nE-101,\nE-102,Column schedule\n");
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect((await register(job))[0]?.title).toBe("Anchor bolt plan");
    // A listed sheet's first PDF is its revision A, its title the list's.
    expect((await upload(job, "E-102", "A")).statusCode).toBe(201);
    expect(await audit(job, "drawing.import")).toEqual([
      `Imported 3 sheets from register.csv to ${job}: 2 added, 1 retitled`,
      `Imported 2 sheets from register.csv to ${job}: 0 added, 0 retitled`,
    ]);
  });

  it("writes nothing when any row is bad, and names every bad row with its reasons", async () => {
    const job = await project();
    expect((await upload(job, "E-1", "A", "Plan")).statusCode).toBe(201);
    const response = await importCsv(
      job,
      ["Sheet,Description", "E-1,", "E-2,", "E-3,Fine", "E 4,Bad", "E-3,Twice"].join("\r\n"),
    );
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({
      message: "3 rows are not valid: nothing was imported.",
      errors: {
        "row 3": "A new sheet needs a title.",
        "row 5": "A sheet number may hold letters, digits, dots, hyphens and underscores.",
        "row 6": "E-3 is also on row 4.",
      },
    });
    expect((await register(job)).map((sheet) => [sheet.number, sheet.title])).toEqual([["E-1", "Plan"]]);
    expect(await audit(job, "drawing.import")).toEqual([]);
  });

  it("refuses what is not one CSV file, a file too large, and anyone off the team", async () => {
    const job = await project();
    const refused = async (response: Awaited<ReturnType<typeof importCsv>>, status: number, file?: string) => {
      expect(response.statusCode, response.body).toBe(status);
      if (file) expect(response.json().errors?.file).toMatch(file);
    };
    await refused(await importCsv(job, samples.png), 400, "The register must be a CSV text file.");
    await refused(await importCsv(job, "E-1,Plan\n"), 400, "The first row must name the columns");
    await refused(await importCsv(job, Buffer.alloc(0)), 400, "A CSV is required");
    await refused(await importCsv(job, "", member.headers, [{ name: "title", value: "x" }]), 400, "A CSV is required");
    await refused(
      await importCsv(job, "", member.headers, [
        { name: "file", value: "Number,Title\n", fileName: "a.csv" },
        { name: "other", value: "Number,Title\n", fileName: "b.csv" },
      ]),
      400,
    );
    await refused(await importCsv(job, `Number,Title\nE-1,${"x".repeat(2 * 1024 * 1024)}\n`), 413);
    const json = await t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/drawings/import`,
      headers: member.headers,
      payload: { csv: "Number,Title" },
    });
    expect(json.statusCode).toBe(415);
    const outside = await importCsv(job, "Number,Title\nE-1,Plan\n", outsider);
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe("No such project.");
    expect((await importCsv(job, "Number,Title\nE-1,Plan\n", admin)).statusCode).toBe(200);
    expect((await register(job)).map((sheet) => sheet.number)).toEqual(["E-1"]);
  });

  it("answers the register as a CSV attachment, formula-looking cells escaped", async () => {
    const job = await project();
    expect((await importCsv(job, 'Number,Title\nE-2,"=SUM(A1), Plan"\nE-1,Anchor bolts\n')).statusCode).toBe(200);
    expect((await upload(job, "E-1", "A")).statusCode).toBe(201);
    await setSheet(job, "E-1", { status: "approvedAsNoted", onHold: true });
    const response = await t.app.inject({
      method: "GET",
      url: `/api/projects/${job}/drawings?format=csv`,
      headers: member.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(
      new RegExp(`^attachment; filename="${job}-drawing-register-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
    );
    const lines = response.body.split("\r\n");
    expect(lines[0]).toBe("\uFEFFnumber,title,revision,status,on hold,updated at");
    expect(lines[1]).toMatch(/^E-1,Anchor bolts,A,Approved as noted,yes,\d{4}-\d{2}-\d{2}T[\d:.]+Z$/);
    expect(lines[2]).toMatch(/^E-2,"'=SUM\(A1\), Plan",,In progress,no,/);
    // The register's own CSV imports back unchanged.
    expect((await importCsv(job, response.rawPayload)).json()).toMatchObject({ created: 0, unchanged: 2 });
    const outside = await t.app.inject({
      method: "GET",
      url: `/api/projects/${job}/drawings?format=csv`,
      headers: outsider,
    });
    expect(outside.statusCode).toBe(404);
  });

  it("prints the register as a PDF a client can file, over as many pages as it takes", async () => {
    const job = await project();
    const rows = Array.from({ length: 70 }, (_, index) => `E-${100 + index},Beam details ${index}`);
    expect((await importCsv(job, `Number,Title\n${rows.join("\n")}\n`)).statusCode).toBe(200);
    expect((await upload(job, "E-100", "A")).statusCode).toBe(201);
    const response = await t.app.inject({
      method: "GET",
      url: `/api/projects/${job}/drawings/print`,
      headers: member.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["content-disposition"]).toMatch(
      new RegExp(`^attachment; filename="${job}-drawing-register-\\d{4}-\\d{2}-\\d{2}\\.pdf"$`),
    );
    const document = await PDFDocument.load(response.rawPayload);
    expect(document.getTitle()).toBe(`Drawing register ${job}`);
    expect(document.getPageCount()).toBe(2);
    const outside = await t.app.inject({
      method: "GET",
      url: `/api/projects/${job}/drawings/print`,
      headers: outsider,
    });
    expect(outside.statusCode).toBe(404);
  });

  it("releases an approved sheet on no hold, with its latest revision; says why it will not otherwise", async () => {
    const job = await project();
    expect((await upload(job, "E-101", "A", "Anchor bolts")).statusCode).toBe(201);
    expect((await upload(job, "E-101", "B")).statusCode).toBe(201);
    const refused = async (message: string) => {
      const response = await release(job, "E-101");
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().message).toBe(message);
    };
    await refused("E-101 is In progress: only approved sheets are released.");
    await setSheet(job, "E-101", { status: "reviseResubmit" });
    await refused("E-101 is Revise and resubmit: only approved sheets are released.");
    await setSheet(job, "E-101", { status: "approved", onHold: true });
    await refused("E-101 is on hold: an open RFI names it.");
    await setSheet(job, "E-101", { onHold: false });

    const response = await release(job, "E-101");
    expect(response.statusCode, response.body).toBe(200);
    expect(drawingSchema.parse(response.json())).toMatchObject({
      number: "E-101",
      status: "released",
      revisions: [
        { revision: "B", status: "released" },
        { revision: "A", status: "inProgress" },
      ],
    });
    await refused("E-101 is already released for fabrication.");
    expect(await audit(job, "drawing.release")).toEqual([`Released E-101 for fabrication (${job})`]);

    const unknown = await release(job, "E-999");
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("No such sheet.");
    expect((await release(job, "E-101", outsider)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: "POST", url: `/api/projects/${job}/drawings/E-101/release` })).statusCode,
    ).toBe(401);
  });

  it("releases a sheet once when two ask at once", async () => {
    const job = await project();
    expect((await upload(job, "R-1", "A", "Roof")).statusCode).toBe(201);
    await setSheet(job, "R-1", { status: "approved" });
    const answers = await Promise.all([release(job, "R-1"), release(job, "R-1", admin)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await audit(job, "drawing.release")).toHaveLength(1);
    expect((await register(job))[0]).toMatchObject({ status: "released", revisions: [{ status: "released" }] });
  });
});
