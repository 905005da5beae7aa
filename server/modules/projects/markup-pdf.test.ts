// DESIGN §18 markups travel in the PDF both ways (decision 069): written into a copy of the
// revision's PDF as standard annotations that pdf.js reads back as the same kinds, geometry, texts
// and authors, the stored file unchanged; read back from a client's marked-up PDF; hostile PDFs
// refused with a 4xx or read within bounds.
import { createHash } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { getDocument, VerbosityLevel } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { markupPdfPaths, readMarkupsSchema } from "../../../shared/markup-pdf.ts";
import { type Markup, markupPaths, markupSchema, reviewMarkupPaths } from "../../../shared/markups.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { adminToken, authHeader, employeeSession } from "../../../test/helpers/factories.ts";
import { hostile } from "../../../test/helpers/hostile-pdfs.ts";
import { multipart } from "../../../test/helpers/multipart.ts";
import { createProject, jobNumbers, uploadSheets } from "../../../test/helpers/projects.ts";
import { readPdfMarkupsBounded } from "./markup-pdf-bounded.ts";
import { ANNOTATIONS_EXAMINED, readPdfMarkups, UnreadablePdf } from "./markup-pdf-read.ts";
import { ANNOTATION_PAD, pdfWithMarkups, type WrittenMarkup } from "./markup-pdf-write.ts";

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const newJob = jobNumbers("MP");

async function sheetPdf(pages = 2) {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([1224, 792]);
  return doc.save();
}

const at = "2026-12-07T10:00:00.000Z";
const made = (
  id: number,
  { author, ...fields }: Pick<Markup, "kind" | "geometry" | "page" | "text"> & { author?: string },
): WrittenMarkup => ({
  id,
  color: "#1e90ff",
  author: { name: author ?? "Dana Ruiz" },
  createdAt: at,
  updatedAt: at,
  ...fields,
});

const box = { x: 100.25, y: 200.5, width: 150, height: 80 };
const everyKind: WrittenMarkup[] = [
  made(1, { kind: "rectangle", page: 1, geometry: box, text: "Check this plate" }),
  made(2, { kind: "ellipse", page: 1, geometry: { ...box, x: 400 }, text: "Bolt group" }),
  made(3, { kind: "cloud", page: 2, geometry: { ...box, y: 500 }, text: "Revise", author: "Élise Côté" }),
  made(4, { kind: "line", page: 1, geometry: { from: { x: 700, y: 600 }, to: { x: 650.5, y: 550 } }, text: "" }),
  made(5, { kind: "arrow", page: 1, geometry: { from: { x: 900, y: 100 }, to: { x: 800, y: 300 } }, text: "This one" }),
  made(6, { kind: "text", page: 2, geometry: { ...box, x: 800 }, text: "Beam W12x26\nnot W12x22" }),
  made(7, {
    kind: "callout",
    page: 2,
    geometry: { x: 300, y: 100, width: 120, height: 40, anchor: { x: 250, y: 60 } },
    text: "Weld all round",
  }),
  made(8, {
    kind: "ink",
    page: 1,
    geometry: {
      strokes: [
        [
          [10, 10],
          [20.5, 30],
          [40, 35],
        ],
        [
          [50, 50],
          [60, 70],
        ],
      ],
    },
    text: "",
  }),
];
const subtypes = {
  rectangle: "Square",
  ellipse: "Circle",
  cloud: "Polygon",
  line: "Line",
  arrow: "Line",
  text: "FreeText",
  callout: "FreeText",
  ink: "Ink",
} as const;

/** What pdf.js, an independent reader, makes of a file's annotations, page by page. */
async function pdfjsAnnotations(bytes: Uint8Array) {
  const task = getDocument({ data: new Uint8Array(bytes), verbosity: VerbosityLevel.ERRORS });
  const pdf = await task.promise;
  const out: { page: number; data: Record<string, unknown> }[] = [];
  for (let page = 1; page <= pdf.numPages; page++) {
    for (const data of await (await pdf.getPage(page)).getAnnotations()) out.push({ page, data });
  }
  await task.destroy();
  return out;
}

