/**
 * The two public forms in the browser: the shared field rules (shared/public-forms.ts) plus the file, the
 * captcha and the honeypot; and how their values become the multipart body of SPEC §7.
 */
import { z } from "zod";
import { openApplication, positionSchema } from "../../../../shared/applications.ts";
import {
  applicationFieldsSchema,
  cvFileRule,
  type FileRule,
  publicFormFields,
  quoteFieldsSchema,
  quoteFileRule,
} from "../../../../shared/public-forms.ts";
import { fileProblem } from "./file-check.ts";
import { publicFormMessages } from "./messages.ts";

/** What a file input holds: a FileList in the browser (undefined before the first change). */
type Files = { length: number; item(index: number): File | null } | undefined | null;

const isFileList = (value: unknown): value is Files =>
  value === undefined || value === null || (typeof FileList !== "undefined" && value instanceof FileList);

const fileField = (rule: FileRule, what: string, required: string | false) =>
  z
    .custom<Files>(isFileList, "Choose a file")
    .superRefine((files, context) => {
      const file = files?.item(0) ?? undefined;
      if (!file) {
        if (required) context.addIssue({ code: "custom", message: required });
        return;
      }
      const problem = fileProblem(file, rule, what);
      if (problem) context.addIssue({ code: "custom", message: problem });
    })
    .transform((files) => files?.item(0) ?? undefined);

const captchaField = z.string().min(1, publicFormMessages.captchaMissing);
const honeypotField = z.string().optional();

export const quoteRequestFormSchema = quoteFieldsSchema.extend({
  uploadFile: fileField(quoteFileRule, "The file", false),
  altcha: captchaField,
  website: honeypotField,
});
export type QuoteRequestFormInput = z.input<typeof quoteRequestFormSchema>;
export type QuoteRequestFormValues = z.output<typeof quoteRequestFormSchema>;

export const applicationFormSchema = applicationFieldsSchema.extend({
  /** An open job's title, or Open application (DESIGN §11). */
  position: positionSchema,
  /** The applicant's consent to be kept for future roles. */
  keepForFutureRoles: z.boolean(),
  cv: fileField(cvFileRule, "Your CV", "Attach your CV (PDF, DOC, DOCX or ZIP)"),
  altcha: captchaField,
  website: honeypotField,
});
export type ApplicationFormInput = z.input<typeof applicationFormSchema>;
export type ApplicationFormValues = z.output<typeof applicationFormSchema>;

export const quoteRequestDefaults: QuoteRequestFormInput = {
  name: "",
  email: "",
  company: "",
  phone: "",
  projectName: "",
  tonsOfSteel: "",
  proposalDate: "",
  projectDate: "",
  scopeOfWork: "",
  projectUrl: "",
  workTypes: [],
  uploadFile: undefined,
  altcha: "",
  website: "",
};

export const applicationDefaults: ApplicationFormInput = {
  name: "",
  email: "",
  phone: "",
  message: "",
  position: openApplication,
  keepForFutureRoles: false,
  cv: undefined,
  altcha: "",
  website: "",
};

/** The quote request form as multipart (SPEC §7): text fields first, workTypes JSON-encoded, the file last. */
export function quoteRequestFormData(values: QuoteRequestFormValues): FormData {
  const body = new FormData();
  const { uploadFile, altcha, website, workTypes, ...text } = values;
  for (const [name, value] of Object.entries(text)) body.append(name, value);
  body.append("workTypes", JSON.stringify(workTypes));
  body.append(publicFormFields.honeypot, website ?? "");
  body.append(publicFormFields.captcha, altcha);
  if (uploadFile) body.append(publicFormFields.quoteFile, uploadFile, uploadFile.name);
  return body;
}

/**
 * The career form as multipart (SPEC §7, DESIGN §11): name, email, phone, message, position, the
 * consent as "true" when given (absent otherwise, as a checkbox sends it), then the CV.
 */
export function applicationFormData(values: ApplicationFormValues): FormData {
  const body = new FormData();
  const { cv, altcha, website, keepForFutureRoles, ...text } = values;
  for (const [name, value] of Object.entries(text)) body.append(name, value);
  if (keepForFutureRoles) body.append("keepForFutureRoles", "true");
  body.append(publicFormFields.honeypot, website ?? "");
  body.append(publicFormFields.captcha, altcha);
  if (cv) body.append(publicFormFields.cv, cv, cv.name);
  return body;
}
