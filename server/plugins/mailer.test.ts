/**
 * The sales mailbox hears of every lead and application (DESIGN §6), through a real SMTP
 * conversation; a mail server that is down or stuck never costs a lead or delays the answer.
 */
import { createServer, type Server, type Socket } from "node:net";
import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers/app.ts";
import { solvedCaptcha } from "../../test/helpers/captcha.ts";
import { adminToken, authHeader, randomAddress } from "../../test/helpers/factories.ts";
import { multipart, type Part } from "../../test/helpers/multipart.ts";
import { samples } from "../../test/helpers/sample-files.ts";
import { startSmtpCapture } from "../../test/helpers/smtp-capture.ts";
import { jobApplications, quoteRequestActivity, quoteRequests } from "../db/schema.ts";

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Accepts connections and never says a word: a mail server that hangs. */
async function silentServer() {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Log lines of the app, as JSON, for a test to look for one. */
function logCollector() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split("\n")) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: { level: "warn", stream } };
}

const quote = {
  name: "Morgan Erector",
  email: "morgan@erectors.example",
  company: "Erectors Ltd",
  phone: "+44 20 7946 0000",
  projectName: "Harbour Footbridge",
  workTypes: JSON.stringify(["RFQ / Estimating", "Structural Steel Detailing"]),
};

const fileMarker = "FILE-CONTENT-MUST-NOT-BE-MAILED";
const attachment = Buffer.concat([samples.pdf, Buffer.from(`% ${fileMarker}\n`)]);

async function sendQuote(t: TestApp, captcha?: string) {
  const parts: Part[] = [
    ...Object.entries(quote).map(([name, value]) => ({ name, value })),
    { name: "altcha", value: captcha ?? (await solvedCaptcha(t)) },
    { name: "uploadFile", value: attachment, fileName: "bridge.pdf", contentType: "application/pdf" },
  ];
  const body = multipart(parts);
  return t.app.inject({
    method: "POST",
    url: "/api/contact/submit",
    headers: body.headers,
    payload: body.payload,
    remoteAddress: randomAddress(),
  });
}

async function sendApplication(t: TestApp) {
  const body = multipart([
    { name: "name", value: "Priya Checker" },
    { name: "email", value: "priya@example.in" },
    { name: "phone", value: "+91 98200 00000" },
    { name: "altcha", value: await solvedCaptcha(t) },
    { name: "cv", value: attachment, fileName: "priya-cv.pdf", contentType: "application/pdf" },
  ]);
  return t.app.inject({
    method: "POST",
    url: "/api/applications/submit",
    headers: body.headers,
    payload: body.payload,
    remoteAddress: randomAddress(),
  });
}

/** The raw message with quoted-printable soft line breaks joined, so long lines read as sent. */
const readable = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(Number.parseInt(hex, 16)));

