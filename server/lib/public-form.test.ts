/**
 * The public forms end to end against the real app (SPEC §7, DESIGN §5–6): every bad input gets its
 * 4xx and leaves no row and no file behind; a good one is stored, file byte for byte, before 201.
 */
import { createHash } from "node:crypto";
import { Readable } from "node:stream";
import { createChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicationSchema } from "../../shared/applications.ts";
import { formatBytes } from "../../shared/bytes.ts";
import { quoteRequestSchema } from "../../shared/quote-requests.ts";
import { createTestApp, type TestApp } from "../../test/helpers/app.ts";
import { captchaPayload, fetchChallenge, solve, solvedCaptcha } from "../../test/helpers/captcha.ts";
import { adminToken, authHeader, employeeSession, randomAddress } from "../../test/helpers/factories.ts";
import { multipart, type Part } from "../../test/helpers/multipart.ts";
import { type Sample, samples } from "../../test/helpers/sample-files.ts";
import { storedContent, storedKeys } from "../../test/helpers/stored-files.ts";
import { captchaSolutions, jobApplications, newsletterSubscribers, quoteRequests } from "../db/schema.ts";
import { captchaKeys, captchaRules } from "../plugins/captcha.ts";
import { captchaMessages } from "./captcha-check.ts";

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** Every object in the leads' namespaces, asked of the store (on disk, temporaries included). */
const storedFiles = (t: TestApp) => storedKeys(t.app, "quotes", "resumes");

const quoteFields = {
  name: "Dana Fabricator",
  email: "dana@steelworks.example",
  company: "Steelworks & Sons",
  phone: "+1 (412) 555-0100",
  projectName: "Riverside Parking Deck",
  tonsOfSteel: "350",
  proposalDate: "07/15/2025",
  projectDate: "9/1/2025",
  scopeOfWork: "Main steel, connections and stairs.\nShop drawings for all members.",
  projectUrl: "https://plans.example.com/riverside?rev=3",
  workTypes: JSON.stringify(["Structural Steel Detailing", "MTO / TakeOFF"]),
};

const applicationFields = {
  name: "Ravi Modeler",
  email: "ravi@example.in",
  phone: "+91 98765 43210",
  message: "Five years of Tekla Structures on industrial plants.",
};

const textParts = (fields: Record<string, string>): Part[] =>
  Object.entries(fields).map(([name, value]) => ({ name, value }));