const close = (a: number[], b: number[]) => {
  expect(a).toHaveLength(b.length);
  for (const [i, value] of a.entries()) expect(Math.abs(value - b[i]!)).toBeLessThanOrEqual(0.5);
};

describe("markups written into the PDF", () => {
  it("pdf.js reads each back as its annotation: kind, geometry within 0.5 pt, text, author, appearance", async () => {
    const original = await sheetPdf();
    const before = sha256(original);
    const out = await pdfWithMarkups(original, everyKind);
    expect(sha256(original)).toBe(before);

    const read = await pdfjsAnnotations(out);
    expect(read).toHaveLength(everyKind.length);
    for (const markup of everyKind) {
      const found = read.find(
        (a) =>
          a.data.id &&
          (a.data.contentsObj as { str: string }).str === markup.text &&
          a.page === markup.page &&
          a.data.subtype === subtypes[markup.kind],
      );
      expect(found, markup.kind).toBeDefined();
      const data = found!.data;
      expect(data.hasAppearance).toBe(true);
      expect((data.titleObj as { str: string }).str).toBe(markup.author.name);
      expect([...(data.color as Uint8ClampedArray)]).toEqual([0x1e, 0x90, 0xff]);
      const rect = data.rect as number[];
      const g = markup.geometry;
      if ("strokes" in g)
        close(
          (data.inkLists as Float32Array[]).flatMap((s) => [...s]),
          g.strokes.flat(2),
        );
      else if ("from" in g) {
        const [x1, x2] = [g.from.x, g.to.x].sort((a, b) => a - b);
        const [y1, y2] = [g.from.y, g.to.y].sort((a, b) => a - b);
        close([...(data.lineCoordinates as number[])], [x1!, y1!, x2!, y2!]);
        if (markup.kind === "arrow") expect(data.lineEndings).toEqual(["None", "OpenArrow"]);
      } else if (markup.kind === "cloud")
        close(
          [...(data.vertices as Float32Array)],
          [g.x, g.y, g.x + g.width, g.y, g.x + g.width, g.y + g.height, g.x, g.y + g.height],
        );
      else if (markup.kind === "callout") expect(data.it).toBe("FreeTextCallout");
      else
        close(rect, [
          g.x - ANNOTATION_PAD,
          g.y - ANNOTATION_PAD,
          g.x + g.width + ANNOTATION_PAD,
          g.y + g.height + ANNOTATION_PAD,
        ]);
    }

    // And this app reads its own file back exactly: kinds, geometry, arrow heads, callouts' anchors.
    const again = await readPdfMarkups(out);
    expect(again.skipped).toEqual([]);
    const byName = new Map(again.markups.map((m) => [m.name, m]));
    for (const markup of everyKind) {
      const back = byName.get(`markup-${markup.id}`)!;
      expect(back).toMatchObject({
        kind: markup.kind,
        page: markup.page,
        text: markup.text,
        author: markup.author.name,
        color: "#1e90ff",
      });
      const flat = (v: unknown): number[] =>
        JSON.stringify(v)
          .match(/-?\d+(\.\d+)?/g)!
          .map(Number);
      close(flat(back.geometry), flat(markup.geometry));
    }
  });
});

