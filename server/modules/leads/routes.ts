import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import site from "../../../content/site.json" with { type: "json" };
import {
  applicationFieldsSchema,
  contactSubmissionSchema,
  cvFileRule,
  jobApplicationSchema,
  leadCreatedSchema,
  leadFields,
  leadIdParamsSchema,
  leadSearchQuerySchema,
  newsletterSubscribedSchema,
  newsletterSubscribeSchema,
  quoteFileRule,
  quoteMultipartSchema,
} from "../../../shared/leads.ts";
import type { Db } from "../../db/client.ts";
import { contactSubmissions, jobApplications } from "../../db/schema.ts";
import { controlCharacterErrors } from "../../lib/control-characters.ts";
import { csvDisposition, toCsv } from "../../lib/csv.ts";
import { badRequest, HttpError, notFound, tooManyRequests, unsupportedMediaType } from "../../lib/errors.ts";
import { attachmentDisposition } from "../../lib/file-names.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { keysIn, reconcileUploads } from "../../lib/upload-reconciliation.ts";
import { formatSize, type UploadStore, uploadStore } from "../../lib/uploads.ts";
import { captchaKeys, captchaMessages, captchaRules, captchaService } from "./captcha.ts";
import { type AcceptedTypes, cvTypes, quoteTypes } from "./file-types.ts";
import { type ReceivedForm, receiveForm } from "./form.ts";
import { applicationNotification, leadNotifier, quoteNotification } from "./notifier.ts";
import {
  type ContactSubmissionRow,
  type JobApplicationRow,
  leadRepository,
  toContactSubmission,
  toJobApplication,
} from "./repository.ts";

/** Per address and per form: 5 submissions in 10 minutes (counted whether they succeed or not). */
export const submitRateLimit = { max: 5, timeWindowMs: 10 * 60 * 1000 };
export const newsletterRateLimit = { max: 10, timeWindowMs: 10 * 60 * 1000 };
export const challengeRateLimit = { max: 30, timeWindowMs: 60 * 1000 };

export const leadMessages = {
  quoteCreated: "Your inquiry has been submitted successfully!",
  applicationCreated: "Application submitted successfully!",
  subscribed: "Thanks, you are subscribed.",
  notValid: "Some fields are not valid.",
  honeypot: "The request is not valid.",
} as const;

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