describe("public forms", () => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = authHeader(await adminToken(t));
  });
  afterAll(async () => t.close());

  const post = (url: string, parts: Part[], remoteAddress = randomAddress()) => {
    const body = multipart(parts);
    return t.app.inject({ method: "POST", url, headers: body.headers, payload: body.payload, remoteAddress });
  };

  /** A quote request with a fresh solved captcha; `fields` replace (or, set to undefined, drop) the good ones. */
  async function sendQuote(
    fields: Record<string, string | undefined> = {},
    file?: { sample?: Sample; content?: Buffer; name?: string; type?: string },
    options: { captcha?: string | null; fileFirst?: boolean; remoteAddress?: string } = {},
  ) {
    const merged = Object.fromEntries(
      Object.entries({ ...quoteFields, ...fields }).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    );
    const parts = textParts(merged);
    const captcha = options.captcha === undefined ? await solvedCaptcha(t) : options.captcha;
    if (captcha !== null) parts.push({ name: "altcha", value: captcha });
    if (file) {
      const filePart: Part = {
        name: "uploadFile",
        value: file.content ?? samples[file.sample ?? "pdf"],
        fileName: file.name ?? "drawings.pdf",
        contentType: file.type ?? "application/pdf",
      };
      if (options.fileFirst) parts.unshift(filePart);
      else parts.push(filePart);
    }
    return post("/api/contact/submit", parts, options.remoteAddress);
  }

  async function sendApplication(
    fields: Record<string, string | undefined> = {},
    file: { sample?: Sample; content?: Buffer; name?: string; type?: string } | null = {},
    options: { captcha?: string | null; remoteAddress?: string } = {},
  ) {
    const merged = Object.fromEntries(
      Object.entries({ ...applicationFields, ...fields }).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    );
    const parts = textParts(merged);
    const captcha = options.captcha === undefined ? await solvedCaptcha(t) : options.captcha;
    if (captcha !== null) parts.push({ name: "altcha", value: captcha });
    if (file) {
      parts.push({
        name: "cv",
        value: file.content ?? samples[file.sample ?? "pdf"],
        fileName: file.name ?? "cv.pdf",
        contentType: file.type ?? "application/pdf",
      });
    }
    return post("/api/applications/submit", parts, options.remoteAddress);
  }

  const counts = async () => ({
    contacts: (await t.app.db.select().from(quoteRequests)).length,
    applications: (await t.app.db.select().from(jobApplications)).length,
    files: await storedFiles(t),
  });

  /** Runs `send`, expects `status` (and optionally an `errors` key), and checks nothing was stored. */
  async function expectRefused(
    send: () => Promise<{ statusCode: number; json: () => unknown }>,
    status: number,
    errorField?: string,
  ) {
    const before = await counts();
    const response = await send();
    expect(response.statusCode).toBe(status);
    const body = response.json() as { message: string; errors?: Record<string, string> };
    expect(typeof body.message).toBe("string");
    if (errorField) expect(body.errors, JSON.stringify(body)).toHaveProperty(errorField);
    expect(await counts()).toEqual(before);
    return body;
  }

  describe("GET /api/captcha/challenge", () => {
    it("gives a signed PBKDF2 challenge that expires in 10 minutes and is never cached", async () => {
      const response = await t.app.inject({ url: "/api/captcha/challenge", remoteAddress: randomAddress() });
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-store");
      const challenge = response.json();
      expect(challenge.parameters).toMatchObject({
        algorithm: captchaRules.algorithm,
        cost: captchaRules.cost,
        nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
        salt: expect.stringMatching(/^[0-9a-f]{32}$/),
        keySignature: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
      const expiresIn = challenge.parameters.expiresAt * 1000 - Date.now();
      expect(expiresIn).toBeGreaterThan(9 * 60_000);
      expect(expiresIn).toBeLessThanOrEqual(10 * 60_000);
      // Each challenge is new.
      expect((await fetchChallenge(t)).signature).not.toBe(challenge.signature);
    });
  });

  describe("POST /api/contact/submit", () => {
    it("stores a quote request with its file before answering 201, byte for byte", async () => {
      const content = Buffer.concat([samples.pdf, Buffer.alloc(150_000, 7)]);
      const response = await sendQuote({}, { content, name: "../../GA drawings (rev 3).pdf" });
      expect(response.statusCode, response.body).toBe(201);
      const { id, message } = response.json();
      expect(message).toBe("Your inquiry has been submitted successfully!");

      const list = await t.app.inject({ url: "/api/contact/all", headers: admin });
      expect(list.statusCode).toBe(200);
      const stored = (list.json() as unknown[]).map((item) => quoteRequestSchema.parse(item)).find((s) => s.id === id);
      expect(stored).toEqual({
        id,
        name: quoteFields.name,
        email: quoteFields.email,
        company: quoteFields.company,
        phone: quoteFields.phone,
        projectName: quoteFields.projectName,
        workTypes: ["Structural Steel Detailing", "MTO / TakeOFF"],
        tonsOfSteel: "350",
        proposalDate: "07/15/2025",
        projectDate: "09/01/2025",
        scopeOfWork: quoteFields.scopeOfWork,
        projectUrl: quoteFields.projectUrl,
        uploadedFilePath: `/api/contact/${id}/file`,
        fileName: "GA drawings (rev 3).pdf",
        fileType: "application/pdf",
        submittedAt: expect.any(String),
        reference: expect.stringMatching(/^Q-\d{4}-\d{4}$/),
        status: "new",
        assignee: null,
        followUpAt: null,
        lostReason: null,
        contactedAt: null,
        version: 0,
        related: expect.any(Number),
      });
      expect(stored?.reference.slice(2, 6)).toBe(String(new Date(stored?.submittedAt ?? "").getUTCFullYear()));
      expect(Math.abs(Date.parse(stored?.submittedAt ?? "") - Date.now())).toBeLessThan(60_000);

      const file = await t.app.inject({ url: `/api/contact/${id}/file`, headers: admin });
      expect(file.statusCode).toBe(200);
      expect(sha256(file.rawPayload)).toBe(sha256(content));
      expect(file.headers["content-type"]).toBe("application/pdf");
      expect(file.headers["content-disposition"]).toMatch(/^attachment; filename="GA drawings \(rev 3\)\.pdf"/);
      expect(file.headers["x-content-type-options"]).toBe("nosniff");
      expect(file.headers["content-security-policy"]).toBe("default-src 'none'; sandbox");
      expect(file.headers["cache-control"]).toBe("private, no-store");
      // Stored only under a random key: no name the visitor chose.
      const [row] = await t.app.db.select().from(quoteRequests).where(eq(quoteRequests.id, id));
      expect(sha256((await storedContent(t.app, `quotes/${row?.fileKey}`)) ?? Buffer.alloc(0))).toBe(sha256(content));
      const keys = await storedFiles(t);
      expect(keys).toContain(`quotes/${row?.fileKey}`);
      for (const key of keys) expect(key).toMatch(/^(quotes|resumes)\/[A-Za-z0-9_-]{32}$/);
    });

    it("accepts the file before the other fields, and a request with no file at all", async () => {
      const fileFirst = await sendQuote(
        {},
        { sample: "png", name: "site.png", type: "image/png" },
        { fileFirst: true },
      );
      expect(fileFirst.statusCode, fileFirst.body).toBe(201);
      const noFile = await sendQuote({
        company: undefined,
        phone: undefined,
        projectName: undefined,
        tonsOfSteel: undefined,
        proposalDate: undefined,
        projectDate: undefined,
        scopeOfWork: undefined,
        projectUrl: undefined,
        workTypes: undefined,
      });
      expect(noFile.statusCode, noFile.body).toBe(201);
      const list = (await t.app.inject({ url: "/api/contact/all", headers: admin })).json() as { id: number }[];
      const stored = list.find((s) => s.id === noFile.json().id);
      expect(stored).toMatchObject({ company: "", workTypes: [], uploadedFilePath: null, fileName: null });
      // An empty file input (a part with no name and no bytes) counts as no file.
      const emptyInput = await sendQuote({}, { content: Buffer.alloc(0), name: "" });
      expect(emptyInput.statusCode, emptyInput.body).toBe(201);
    });

    it.each([
      ["pdf", "plans.pdf"],
      ["jpeg", "photo.jpg"],
      ["gif", "detail.gif"],
      ["webp", "render.webp"],
      ["tiff", "scan.tif"],
      ["cfb", "estimate.xls"],
      ["docx", "spec.docx"],
      ["dwg", "plan.dwg"],
      ["dxf", "plan.dxf"],
      ["ifc", "model.ifc"],
      ["zip", "package.zip"],
      ["sevenZip", "package.7z"],
      ["rar", "package.rar"],
    ] as const)("accepts a %s attachment (%s)", async (sample, name) => {
      const response = await sendQuote({}, { sample, name, type: "application/octet-stream" });
      expect(response.statusCode, response.body).toBe(201);
    });

    it.each([
      ["name", "name: undefined", { name: undefined }],
      ["name", "name: '   '", { name: "   " }],
      ["email", "email: undefined", { email: undefined }],
      ["email", "email: 'not-an-email'", { email: "not-an-email" }],
      ["email", "email: 'dana@'", { email: "dana@" }],
      ["projectUrl", "projectUrl: 'javascript:alert(1)'", { projectUrl: "javascript:alert(1)" }],
      ["projectUrl", "projectUrl: 'ftp://plans.example.com/a.pdf'", { projectUrl: "ftp://plans.example.com/a.pdf" }],
      ["projectUrl", "projectUrl: 'plans.example.com'", { projectUrl: "plans.example.com" }],
      ["proposalDate", "proposalDate: '13/01/2025'", { proposalDate: "13/01/2025" }],
      ["proposalDate", "proposalDate: '02/30/2025'", { proposalDate: "02/30/2025" }],
      ["projectDate", "projectDate: '2025-09-01'", { projectDate: "2025-09-01" }],
      ["projectDate", "projectDate: 'next spring'", { projectDate: "next spring" }],
      [
        "workTypes",
        "workTypes: JSON.stringify(['Structural S…",
        { workTypes: JSON.stringify(["Structural Steel Detailing", "Welding"]) },
      ],
      ["workTypes", "workTypes: 'Structural Steel Detailing'", { workTypes: "Structural Steel Detailing" }],
      ["workTypes", "workTypes: JSON.stringify({ a: 1 })", { workTypes: JSON.stringify({ a: 1 }) }],
      ["phone", "phone: 'call me maybe'", { phone: "call me maybe" }],
      ["scopeOfWork", "scopeOfWork: 'x'.repeat(5001)", { scopeOfWork: "x".repeat(5001) }],
    ])("answers 400 with errors.%s and stores nothing (%s)", async (field, _case, fields) => {
      // Field errors come with the captcha's (all problems are reported at once): no need to solve one.
      await expectRefused(() => sendQuote(fields, { sample: "pdf" }, { captcha: null }), 400, field);
    });

    it("reports every bad field at once", async () => {
      const body = await expectRefused(
        () => sendQuote({ name: "", email: "nope", projectUrl: "file:///etc/passwd" }, undefined, { captcha: null }),
        400,
      );
      expect(Object.keys(body.errors ?? {}).sort()).toEqual(["altcha", "email", "name", "projectUrl"]);
    });

    it.each([
      ["an ELF executable named .pdf", "elf"],
      ["a Windows executable named .pdf", "exe"],
      ["a web page named .pdf", "html"],
      ["plain text named .pdf", "text"],
    ] as const)("answers 415 for %s, leaving nothing behind", async (_label, sample) => {
      const body = await expectRefused(
        () => sendQuote({}, { sample, name: "drawings.pdf", type: "application/pdf" }, { captcha: null }),
        415,
        "uploadFile",
      );
      expect(body.message).toMatch(/not accepted/);
    });

    it("refuses a missing, malformed, forged, altered or test-mode captcha (400 errors.altcha)", async () => {
      const missing = await expectRefused(() => sendQuote({}, undefined, { captcha: null }), 400, "altcha");
      expect(missing.errors?.altcha).toBe(captchaMessages.missing);
      await expectRefused(() => sendQuote({}, undefined, { captcha: "not base64 json" }), 400, "altcha");
      const testMode = Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString("base64");
      await expectRefused(() => sendQuote({}, undefined, { captcha: testMode }), 400, "altcha");

      // Signed with another key: looks right, is not ours.
      const foreign = await createChallenge({
        algorithm: captchaRules.algorithm,
        cost: captchaRules.cost,
        counter: 50,
        deriveKey,
        expiresAt: new Date(Date.now() + 60_000),
        hmacSignatureSecret: "someone-else's-secret-someone-else's-secret",
        hmacKeySignatureSecret: "another-secret-another-secret-another",
      });
      const forged = await expectRefused(
        () => sendQuote({}, undefined, { captcha: captchaPayload(foreign, { counter: 50, derivedKey: "00" }) }),
        400,
        "altcha",
      );
      expect(forged.errors?.altcha).toBe(captchaMessages.invalid);

      // Ours, but with a wrong solution, or with parameters changed after signing (cheaper work).
      const challenge = await fetchChallenge(t);
      const solution = await solve(challenge);
      const flipped = (solution.derivedKey[0] === "0" ? "1" : "0") + solution.derivedKey.slice(1);
      const wrong = { counter: solution.counter, derivedKey: flipped };
      await expectRefused(() => sendQuote({}, undefined, { captcha: captchaPayload(challenge, wrong) }), 400, "altcha");
      const altered = { ...challenge, parameters: { ...challenge.parameters, cost: 1 } };
      await expectRefused(
        () => sendQuote({}, undefined, { captcha: captchaPayload(altered, solution) }),
        400,
        "altcha",
      );
    });

    it("accepts a solved captcha once: the second use is refused (400)", async () => {
      // The API's own challenge, solved at its full work as the widget does.
      const challenge = await fetchChallenge(t);
      const captcha = captchaPayload(challenge, await solve(challenge));
      const first = await sendQuote({}, undefined, { captcha });
      expect(first.statusCode, first.body).toBe(201);
      const again = await expectRefused(() => sendQuote({}, { sample: "pdf" }, { captcha }), 400, "altcha");
      expect(again.errors?.altcha).toBe(captchaMessages.used);
      // Not on the other form either.
      await expectRefused(() => sendApplication({}, {}, { captcha }), 400, "altcha");
      const used = await t.app.db.select().from(captchaSolutions);
      expect(used.length).toBeGreaterThan(0);
    });

    it("refuses an expired captcha, however well solved", async () => {
      const keys = await captchaKeys(t.app.db, t.config);
      const expired = await createChallenge({
        algorithm: captchaRules.algorithm,
        cost: captchaRules.cost,
        counter: 20,
        deriveKey,
        expiresAt: new Date(Date.now() - 1000),
        ...keys,
      });
      const body = await expectRefused(
        () => sendQuote({}, undefined, { captcha: captchaPayload(expired, { counter: 0, derivedKey: "00" }) }),
        400,
        "altcha",
      );
      expect(body.errors?.altcha).toBe(captchaMessages.expired);
      const solution = await solve({ ...expired, parameters: { ...expired.parameters } });
      await expectRefused(
        () => sendQuote({}, undefined, { captcha: captchaPayload(expired, solution) }),
        400,
        "altcha",
      );
    });

    it("answers 400 and stores nothing when the honeypot is filled, even with a good captcha", async () => {
      const body = await expectRefused(() => sendQuote({ website: "https://spam.example" }, { sample: "pdf" }), 400);
      expect(body.errors).toBeUndefined();
    });

    it("answers 415 to a body that is not multipart, and 400 to a broken or over-stuffed one", async () => {
      const json = await t.app.inject({
        method: "POST",
        url: "/api/contact/submit",
        payload: quoteFields,
        remoteAddress: randomAddress(),
      });
      expect(json.statusCode).toBe(415);
      const before = await counts();
      const captcha = await solvedCaptcha(t);
      const broken = multipart(
        [
          ...textParts(quoteFields),
          { name: "altcha", value: captcha },
          { name: "uploadFile", value: Buffer.concat([samples.pdf, Buffer.alloc(80_000)]), fileName: "a.pdf" },
        ],
        { truncate: true },
      );
      const response = await t.app.inject({
        method: "POST",
        url: "/api/contact/submit",
        headers: broken.headers,
        payload: broken.payload,
        remoteAddress: randomAddress(),
      });
      expect(response.statusCode).toBe(400);
      const twoFiles = await post("/api/contact/submit", [
        ...textParts(quoteFields),
        { name: "altcha", value: captcha },
        { name: "uploadFile", value: samples.pdf, fileName: "a.pdf" },
        { name: "uploadFile", value: samples.pdf, fileName: "b.pdf" },
      ]);
      expect(twoFiles.statusCode).toBe(400);
      expect(twoFiles.json().errors).toHaveProperty("uploadFile");
      const otherField = await post("/api/contact/submit", [
        ...textParts(quoteFields),
        { name: "altcha", value: captcha },
        { name: "attachment", value: samples.pdf, fileName: "a.pdf" },
      ]);
      expect(otherField.statusCode).toBe(400);
      expect(await counts()).toEqual(before);
    });

    it("leaves no partial file behind when the visitor's upload breaks off midway", async () => {
      const before = await counts();
      const body = multipart([
        ...textParts(quoteFields),
        { name: "altcha", value: await solvedCaptcha(t) },
        { name: "uploadFile", value: Buffer.concat([samples.pdf, Buffer.alloc(300_000, 3)]), fileName: "cut.pdf" },
      ]);
      let sent = false;
      const source = new Readable({
        read() {
          if (sent) this.destroy(new Error("visitor went away"));
          else {
            sent = true;
            this.push(body.payload.subarray(0, 150_000));
          }
        },
      });
      const response = await t.app
        .inject({
          method: "POST",
          url: "/api/contact/submit",
          headers: body.headers,
          payload: source,
          remoteAddress: randomAddress(),
        })
        .catch((error: Error) => error);
      if (!(response instanceof Error)) expect(response.statusCode).toBeGreaterThanOrEqual(400);
      await expect.poll(counts).toEqual(before);
    });

    it("limits each address to 5 submissions in 10 minutes (429 with Retry-After), per form", async () => {
      const remoteAddress = randomAddress();
      for (let i = 0; i < 5; i++) {
        const response = await sendQuote({ email: "bad" }, undefined, { captcha: null, remoteAddress });
        expect(response.statusCode).toBe(400);
      }
      const before = await counts();
      const limited = await sendQuote({}, { sample: "pdf" }, { remoteAddress });
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers["retry-after"])).toBeGreaterThan(500);
      expect(limited.json().message).toMatch(/Too many submissions/);
      expect(await counts()).toEqual(before);
      // The other form, and other addresses, are not affected.
      expect((await sendApplication({}, { sample: "pdf" }, { remoteAddress })).statusCode).toBe(201);
      expect((await sendQuote({}, undefined, {})).statusCode).toBe(201);
    });
  });

  describe("POST /api/applications/submit", () => {
    it("stores the application and its CV byte for byte", async () => {
      const content = Buffer.concat([samples.docx]);
      const response = await sendApplication({}, { content, name: "Ravi CV.docx", type: "application/msword" });
      expect(response.statusCode, response.body).toBe(201);
      const { id, message } = response.json();
      expect(message).toBe("Application submitted successfully!");
      const list = (await t.app.inject({ url: "/api/applications", headers: admin })).json() as unknown[];
      const stored = list.map((item) => applicationSchema.parse(item)).find((a) => a.id === id);
      expect(stored).toEqual({
        id,
        ...applicationFields,
        appliedAt: expect.any(String),
        resumePath: `/api/applications/${id}/resume`,
        resumeName: "Ravi CV.docx",
        resumeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        position: "Open application",
        status: "new",
        keepForFutureRoles: false,
        version: 0,
        erasedAt: null,
        eraseAfter: expect.any(String),
      });
      const cv = await t.app.inject({ url: `/api/applications/${id}/resume`, headers: admin });
      expect(cv.statusCode).toBe(200);
      expect(sha256(cv.rawPayload)).toBe(sha256(content));
      expect(cv.headers["content-disposition"]).toMatch(/^attachment;/);
      expect(cv.headers["x-content-type-options"]).toBe("nosniff");
    });

    it.each([
      ["pdf", "cv.pdf"],
      ["cfb", "cv.doc"],
      ["zip", "portfolio.zip"],
    ] as const)("accepts a %s CV", async (sample, name) => {
      expect((await sendApplication({}, { sample, name })).statusCode).toBe(201);
    });

    it.each([
      ["name", "name: undefined", { name: undefined }],
      ["email", "email: 'ravi.example.in'", { email: "ravi.example.in" }],
      ["phone", "phone: undefined", { phone: undefined }],
      ["phone", "phone: '12'", { phone: "12" }],
      ["message", "message: 'm'.repeat(5001)", { message: "m".repeat(5001) }],
    ])("answers 400 with errors.%s and stores nothing (%s)", async (field, _case, fields) => {
      await expectRefused(() => sendApplication(fields, { sample: "pdf" }, { captcha: null }), 400, field);
    });

    it("requires the CV (400 errors.cv)", async () => {
      const body = await expectRefused(() => sendApplication({}, null, { captcha: null }), 400, "cv");
      expect(body.errors?.cv).toBe("Attach your CV");
      const empty = { content: Buffer.alloc(0), name: "cv.pdf" };
      await expectRefused(() => sendApplication({}, empty, { captcha: null }), 400, "cv");
    });

    it.each([
      ["an image", "png"],
      ["a drawing", "dwg"],
      ["an executable named .pdf", "elf"],
      ["a web page named .docx", "html"],
    ] as const)("answers 415 for %s as CV", async (_label, sample) => {
      const body = await expectRefused(
        () => sendApplication({}, { sample, name: "cv.pdf" }, { captcha: null }),
        415,
        "cv",
      );
      expect(body.message).toBe("This type of file is not accepted. Send PDF, DOC, DOCX or ZIP.");
    });

    it("refuses a missing captcha and a filled honeypot", async () => {
      await expectRefused(() => sendApplication({}, { sample: "pdf" }, { captcha: null }), 400, "altcha");
      await expectRefused(() => sendApplication({ website: "x" }, { sample: "pdf" }), 400);
    });
  });

  describe("admin lists", () => {
    it("lists newest first and searches name, email, company and project", async () => {
      const older = (await sendQuote({ name: "Searchable Older", company: "Acme Girders" })).json().id;
      const newer = (await sendQuote({ name: "Searchable Newer", projectName: "Acme Tower" })).json().id;
      const all = (await t.app.inject({ url: "/api/contact/all", headers: admin })).json() as { id: number }[];
      expect(all.findIndex((s) => s.id === newer)).toBeLessThan(all.findIndex((s) => s.id === older));
      const times = (all as unknown as { submittedAt: string }[]).map((s) => Date.parse(s.submittedAt));
      expect([...times].sort((a, b) => b - a)).toEqual(times);

      const search = async (q: string) =>
        (
          (await t.app.inject({ url: `/api/contact/all?q=${encodeURIComponent(q)}`, headers: admin })).json() as {
            id: number;
          }[]
        ).map((s) => s.id);
      expect(await search("acme")).toEqual([newer, older]);
      expect(await search("ACME girders")).toEqual([older]);
      expect(await search("searchable tower")).toEqual([newer]);
      expect(await search("100%")).toEqual([]);
      expect((await t.app.inject({ url: `/api/contact/all?q=${"x".repeat(201)}`, headers: admin })).statusCode).toBe(
        400,
      );

      await sendApplication({ name: "Findable Applicant", email: "findable@example.org" });
      const applications = (await t.app.inject({ url: "/api/applications?q=findable", headers: admin })).json();
      expect(applications).toHaveLength(1);
    });

    it("deletes a submission with its file, and an application with its CV (204, then 404)", async () => {
      const quote = (await sendQuote({}, { sample: "pdf" })).json().id;
      const application = (await sendApplication({}, { sample: "pdf" })).json().id;
      const files = await storedFiles(t);
      const [quoteRow] = await t.app.db.select().from(quoteRequests).where(eq(quoteRequests.id, quote));
      const [applicationRow] = await t.app.db.select().from(jobApplications).where(eq(jobApplications.id, application));
      const quoteFile = `quotes/${quoteRow?.fileKey}`;
      const cvFile = `resumes/${applicationRow?.resumeKey}`;
      expect(files).toEqual(expect.arrayContaining([quoteFile, cvFile]));

      expect((await t.app.inject({ method: "DELETE", url: `/api/contact/${quote}`, headers: admin })).statusCode).toBe(
        204,
      );
      expect(await storedFiles(t)).toEqual(files.filter((key) => key !== quoteFile));
      expect((await t.app.inject({ url: `/api/contact/${quote}/file`, headers: admin })).statusCode).toBe(404);
      expect((await t.app.inject({ method: "DELETE", url: `/api/contact/${quote}`, headers: admin })).statusCode).toBe(
        404,
      );

      const deleted = await t.app.inject({ method: "DELETE", url: `/api/applications/${application}`, headers: admin });
      expect(deleted.statusCode).toBe(204);
      expect(await storedFiles(t)).toEqual(files.filter((key) => key !== quoteFile && key !== cvFile));
      expect((await t.app.inject({ url: `/api/applications/${application}/resume`, headers: admin })).statusCode).toBe(
        404,
      );
      expect((await t.app.inject({ method: "DELETE", url: "/api/contact/abc", headers: admin })).statusCode).toBe(400);
    });

    it("exports CSV with formula cells escaped and proper quoting", async () => {
      const id = (
        await sendQuote({
          name: '=HYPERLINK("http://evil.example","click")',
          company: "@SUM(A1:A9)",
          phone: "+1 412 555 0100",
          projectName: "-2+3",
          scopeOfWork: "Line one\nLine two, with a comma",
        })
      ).json().id;
      const response = await t.app.inject({ url: "/api/contact/export.csv?q=evil", headers: admin });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
      expect(response.headers["content-disposition"]).toMatch(
        /^attachment; filename="quote-requests-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      const lines = response.body.replace(/^\uFEFF/, "").split("\r\n");
      expect(lines[0]).toBe(
        "id,reference,submittedAt,name,email,company,phone,projectName,workTypes,tonsOfSteel,proposalDate,projectDate,scopeOfWork,projectUrl,fileName,status,assignee,followUpAt,lostReason,contactedAt,related",
      );
      const row = lines.slice(1).join("\r\n");
      expect(row).toMatch(new RegExp(`^${id},Q-\\d{4}-\\d{4},`));
      expect(lines[1]).toMatch(/,new,,,,,\d+$/);
      expect(row).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
      expect(row).toContain(",'@SUM(A1:A9),'+1 412 555 0100,'-2+3,");
      expect(row).toContain(`"Line one\nLine two, with a comma"`);
      expect(row).toContain("Structural Steel Detailing; MTO / TakeOFF");

      await sendApplication({ name: "-cmd|' /C calc'!A0", message: "@Tabbed\tinside" });
      const applications = await t.app.inject({ url: "/api/applications/export.csv", headers: admin });
      expect(applications.statusCode).toBe(200);
      expect(applications.body).toContain(",'-cmd|' /C calc'!A0,");
      expect(applications.body).toContain(",'@Tabbed\tinside,");
    });
  });

  describe("newsletter", () => {
    it("stores an address once whatever its case, answering the same every time", async () => {
      const subscribe = (email: string) =>
        t.app.inject({
          method: "POST",
          url: "/api/newsletter/subscribe",
          payload: { email },
          remoteAddress: randomAddress(),
        });
      const first = await subscribe("Reader@Example.com");
      const again = await subscribe("reader@example.COM");
      expect(first.statusCode).toBe(200);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(first.json()).toEqual({ message: "Thanks, you are subscribed." });
      const rows = await t.app.db.select().from(newsletterSubscribers);
      expect(rows.filter((row) => row.email.toLowerCase() === "reader@example.com")).toHaveLength(1);
      expect((await subscribe("not an address")).statusCode).toBe(400);

      const csv = await t.app.inject({ url: "/api/newsletter/export.csv", headers: admin });
      expect(csv.statusCode).toBe(200);
      expect(csv.body.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("email,subscribedAt");
      expect(csv.body).toContain("Reader@Example.com,");
    });

    it("limits sign-ups per address (429)", async () => {
      const remoteAddress = randomAddress();
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const response = await t.app.inject({
          method: "POST",
          url: "/api/newsletter/subscribe",
          payload: { email: `burst${i}@example.com` },
          remoteAddress,
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
      expect(statuses[10]).toBe(429);
    });
  });

  describe("who may read leads", () => {
    it("refuses employees (403) and anonymous callers (401) every lead, CV, file and export not assigned to them", async () => {
      const quote = (await sendQuote({}, { sample: "pdf" })).json().id;
      const application = (await sendApplication({}, { sample: "pdf" })).json().id;
      const { token } = await employeeSession(t);
      const urls = [
        "/api/contact/export.csv",
        `/api/contact/${quote}/file`,
        "/api/applications",
        "/api/applications/export.csv",
        `/api/applications/${application}/resume`,
        "/api/newsletter/export.csv",
      ];
      for (const [headers, status] of [
        [authHeader(token), 403],
        [{}, 401],
        [authHeader("not-a-token"), 401],
      ] as const) {
        for (const url of urls) {
          const response = await t.app.inject({ url, headers });
          expect(response.statusCode, `${url} ${status}`).toBe(status);
          expect(response.body).not.toContain("%PDF");
        }
        for (const url of [`/api/contact/${quote}`, `/api/applications/${application}`]) {
          expect((await t.app.inject({ method: "DELETE", url, headers })).statusCode, url).toBe(status);
        }
      }
      // The quote list is an employee's own requests (decision 043): none here; anyone else is refused.
      const own = await t.app.inject({ url: "/api/contact/all", headers: authHeader(token) });
      expect(own.statusCode).toBe(200);
      expect(own.json()).toEqual([]);
      expect((await t.app.inject({ url: "/api/contact/all" })).statusCode).toBe(401);
      // Still there for the admin.
      expect((await t.app.inject({ url: `/api/contact/${quote}/file`, headers: admin })).statusCode).toBe(200);
      expect((await t.app.inject({ url: `/api/applications/${application}/resume`, headers: admin })).statusCode).toBe(
        200,
      );
    });
  });
});

describe("public form file size limits", () => {
  let t: TestApp;
  beforeAll(async () => {
    // 20 KB and 40 KB instead of 10 MB and 100 MB: the same code path without writing megabytes.
    t = await createTestApp({ env: { LEADS_MAX_CV_MB: "0.02", LEADS_MAX_QUOTE_MB: "0.04" } });
  });
  afterAll(async () => t.close());

  const send = async (url: string, fields: Record<string, string>, fileField: string, size: number) => {
    const body = multipart([
      ...textParts(fields),
      { name: "altcha", value: await solvedCaptcha(t) },
      {
        name: fileField,
        value: Buffer.concat([samples.pdf, Buffer.alloc(size - samples.pdf.length, 1)]),
        fileName: "big.pdf",
      },
    ]);
    return t.app.inject({
      method: "POST",
      url,
      headers: body.headers,
      payload: body.payload,
      remoteAddress: randomAddress(),
    });
  };

  it("answers 413 with a clear message beyond the limit, and stores nothing", async () => {
    const cvLimit = t.config.maxCvBytes;
    const quoteLimit = t.config.maxQuoteFileBytes;
    expect(cvLimit).toBe(Math.round(0.02 * 1024 * 1024));

    const cv = await send("/api/applications/submit", applicationFields, "cv", cvLimit + 1);
    expect(cv.statusCode).toBe(413);
    const cvMessage = `Your CV is larger than the ${formatBytes(cvLimit)} limit.`;
    expect(cvMessage).toBe("Your CV is larger than the 20.5 KB limit.");
    expect(cv.json()).toEqual({ message: cvMessage, errors: { cv: cvMessage } });
    const quote = await send("/api/contact/submit", quoteFields, "uploadFile", quoteLimit + 50_000);
    expect(quote.statusCode).toBe(413);
    expect(quote.json().message).toBe(`The file is larger than the ${formatBytes(quoteLimit)} limit.`);

    expect(await t.app.db.select().from(jobApplications)).toEqual([]);
    expect(await t.app.db.select().from(quoteRequests)).toEqual([]);
    expect(await storedFiles(t)).toEqual([]);

    expect((await send("/api/applications/submit", applicationFields, "cv", cvLimit)).statusCode).toBe(201);
    expect((await send("/api/contact/submit", quoteFields, "uploadFile", quoteLimit)).statusCode).toBe(201);
    const stored = await storedFiles(t);
    expect(stored).toHaveLength(2);
    expect(stored.map((key) => key.split("/")[0])).toEqual(["quotes", "resumes"]);
  });
});
