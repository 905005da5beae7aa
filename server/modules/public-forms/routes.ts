import fastifyMultipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import site from "../../../content/site.json" with { type: "json" };
import { applicationMultipartSchema, applicationsSectionId, positionOptions } from "../../../shared/applications.ts";
import {
  cvFileRule,
  leadCreatedSchema,
  leadFields,
  quoteFileRule,
  quoteMultipartSchema,
} from "../../../shared/leads.ts";
import { quoteRequestsSectionId } from "../../../shared/quote-requests.ts";
import type { Db } from "../../db/client.ts";
import { controlCharacterErrors } from "../../lib/control-characters.ts";
import { badRequest, HttpError, unsupportedMediaType } from "../../lib/errors.ts";
import { type AcceptedTypes, cvTypes, quoteTypes } from "../../lib/file-types.ts";
import { type ReceivedForm, receiveForm } from "../../lib/multipart-form.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { formatSize, type UploadStore } from "../../lib/uploads.ts";
import { applicationRepository, resumeFiles } from "../applications/repository.ts";
import { quoteRequestFiles, quoteRequestRepository } from "../quote-requests/repository.ts";
import { captchaKeys, captchaMessages, captchaRules, captchaService } from "./captcha.ts";
import { applicationNotification, formNotifier, quoteConfirmation, quoteNotification } from "./notifier.ts";

/** Per address and per form: 5 submissions in 10 minutes (counted whether they succeed or not). */
export const submitRateLimit = { max: 5, timeWindowMs: 10 * 60 * 1000 };
export const challengeRateLimit = { max: 30, timeWindowMs: 60 * 1000 };

export const formMessages = {
  quoteCreated: "Your inquiry has been submitted successfully!",
  applicationCreated: "Application submitted successfully!",
  notValid: "Some fields are not valid.",
  honeypot: "The request is not valid.",
} as const;

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/** The challenge as the widget needs it: every signed parameter passed through untouched. */
const challengeSchema = z.looseObject({
  parameters: z.looseObject({ algorithm: z.string(), nonce: z.string(), salt: z.string() }),
  signature: z.string().optional(),
});

/**
 * What visitors send us (SPEC §7, DESIGN §5–6, §11): the captcha, the quote request and the job
 * application forms (captcha, honeypot, rate limit, files checked by content), each stored before
 * the answer, then the e-mails: the sales mailbox's and the requester's confirmation with the
 * reference. The rows are written by their own modules' repositories. Registered under /api.
 */
export const publicFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const quoteRequests = quoteRequestRepository(app.db);
  const applications = applicationRepository(app.db);
  const captchas = captchaService(app.db, captchaKeys(config));
  const quoteFiles = quoteRequestFiles(config.dataDir);
  const resumes = resumeFiles(config.dataDir);
  await quoteFiles.init();
  await resumes.init();
  const notifier = formNotifier(
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
      app.log.warn({ err: error }, "public forms sweep failed");
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook("onReady", async () => {
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
  // PUBLIC_ORIGIN, never the request's Host: a forged Host must not end up in the sales e-mail.
  const adminUrl = (section: string) => `${config.publicOrigin}/#${section}`;

  app.get(
    "/captcha/challenge",
    {
      config: { access: publicAccess, rateLimit: rateLimit(challengeRateLimit, "captcha requests") },
      schema: {
        tags: ["public forms"],
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
      insert: (tx: Db, fields: Fields) => Promise<Row>;
    },
  ): Promise<Row> {
    if ((form.fields[leadFields.honeypot] ?? "").trim() !== "") {
      request.log.info("public form refused: honeypot filled");
      throw badRequest(formMessages.honeypot);
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
      throw badRequest(onlyCaptcha || formMessages.notValid, errors);
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
    tags: ["public forms"],
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
          `solved captcha), and optionally \`uploadFile\` (${quoteFileRule.label}; at most ${formatSize(config.maxQuoteFileBytes)}). ` +
          "With SMTP set, the requester gets a confirmation with the request's reference.",
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
          insert: (tx, fields) => quoteRequests.create(tx, fields, file),
        });
        request.log.info({ id: row.id, reference: row.reference, file: Boolean(file) }, "quote request stored");
        notifier.send(quoteNotification(row, adminUrl(quoteRequestsSectionId)));
        notifier.send(
          quoteConfirmation(row, { name: site.brand.legalName, salesEmail: config.notifyEmail }),
          // The timeline says the confirmation went out only once the mail server took it.
          () => quoteRequests.recordEmail(row.id, `Confirmation with ${row.reference} sent to ${row.email}`),
        );
        return reply.status(201).send({ id: row.id, message: formMessages.quoteCreated });
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
        "Fields: name, email, phone (required), message, `position` (one of: " +
          `${positionOptions.join("; ")}; absent means Open application), \`keepForFutureRoles\` ("true" ` +
          "when the applicant agrees to be kept for future roles, which doubles the retention period), " +
          `\`altcha\` (the solved captcha), and \`cv\` (${cvFileRule.label}; at most ${formatSize(config.maxCvBytes)}).`,
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
          parse: (fields) => applicationMultipartSchema.safeParse(fields),
          insert: (tx, fields) => {
            if (!file) throw new Error("a CV is required");
            return applications.create(tx, fields, file);
          },
        });
        request.log.info({ id: row.id }, "job application stored");
        notifier.send(applicationNotification(row, adminUrl(applicationsSectionId)));
        return reply.status(201).send({ id: row.id, message: formMessages.applicationCreated });
      } catch (error) {
        if (file) await resumes.remove(file.key);
        throw error;
      }
    },
  );
};