describe("markups read from a client's PDF", () => {
  it("maps sticky notes and polylines, skips links, widgets and pop-ups, and clips to the page", async () => {
    const read = await readPdfMarkups(hostile.mixedAnnotations());
    expect(read.markups.map((m) => [m.kind, m.author])).toEqual([
      ["text", "Sam"],
      ["ink", "Sam"],
      ["rectangle", "Sam"],
    ]);
    expect(read.markups[2]!.geometry).toEqual({ x: 500, y: 700, width: 112, height: 92 });
    expect(read.skipped.map((s) => [s.subtype, s.count])).toEqual([
      ["Link", 1],
      ["Widget", 1],
      ["Popup", 1],
      ["Square", 1],
    ]);
    expect(read.skipped[3]!.why).toBe("outside the page");
  });

  it("refuses what is no PDF, cyclic page trees and 10 001 pages, and never runs scripts", async () => {
    await expect(readPdfMarkups(new TextEncoder().encode("%PDF-1.7\ngarbage"))).rejects.toBeInstanceOf(UnreadablePdf);
    await expect(readPdfMarkups(hostile.cyclicPages())).resolves.toMatchObject({ pages: 1 });
    await expect(readPdfMarkups(hostile.manyPages(10_001))).rejects.toThrow("more than 10000 pages");
    // An /OpenAction and a JavaScript action on the annotation: read as data, never followed.
    const scripted = await readPdfMarkups(hostile.withJavaScript());
    expect(scripted.markups.map((m) => m.kind)).toEqual(["rectangle"]);
    expect(JSON.stringify(scripted)).not.toContain("app.alert");
  });

  it("reads at most 500 markups of an enormous annotation array and counts the rest", async () => {
    const started = performance.now();
    const read = await readPdfMarkups(hostile.manyAnnotations(20_000));
    expect(read.markups).toHaveLength(500);
    expect(read.left).toBe(20_000 - 500);
    expect(ANNOTATIONS_EXAMINED).toBeGreaterThan(500);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it("reads on a worker thread cut off by time: a file that takes too long is refused, never waited on", async () => {
    const file = hostile.manyAnnotations(2_000);
    await expect(readPdfMarkupsBounded(file)).resolves.toMatchObject({ pages: 1, left: 1_500 });
    await expect(readPdfMarkupsBounded(file, { timeoutMs: 1 })).rejects.toThrow("took too long");
  });
});

describe("download with markups, and a client's file read, through the API", () => {
  let t: TestApp;
  let member: Record<string, string>;
  let outsider: Record<string, string>;
  let job: string;
  let original: Uint8Array;
  beforeAll(async () => {
    t = await createTestApp();
    const admin = authHeader(await adminToken(t));
    const { employee, token } = await employeeSession(t);
    member = authHeader(token);
    outsider = authHeader((await employeeSession(t)).token);
    job = await createProject(t, admin, newJob(), [employee.username]);
    original = await sheetPdf(1);
    const body = multipart([
      { name: "number", value: "S-1" },
      { name: "revision", value: "A" },
      { name: "title", value: "Sheet S-1" },
      { name: "file", value: Buffer.from(original), fileName: "S-1.pdf" },
    ]);
    const up = await t.app.inject({
      method: "POST",
      url: `/api/projects/${job}/drawings`,
      headers: { ...member, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers the revision with its markups as annotations, the stored file unchanged; 404 to others", async () => {
    const make = await t.app.inject({
      method: "POST",
      url: markupPaths.list(job, "S-1", "A"),
      headers: member,
      payload: { kind: "rectangle", page: 1, geometry: box, color: "#ff0000", text: "Gusset?" },
    });
    expect(make.statusCode, make.body).toBe(201);
    const markup = markupSchema.parse(make.json());

    const pdf = await t.app.inject({ method: "GET", url: markupPdfPaths.staff(job, "S-1", "A"), headers: member });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const [annotation] = await pdfjsAnnotations(pdf.rawPayload);
    expect(annotation?.data).toMatchObject({ subtype: "Square", contentsObj: { str: "Gusset?" } });
    const stored = await t.app.inject({
      method: "GET",
      url: `/api/projects/${job}/drawings/S-1/revisions/A/file`,
      headers: member,
    });
    expect(sha256(stored.rawPayload)).toBe(sha256(original));

    expect(
      (await t.app.inject({ method: "GET", url: markupPdfPaths.staff(job, "S-1", "A"), headers: outsider })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: "GET", url: markupPdfPaths.staff(job, "S-1", "B"), headers: member })).statusCode,
    ).toBe(404);
    expect(markup.author.kind).toBe("staff");

    // A revision whose file pdf-lib cannot load (a catalog without pages) is a 422, never a 5xx.
    await uploadSheets(t, job, member, ["S-9"]);
    const broken = await t.app.inject({ method: "GET", url: markupPdfPaths.staff(job, "S-9", "A"), headers: member });
    expect(broken.statusCode, broken.body).toBe(422);
  });

  it("through a review token: only that link's markups; another token's sheet is a 404; an upload is read", async () => {
    const send = async (recipient: string) => {
      const response = await t.app.inject({
        method: "POST",
        url: `/api/projects/${job}/transmittals`,
        headers: member,
        payload: { purpose: "approval", sheets: [{ number: "S-1", revision: "A" }], recipients: [recipient] },
      });
      expect(response.statusCode, response.body).toBe(201);
      const { number, url } = response.json() as { number: string; url: string };
      return { number, token: url.split("/review/")[1] ?? "" };
    };
    const mine = await send("eor@client.example");
    const theirs = await send("fab@other.example");
    const drawn = await t.app.inject({
      method: "POST",
      url: reviewMarkupPaths.list(mine.token, "S-1", "A"),
      payload: { kind: "cloud", page: 1, geometry: box, color: "#00ff00", text: "Ours" },
    });
    expect(drawn.statusCode, drawn.body).toBe(201);

    const pdf = await t.app.inject({ method: "GET", url: markupPdfPaths.review(mine.token, "S-1", "A") });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const read = await readPdfMarkups(pdf.rawPayload);
    expect(read.markups.map((m) => [m.kind, m.text, m.author])).toEqual([["cloud", "Ours", "eor@client.example"]]);
    const other = await t.app.inject({ method: "GET", url: markupPdfPaths.review(theirs.token, "S-1", "A") });
    expect((await readPdfMarkups(other.rawPayload)).markups).toEqual([]);
    expect((await t.app.inject({ method: "GET", url: markupPdfPaths.review(mine.token, "S-2", "A") })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: "GET", url: markupPdfPaths.review("x".repeat(43), "S-1", "A") })).statusCode,
    ).toBe(404);

    // The client sends the marked-up copy back as a file; the team reads its annotations as markups.
    const upload = async (file: Uint8Array) => {
      const body = multipart([{ name: "file", value: Buffer.from(file), fileName: "marked.pdf" }]);
      const response = await t.app.inject({
        method: "POST",
        url: `/api/review/${mine.token}/sheets/S-1/markups`,
        headers: body.headers,
        payload: body.payload,
      });
      expect(response.statusCode, response.body).toBe(201);
      return (response.json() as { id: number }).id;
    };
    const annotations = (id: number, headers = member) =>
      t.app.inject({ method: "GET", url: markupPdfPaths.uploaded(job, mine.number, id), headers });
    const good = await annotations(await upload(pdf.rawPayload));
    expect(good.statusCode, good.body).toBe(200);
    expect(readMarkupsSchema.parse(good.json()).markups).toMatchObject([
      { kind: "cloud", text: "Ours", author: "eor@client.example" },
    ]);
    expect((await annotations(await upload(pdf.rawPayload), outsider)).statusCode).toBe(404);

    const broken = await annotations(await upload(new TextEncoder().encode("%PDF-1.7\n1 0 obj << /Kids [1 0 R")));
    expect(broken.statusCode, broken.body).toBe(422);
    expect(broken.json()).toEqual({ message: "This file is not a PDF that can be read." });

    // Sent: the response keeps the sheet with that link's markups written in, beside the client's files.
    const sent = await t.app.inject({
      method: "POST",
      url: `/api/review/${mine.token}`,
      payload: { responses: [{ number: "S-1", response: "approvedAsNoted" }] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const log = await t.app.inject({
      method: "GET",
      url: `/api/projects/${job}/transmittals/${mine.number}`,
      headers: member,
    });
    const files = (log.json() as { sheets: { markups: { id: number; fileName: string }[] }[] }).sheets[0]!.markups;
    const copy = files.find((file) => file.fileName === "S-1-rev-A-markups.pdf");
    expect(copy, JSON.stringify(files)).toBeDefined();
    const keptRead = await annotations(copy!.id);
    expect(readMarkupsSchema.parse(keptRead.json()).markups).toMatchObject([{ kind: "cloud", text: "Ours" }]);
  });
});