describe("lead notifications with SMTP_URL set", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await createTestApp({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        NOTIFY_EMAIL: "sales@northbeam.example",
        PUBLIC_ORIGIN: "https://www.northbeam.example",
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const mailTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));

  it("mails the sales mailbox about a quote request: reference, name, company, work types, a link, no file", async () => {
    const response = await sendQuote(t);
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.app.db.select().from(quoteRequests);
    await expect.poll(() => mailTo("sales@northbeam.example").length, { timeout: 10_000 }).toBe(1);
    const [mail] = mailTo("sales@northbeam.example");
    expect(mail?.to).toEqual(["sales@northbeam.example"]);
    expect(mail?.from).toBe("sales@northbeam.example");
    const text = readable(mail?.raw ?? "");
    expect(text).toMatch(
      new RegExp(`^Subject: New quote request ${row?.reference}: Morgan Erector \\(Erectors Ltd\\)\r?$`, "m"),
    );
    expect(text).toMatch(/^Reply-To: morgan@erectors\.example\r?$/m);
    expect(text).toContain(`Reference: ${row?.reference}`);
    expect(text).toContain("Company: Erectors Ltd");
    expect(text).toContain("Type of work: Structural Steel Detailing, RFQ / Estimating");
    expect(text).toContain("Attachment: bridge.pdf");
    expect(text).toContain(`https://www.northbeam.example/staff/quotes/${row?.reference}`);
    // Never the file itself: one plain-text part, no attachment, not the file's bytes.
    expect(text).toMatch(/^Content-Type: text\/plain/m);
    expect(text).not.toMatch(/multipart\/mixed|Content-Disposition: attachment/i);
    expect(text).not.toContain(fileMarker);
    expect(text).not.toContain(attachment.toString("base64").slice(0, 40));
  });

  it("confirms to the requester with the reference, and the timeline says so", async () => {
    const [row] = await t.app.db.select().from(quoteRequests);
    expect(row?.reference).toMatch(/^Q-\d{4}-0001$/);
    await expect.poll(() => mailTo("morgan@erectors.example").length, { timeout: 10_000 }).toBe(1);
    const [mail] = mailTo("morgan@erectors.example");
    expect(mail?.to).toEqual(["morgan@erectors.example"]);
    expect(mail?.from).toBe("sales@northbeam.example");
    const text = readable(mail?.raw ?? "");
    expect(text).toMatch(new RegExp(`^Subject: We received your quote request ${row?.reference}\r?$`, "m"));
    expect(text).toContain(`Its reference is ${row?.reference}.`);
    expect(text).toMatch(/^Reply-To: sales@northbeam\.example\r?$/m);
    // Nothing the visitor typed is mailed back to the address they gave.
    expect(text).not.toContain("Morgan");
    expect(text).not.toContain("Harbour Footbridge");
    expect(text).not.toContain(fileMarker);

    await expect
      .poll(
        async () => (await t.app.db.select().from(quoteRequestActivity)).filter((line) => line.kind === "email").length,
      )
      .toBe(1);
    const admin = authHeader(await adminToken(t));
    const activity = (await t.app.inject({ url: `/api/contact/${row?.id}/activity`, headers: admin })).json();
    expect(activity.map((line: { kind: string }) => line.kind)).toEqual(["created", "email"]);
    expect(activity[1]).toMatchObject({
      actor: null,
      summary: `Confirmation with ${row?.reference} sent to morgan@erectors.example`,
    });
  });

  it("mails about a job application with its position, without the CV; the applicant gets nothing", async () => {
    const before = smtp.mails.length;
    const response = await sendApplication(t);
    expect(response.statusCode, response.body).toBe(201);
    await expect.poll(() => smtp.mails.length, { timeout: 10_000 }).toBe(before + 1);
    const text = readable(smtp.mails.at(-1)?.raw ?? "");
    expect(smtp.mails.at(-1)?.to).toEqual(["sales@northbeam.example"]);
    expect(text).toMatch(/^Subject: New job application: Priya Checker \(Open application\)\r?$/m);
    expect(text).toContain("Position: Open application");
    expect(text).toContain(`https://www.northbeam.example/staff/applications/${response.json().id}`);
    expect(text).not.toMatch(/Content-Disposition: attachment/i);
    expect(text).not.toContain(fileMarker);
    expect(mailTo("priya@example.in")).toEqual([]);
  });
});

describe("lead notifications when the mail server is down", () => {
  it("still stores the lead and answers 201, and logs the failed e-mail", async () => {
    const logs = logCollector();
    const t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}`, NOTIFY_EMAIL: "sales@northbeam.example" },
      logger: logs.logger,
    });
    try {
      const response = await sendQuote(t);
      expect(response.statusCode, response.body).toBe(201);
      const rows = await t.app.db.select().from(quoteRequests);
      expect(rows.map((row) => row.id)).toEqual([response.json().id]);
      expect((await sendApplication(t)).statusCode).toBe(201);
      expect(await t.app.db.select().from(jobApplications)).toHaveLength(1);
      // The sales note and the confirmation of the quote, the note of the application.
      await expect
        .poll(() => logs.lines.filter((line) => line.msg === "lead notification failed").length, { timeout: 10_000 })
        .toBe(3);
      // No e-mail went out: the timeline does not say one did.
      const kinds = (await t.app.db.select().from(quoteRequestActivity)).map((line) => line.kind);
      expect(kinds).toEqual(["created"]);
    } finally {
      await t.close();
    }
  });

  // Closing the app waits out the mail server's greeting timeout (5 s): a loaded machine needs more than 20 s.
  it("does not wait for a mail server that never answers", async () => {
    const silent = await silentServer();
    const t = await createTestApp({
      env: { SMTP_URL: `smtp://127.0.0.1:${silent.port}`, NOTIFY_EMAIL: "sales@northbeam.example" },
    });
    try {
      const captcha = await solvedCaptcha(t);
      const started = Date.now();
      const response = await sendQuote(t, captcha);
      expect(response.statusCode, response.body).toBe(201);
      // Answered without waiting for the SMTP greeting (which would time out after 5 s).
      expect(Date.now() - started).toBeLessThan(3000);
      expect(await t.app.db.select().from(quoteRequests)).toHaveLength(1);
    } finally {
      await t.close();
      await silent.close();
    }
  }, 40_000);
});
