import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import site from "../../../content/site.json" with { type: "json" };
import { formatBytes } from "../../../shared/bytes.ts";
import { publicFormFields, quoteFileRule, quoteMultipartSchema } from "../../../shared/public-forms.ts";
import { staffAddresses } from "../../../shared/staff-addresses.ts";
import { quoteTypes } from "../../lib/file-types.ts";
import { receivePublicForm, submitRateLimit, submitSchema } from "../../lib/public-form.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { quoteConfirmation, quoteNotification } from "./emails.ts";
import { quoteRequestNotice } from "./notices.ts";
import { quoteRequestFiles, quoteRequestRepository } from "./repository.ts";

export const quoteCreatedMessage = "Your inquiry has been submitted successfully!";

/**
 * The website's quote request form (SPEC §7, DESIGN §5, §11): stored before the answer, then the
 * sales mailbox's e-mail and the requester's confirmation with the reference. Registered under /api.
 */
export const quoteRequestPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app;
  const quoteRequests = quoteRequestRepository(app.db);
  const files = quoteRequestFiles(app.storage);
  // Multipart only in this scope; the file's limit is given when the form is read.
  await app.register(fastifyMultipart, { limits: { fileSize: config.maxQuoteFileBytes, files: 3, parts: 40 } });
  // PUBLIC_ORIGIN, never the request's Host: a forged Host must not end up in the sales e-mail.
  // The link opens the request itself in the workspace (DESIGN §15).
  const requestUrl = (reference: string) => `${config.publicOrigin}${staffAddresses.quote(reference)}`;

  app.post(
    "/contact/submit",
    {
      config: { access: "public", rateLimit: rateLimit(submitRateLimit, "submissions") },
      schema: submitSchema(
        "Send a quote request (multipart)",
        "Fields: name, email (required), company, phone, projectName, tonsOfSteel, proposalDate and projectDate " +
          "(MM/DD/YYYY), scopeOfWork, projectUrl (http/https), workTypes (JSON-encoded list), `altcha` (the " +
          `solved captcha), and optionally \`uploadFile\` (${quoteFileRule.label}; at most ${formatBytes(config.maxQuoteFileBytes)}). ` +
          "With SMTP set, the requester gets a confirmation with the request's reference.",
      ),
    },
    async (request, reply) => {
      const row = await app.notifications.afterCommit((notices) =>
        receivePublicForm(app, request, {
          store: files,
          fileField: publicFormFields.quoteFile,
          fileRequired: false,
          maxBytes: config.maxQuoteFileBytes,
          types: quoteTypes,
          what: "The file",
          label: quoteFileRule.label,
          parse: (fields) => quoteMultipartSchema.safeParse(fields),
          async insert(tx, fields, file) {
            const created = await quoteRequests.create(tx, fields, file);
            // DESIGN §15: every admin's bell, in the request's own transaction.
            await notices.add(tx, "admins", quoteRequestNotice(created));
            return created;
          },
        }),
      );
      request.log.info({ id: row.id, reference: row.reference, file: Boolean(row.fileKey) }, "quote request stored");
      app.mailer.send(quoteNotification(row, requestUrl(row.reference)));
      app.mailer.send(
        quoteConfirmation(row, { name: site.brand.legalName, salesEmail: config.notifyEmail }),
        // The timeline says the confirmation went out only once the mail server took it.
        () => quoteRequests.recordEmail(row.id, `Confirmation with ${row.reference} sent to ${row.email}`),
      );
      return reply.status(201).send({ id: row.id, message: quoteCreatedMessage });
    },
  );
};