const rateLimit = (rule: { max: number; timeWindowMs: number }, what: string) => ({
  max: rule.max,
  timeWindow: rule.timeWindowMs,
  errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
    const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
    const minutes = Math.ceil(seconds / 60);
    return tooManyRequests(
      `Too many ${what} from your address. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      seconds,
    );
  },
});

/** The challenge as the widget needs it: every signed parameter passed through untouched. */
const challengeSchema = z.looseObject({
  parameters: z.looseObject({ algorithm: z.string(), nonce: z.string(), salt: z.string() }),
  signature: z.string().optional(),
});

/** An admin download: an attachment no browser will render or run, never cached. */
async function sendStoredFile(reply: FastifyReply, store: UploadStore, key: string, name: string, type: string) {
  const file = store.pathOf(key);
  const info = await stat(file).catch(() => undefined);
  if (!info?.isFile()) throw notFound("The file is no longer on the server.");
  reply
    .header("content-type", type || "application/octet-stream")
    .header("content-length", info.size)
    .header("content-disposition", attachmentDisposition(name))
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", "default-src 'none'; sandbox")
    .header("cache-control", "private, no-store")
    .header("referrer-policy", "no-referrer")
    .header("x-robots-tag", "noindex, nofollow");
  return reply.send(createReadStream(file));
}

const sendCsv = (reply: FastifyReply, name: string, csv: string) =>
  reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", csvDisposition(name))
    .header("x-content-type-options", "nosniff")
    .header("cache-control", "private, no-store")
    .send(csv);

const contactColumns = [
  { header: "id", value: (row: ContactSubmissionRow) => row.id },
  { header: "submittedAt", value: (row: ContactSubmissionRow) => row.submittedAt.toISOString() },
  { header: "name", value: (row: ContactSubmissionRow) => row.name },
  { header: "email", value: (row: ContactSubmissionRow) => row.email },
  { header: "company", value: (row: ContactSubmissionRow) => row.company },
  { header: "phone", value: (row: ContactSubmissionRow) => row.phone },
  { header: "projectName", value: (row: ContactSubmissionRow) => row.projectName },
  { header: "workTypes", value: (row: ContactSubmissionRow) => row.workTypes.join("; ") },
  { header: "tonsOfSteel", value: (row: ContactSubmissionRow) => row.tonsOfSteel },
  { header: "proposalDate", value: (row: ContactSubmissionRow) => row.proposalDate },
  { header: "projectDate", value: (row: ContactSubmissionRow) => row.projectDate },
  { header: "scopeOfWork", value: (row: ContactSubmissionRow) => row.scopeOfWork },
  { header: "projectUrl", value: (row: ContactSubmissionRow) => row.projectUrl },
  { header: "fileName", value: (row: ContactSubmissionRow) => (row.fileKey ? row.fileName : "") },
] as const;

const applicationColumns = [
  { header: "id", value: (row: JobApplicationRow) => row.id },
  { header: "appliedAt", value: (row: JobApplicationRow) => row.appliedAt.toISOString() },
  { header: "name", value: (row: JobApplicationRow) => row.name },
  { header: "email", value: (row: JobApplicationRow) => row.email },
  { header: "phone", value: (row: JobApplicationRow) => row.phone },
  { header: "message", value: (row: JobApplicationRow) => row.message },
  { header: "resumeName", value: (row: JobApplicationRow) => row.resumeName },
] as const;

/**
 * Quote requests, job applications and the newsletter (SPEC §7, DESIGN §5–6): the public forms
 * (captcha, honeypot, rate limit, files checked by content) and the admin lists. Registered under /api.
 */
export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const leads = leadRepository(app.db);
  const captchas = captchaService(app.db, captchaKeys(config));
  const quoteFiles = uploadStore(path.join(config.dataDir, "files", "quotes"));
  const resumes = uploadStore(path.join(config.dataDir, "files", "resumes"));
  await quoteFiles.init();
  await resumes.init();
  const notifier = leadNotifier(
    { smtpUrl: config.smtpUrl, notifyEmail: config.notifyEmail, fromName: `${site.brand.legalName} website` },
    app.log,
  );

  // Used captchas and the temporary files of uploads cut off by a crash: both are cleared now and then.
  const sweep = async () => {
    try {
      await captchas.prune();
      await quoteFiles.removeStaleTemps();
      await resumes.removeStaleTemps();
    } catch (error) {
      app.log.warn({ err: error }, "leads sweep failed");
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
    // Files whose row never committed (or whose row was deleted) before a crash: a CV no admin can see is not kept.
    await reconcileUploads(quoteFiles, keysIn(app.db, contactSubmissions.fileKey), { log: app.log });
    await reconcileUploads(resumes, keysIn(app.db, jobApplications.resumeKey), { log: app.log });
    await sweep();
    timer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await notifier.close();
  });

  // Multipart only in this scope; per-route limits are given when each form is read.
  await app.register(fastifyMultipart, { limits: { fileSize: config.maxQuoteFileBytes, files: 3, parts: 40 } });

  const publicAccess = "public" as const;
  const admin = { access: "admin" } as const;
  // PUBLIC_ORIGIN, never the request's Host: a forged Host must not end up in the sales e-mail.
  const adminUrl = (section: string) => `${config.publicOrigin}/#${section}`;

  app.get(
    "/captcha/challenge",
    {
      config: { access: publicAccess, rateLimit: rateLimit(challengeRateLimit, "captcha requests") },
      schema: {
        tags: ["leads"],
        summary: "A new ALTCHA proof-of-work challenge for the public forms",
        description: `Signed, valid for ${captchaRules.ttlMs / 60_000} minutes, good for one submission.`,
        response: { 200: challengeSchema, ...errorResponses(429) },
      },
    },
    async (_request, reply) => {
      const challenge = await captchas.create();
      return reply
        .header("cache-control", "no-store")
        .send({ parameters: { ...challenge.parameters }, signature: challenge.signature });
    },
  );

  /** What both forms do once their body is read: honeypot, fields, file, captcha, then one transaction. */
  async function accept<Fields, Row extends { id: number }>(
    request: FastifyRequest,
    form: ReceivedForm,
    spec: {
      fileField: string;
      fileRequired: string | false;
      parse: (fields: Record<string, string>) => z.ZodSafeParseResult<Fields>;
      insert: (tx: Pick<Db, "insert">, fields: Fields) => Promise<Row>;
    },
  ): Promise<Row> {
    if ((form.fields[leadFields.honeypot] ?? "").trim() !== "") {
      request.log.info("public form refused: honeypot filled");
      throw badRequest(leadMessages.honeypot);
    }
    // Text the database cannot store (NUL) is refused with the other field errors, before the
    // captcha is spent: the visitor corrects it and sends again with the same solution.
    const errors: Record<string, string> = controlCharacterErrors(form.fields);
    for (const name of form.tooLong) errors[name] = "This field is too long";
    const parsed = spec.parse(form.fields);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
    }
    if (form.extraFiles) errors[spec.fileField] = "Send one file only";
    else if (!form.file && spec.fileRequired) errors[spec.fileField] = spec.fileRequired;
    else if (form.file?.size === 0) errors[spec.fileField] = "The file is empty";
    const captcha = await captchas.verify(form.fields[leadFields.captcha]);
    if (!captcha.ok) errors[leadFields.captcha] = captchaMessages[captcha.reason];
    if (!parsed.success || !captcha.ok || Object.keys(errors).length > 0) {
      const onlyCaptcha = Object.keys(errors).length === 1 && errors[leadFields.captcha];
      throw badRequest(onlyCaptcha || leadMessages.notValid, errors);
    }
    return app.db.transaction(async (tx) => {
      if (!(await captchas.consume(tx, captcha.solution))) {
        throw badRequest(captchaMessages.used, { [leadFields.captcha]: captchaMessages.used });
      }
      return spec.insert(tx, parsed.data);
    });
  }

  const fileErrors = (field: string, what: string, maxBytes: number, label: string) => ({
    tooLarge: () =>
      new HttpError(413, `${what} is larger than the ${formatSize(maxBytes)} limit.`, "PAYLOAD_TOO_LARGE", {
        errors: { [field]: `${what} is larger than the ${formatSize(maxBytes)} limit.` },
      }),
    wrongType: () =>
      new HttpError(415, `This type of file is not accepted. Send ${label}.`, "UNSUPPORTED_MEDIA_TYPE", {
        errors: { [field]: `This type of file is not accepted. Send ${label}.` },
      }),
  });

  const readForm = (
    request: FastifyRequest,
    store: UploadStore,
    field: string,
    maxBytes: number,
    types: AcceptedTypes,
    errors: ReturnType<typeof fileErrors>,
  ) => {
    if (!request.isMultipart()) throw unsupportedMediaType("Send the form as multipart/form-data.");
    return receiveForm(request, { store, fileField: field, maxBytes, types, ...errors });
  };

  const submitSchema = (summary: string, description: string) => ({
    tags: ["leads"],
    summary,
    description,
    consumes: ["multipart/form-data"],
    response: { 201: leadCreatedSchema, ...errorResponses(400, 413, 415, 429) },
  });

  app.post(
    "/contact/submit",
    {
      config: { access: publicAccess, rateLimit: rateLimit(submitRateLimit, "submissions") },
      schema: submitSchema(
        "Send a quote request (multipart)",
        "Fields: name, email (required), company, phone, projectName, tonsOfSteel, proposalDate and projectDate " +
          "(MM/DD/YYYY), scopeOfWork, projectUrl (http/https), workTypes (JSON-encoded list), `altcha` (the " +
          `solved captcha), and optionally \`uploadFile\` (${quoteFileRule.label}; at most ${formatSize(config.maxQuoteFileBytes)}).`,
      ),
    },
    async (request, reply) => {
      const form = await readForm(
        request,
        quoteFiles,
        leadFields.quoteFile,
        config.maxQuoteFileBytes,
        quoteTypes,
        fileErrors(leadFields.quoteFile, "The file", config.maxQuoteFileBytes, quoteFileRule.label),
      );
      const file = form.file;
      try {
        const row = await accept(request, form, {
          fileField: leadFields.quoteFile,
          fileRequired: false,
          parse: (fields) => quoteMultipartSchema.safeParse(fields),
          insert: async (tx, fields) => {
            const [inserted] = await tx
              .insert(contactSubmissions)
              .values({
                ...fields,
                fileName: file?.name ?? null,
                fileKey: file?.key ?? null,
                fileType: file?.contentType ?? null,
              })
              .returning();
            if (!inserted) throw new Error("insert returned nothing");
            return inserted;
          },
        });
        request.log.info({ id: row.id, file: Boolean(file) }, "quote request stored");
        notifier.send(quoteNotification(row, adminUrl("contact-submissions")));
        return reply.status(201).send({ id: row.id, message: leadMessages.quoteCreated });
      } catch (error) {
        if (file) await quoteFiles.remove(file.key);
        throw error;
      }
    },
  );

  app.post(
    "/applications/submit",
    {
      config: { access: publicAccess, rateLimit: rateLimit(submitRateLimit, "submissions") },
      schema: submitSchema(
        "Send a job application (multipart)",
        "Fields: name, email, phone (required), message, `altcha` (the solved captcha), and `cv` " +
          `(${cvFileRule.label}; at most ${formatSize(config.maxCvBytes)}).`,
      ),
    },
    async (request, reply) => {
      const form = await readForm(
        request,
        resumes,
        leadFields.cv,
        config.maxCvBytes,
        cvTypes,
        fileErrors(leadFields.cv, "Your CV", config.maxCvBytes, cvFileRule.label),
      );
      const file = form.file;
      try {
        const row = await accept(request, form, {
          fileField: leadFields.cv,
          fileRequired: "Attach your CV",
          parse: (fields) => applicationFieldsSchema.safeParse(fields),
          insert: async (tx, fields) => {
            if (!file) throw new Error("a CV is required");
            const [inserted] = await tx
              .insert(jobApplications)
              .values({ ...fields, resumeName: file.name, resumeKey: file.key, resumeType: file.contentType })
              .returning();
            if (!inserted) throw new Error("insert returned nothing");
            return inserted;
          },
        });
        request.log.info({ id: row.id }, "job application stored");
        notifier.send(applicationNotification(row, adminUrl("job-applications")));
        return reply.status(201).send({ id: row.id, message: leadMessages.applicationCreated });
      } catch (error) {
        if (file) await resumes.remove(file.key);
        throw error;
      }
    },
  );

  app.post(
    "/newsletter/subscribe",
    {
      config: { access: publicAccess, rateLimit: rateLimit(newsletterRateLimit, "sign-ups") },
      bodyLimit: 4 * 1024,
      schema: {
        tags: ["leads"],
        summary: "Subscribe an address to the newsletter (stored once, whatever its case)",
        description: "Answers the same whether or not the address was already subscribed.",
        body: newsletterSubscribeSchema,
        response: { 200: newsletterSubscribedSchema, ...errorResponses(400, 413, 415, 429) },
      },
    },
    async (request) => {
      await leads.subscribe(request.body.email);
      return { message: leadMessages.subscribed };
    },
  );

  // ---- Admin: the dashboard's lists, files and exports -------------------------------------------

  const adminTags = ["leads (admin)"];
  const listQuery = { querystring: leadSearchQuerySchema };

  app.get(
    "/contact/all",
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: "Quote requests, newest first (?q= searches name, email, company, project, phone)",
        ...listQuery,
        response: { 200: z.array(contactSubmissionSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => (await leads.listContacts(request.query.q)).map(toContactSubmission),
  );

  app.get(
    "/contact/export.csv",
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: "Quote requests as CSV (same ?q= as the list)",
        ...listQuery,
        response: { 200: z.string().describe("text/csv"), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      sendCsv(reply, "contact-submissions", toCsv(contactColumns, await leads.listContacts(request.query.q))),
  );

  app.get(
    "/contact/:id/file",
    {
      config: admin,
      compress: false,
      schema: {
        tags: adminTags,
        summary: "The file attached to a quote request (as an attachment)",
        params: leadIdParamsSchema,
        response: { 200: z.unknown().describe("The file"), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await leads.contactById(request.params.id);
      if (!row?.fileKey) throw notFound(row ? "This request has no file." : "No such submission.");
      return sendStoredFile(reply, quoteFiles, row.fileKey, row.fileName ?? "file", row.fileType ?? "");
    },
  );

  app.delete(
    "/contact/:id",
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: "Delete a quote request and its file",
        params: leadIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await leads.removeContact(request.params.id);
      if (!row) throw notFound("No such submission.");
      if (row.fileKey) await quoteFiles.remove(row.fileKey);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/applications",
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: "Job applications, newest first (?q= searches name, email, phone, message)",
        ...listQuery,
        response: { 200: z.array(jobApplicationSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => (await leads.listApplications(request.query.q)).map(toJobApplication),
  );

  app.get(
    "/applications/export.csv",
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: "Job applications as CSV (same ?q= as the list)",
        ...listQuery,
        response: { 200: z.string().describe("text/csv"), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      sendCsv(reply, "job-applications", toCsv(applicationColumns, await leads.listApplications(request.query.q))),
  );

  app.get(
    "/applications/:id/resume",
    {
      config: admin,
      compress: false,
      schema: {
        tags: adminTags,
        summary: "An applicant's CV (as an attachment)",
        params: leadIdParamsSchema,
        response: { 200: z.unknown().describe("The CV"), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await leads.applicationById(request.params.id);
      if (!row) throw notFound("No such application.");
      return sendStoredFile(reply, resumes, row.resumeKey, row.resumeName, row.resumeType);
    },
  );

  app.delete(
    "/applications/:id",
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: "Delete a job application and its CV",
        params: leadIdParamsSchema,
        response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const row = await leads.removeApplication(request.params.id);
      if (!row) throw notFound("No such application.");
      await resumes.remove(row.resumeKey);
      return reply.status(204).send(null);
    },
  );

  app.get(
    "/newsletter/export.csv",
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: "Newsletter subscribers as CSV, newest first",
        response: { 200: z.string().describe("text/csv"), ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) =>
      sendCsv(
        reply,
        "newsletter-subscribers",
        toCsv(
          [
            { header: "email", value: (row: { email: string; subscribedAt: Date }) => row.email },
            { header: "subscribedAt", value: (row) => row.subscribedAt.toISOString() },
          ],
          await leads.listSubscribers(),
        ),
      ),
  );
};
