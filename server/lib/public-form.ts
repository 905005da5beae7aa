import type { FastifyInstance, FastifyRequest } from "fastify";
import type { z } from "zod";
import { formatBytes } from "../../shared/bytes.ts";
import { publicFormFields, submissionReceivedSchema } from "../../shared/public-forms.ts";
import type { Db } from "../db/client.ts";
import { captchaMessages } from "./captcha-check.ts";
import { controlCharacterErrors } from "./control-characters.ts";
import { badRequest, HttpError, unsupportedMediaType } from "./errors.ts";
import type { AcceptedTypes } from "./file-types.ts";
import { type ReceivedForm, receiveForm } from "./multipart-form.ts";
import { errorResponses } from "./schemas.ts";
import type { UploadStore } from "./uploads.ts";

/** Per address and per form: 5 submissions in 10 minutes (counted whether they succeed or not). */
export const submitRateLimit = { max: 5, timeWindowMs: 10 * 60 * 1000 };

export const formMessages = {
  notValid: "Some fields are not valid.",
  honeypot: "The request is not valid.",
} as const;

/** How one public form is read and checked (DESIGN §5–6): its file field, rules and row. */
export interface PublicFormSpec<Fields, Row> {
  store: UploadStore;
  fileField: string;
  /** The error when no file came, or false when the file is optional. */
  fileRequired: string | false;
  maxBytes: number;
  types: AcceptedTypes;
  /** "The file", "Your CV": how the limits' messages name it. */
  what: string;
  /** The accepted types, as the visitor reads them. */
  label: string;
  parse: (fields: Record<string, string>) => z.ZodSafeParseResult<Fields>;
  /** Writes the row in the transaction that spends the captcha. */
  insert: (tx: Db, fields: Fields, file: ReceivedForm["file"]) => Promise<Row>;
}

/**
 * What every public form does (SPEC §7, DESIGN §5–6): multipart only, the file checked by content
 * while it streams in, then honeypot, fields, file and captcha, each error named by its field, and
 * the row written in one transaction with the captcha spent. A refused form leaves no file behind.
 * Returns the stored row; the caller answers and sends its e-mails.
 */
export async function receivePublicForm<Fields, Row extends { id: number }>(
  app: FastifyInstance,
  request: FastifyRequest,
  spec: PublicFormSpec<Fields, Row>,
): Promise<Row> {
  if (!request.isMultipart()) throw unsupportedMediaType("Send the form as multipart/form-data.");
  const limitMessage = `${spec.what} is larger than the ${formatBytes(spec.maxBytes)} limit.`;
  const typeMessage = `This type of file is not accepted. Send ${spec.label}.`;
  const form = await receiveForm(request, {
    store: spec.store,
    fileField: spec.fileField,
    maxBytes: spec.maxBytes,
    types: spec.types,
    tooLarge: () =>
      new HttpError(413, limitMessage, "PAYLOAD_TOO_LARGE", { errors: { [spec.fileField]: limitMessage } }),
    wrongType: () =>
      new HttpError(415, typeMessage, "UNSUPPORTED_MEDIA_TYPE", { errors: { [spec.fileField]: typeMessage } }),
  });
  try {
    return await accept(app, request, form, spec);
  } catch (error) {
    if (form.file) await spec.store.remove(form.file.key);
    throw error;
  }
}

async function accept<Fields, Row extends { id: number }>(
  app: FastifyInstance,
  request: FastifyRequest,
  form: ReceivedForm,
  spec: PublicFormSpec<Fields, Row>,
): Promise<Row> {
  if ((form.fields[publicFormFields.honeypot] ?? "").trim() !== "") {
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
  const captcha = await app.captcha.verify(form.fields[publicFormFields.captcha]);
  if (!captcha.ok) errors[publicFormFields.captcha] = captchaMessages[captcha.reason];
  if (!parsed.success || !captcha.ok || Object.keys(errors).length > 0) {
    const onlyCaptcha = Object.keys(errors).length === 1 && errors[publicFormFields.captcha];
    throw badRequest(onlyCaptcha || formMessages.notValid, errors);
  }
  return app.db.transaction(async (tx) => {
    if (!(await app.captcha.consume(tx, captcha.solution))) {
      throw badRequest(captchaMessages.used, { [publicFormFields.captcha]: captchaMessages.used });
    }
    return spec.insert(tx, parsed.data, form.file);
  });
}

/** The OpenAPI description of a public form's submit route. */
export const submitSchema = (summary: string, description: string) => ({
  tags: ["public forms"],
  summary,
  description,
  consumes: ["multipart/form-data"],
  response: { 201: submissionReceivedSchema, ...errorResponses(400, 413, 415, 429) },
});
