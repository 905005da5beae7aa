import fastifyMultipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { applicationMultipartSchema, openApplication, positionMessage } from "../../../shared/applications.ts";
import { formatBytes } from "../../../shared/bytes.ts";
import { cvFileRule, publicFormFields } from "../../../shared/public-forms.ts";
import { staffAddresses } from "../../../shared/staff-addresses.ts";
import { cvTypes } from "../../lib/file-types.ts";
import { receivePublicForm, submitRateLimit, submitSchema } from "../../lib/public-form.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { applicationNotification } from "./emails.ts";
import { applicationNotice } from "./notices.ts";
import { applicationRepository, resumeFiles } from "./repository.ts";

export const applicationCreatedMessage = "Application submitted successfully!";

export interface ApplicationPublicRoutesOptions {
  /**
   * The positions an application may name now: the published open jobs' titles and Open
   * application (DESIGN §17). Given by the app, which reads them from the site's content.
   */
  openPositions: () => Promise<readonly string[]>;
}

/** The form's fields with `position` one of `positions`: refused like any other bad field. */
const fieldsSchemaFor = (positions: readonly string[]) =>
  applicationMultipartSchema.extend({
    position: applicationMultipartSchema.shape.position.refine((position) => positions.includes(position), {
      message: positionMessage,
    }),
  });

/** The career page's application form (SPEC §7, DESIGN §6, §11), with its CV. Registered under /api. */
export const applicationPublicRoutes: FastifyPluginAsyncZod<ApplicationPublicRoutesOptions> = async (app, options) => {
  const { config } = app;
  const applications = applicationRepository(app.db);
  const files = resumeFiles(app.storage);
  // Multipart only in this scope; the file's limit is given when the form is read.
  await app.register(fastifyMultipart, { limits: { fileSize: config.maxCvBytes, files: 3, parts: 40 } });
  // The link opens the application itself in the workspace (DESIGN §15).
  const applicationUrl = (id: number) => `${config.publicOrigin}${staffAddresses.application(id)}`;

  app.post(
    "/applications/submit",
    {
      config: { access: "public", rateLimit: rateLimit(submitRateLimit, "submissions") },
      schema: submitSchema(
        "Send a job application (multipart)",
        "Fields: name, email, phone (required), message, `position` (the title of one of the published open " +
          `jobs, as GET /api/site/content lists them, or "${openApplication}"; absent means ${openApplication}), ` +
          '`keepForFutureRoles` ("true" when the applicant agrees to be kept for future roles, which doubles the ' +
          "retention period), " +
          `\`altcha\` (the solved captcha), and \`cv\` (${cvFileRule.label}; at most ${formatBytes(config.maxCvBytes)}).`,
      ),
    },
    async (request, reply) => {
      // Read as the request comes in: a job an admin closed or removed is refused from then on.
      // A refused position is a field error like the others; the CV, already stored, is removed.
      const fieldsSchema = fieldsSchemaFor(await options.openPositions());
      const row = await app.notifications.afterCommit((notices) =>
        receivePublicForm(app, request, {
          store: files,
          fileField: publicFormFields.cv,
          fileRequired: "Attach your CV",
          maxBytes: config.maxCvBytes,
          types: cvTypes,
          what: "Your CV",
          label: cvFileRule.label,
          parse: (fields) => fieldsSchema.safeParse(fields),
          async insert(tx, fields, file) {
            if (!file) throw new Error("a CV is required");
            const created = await applications.create(tx, fields, file);
            // DESIGN §15: every admin's bell, in the application's own transaction.
            await notices.add(tx, "admins", applicationNotice(created));
            return created;
          },
        }),
      );
      request.log.info({ id: row.id }, "job application stored");
      app.mailer.send(applicationNotification(row, applicationUrl(row.id)));
      return reply.status(201).send({ id: row.id, message: applicationCreatedMessage });
    },
  );
};
