/**
 * The public forms and the admin's lead lists: the API contract, used by the forms (react-hook-form
 * + zodResolver) and by the server alike.
 *
 * Decision: `workTypes` travels as a JSON-encoded list in the multipart form (SPEC §7) and is
 * answered as a real array by the admin API (GET /api/contact/all): the one place that decodes it
 * is the server.
 */
import { z } from "zod";
import { publicFormLimits, workTypeOptions } from "./public-form-limits.ts";

export * from "./public-form-limits.ts";

const optionalText = (max: number, label: string) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`).default("");

const requiredText = (max: number, label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

export const emailAddressSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(publicFormLimits.emailMax, "Email is too long")
  .pipe(z.email("Enter a valid email address"));

const phonePattern = /^\+?[\d\s().\-/]+$/;
/** A phone number as people write it: digits with spaces, dots, dashes, brackets, a leading +. */
export function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, "").length;
  return (
    phonePattern.test(value) && digits >= publicFormLimits.phoneDigitsMin && digits <= publicFormLimits.phoneDigitsMax
  );
}

const phoneMessage = "Enter a valid phone number";
const optionalPhone = optionalText(publicFormLimits.phoneMax, "Phone").refine((v) => v === "" || isPhoneNumber(v), {
  message: phoneMessage,
});
const requiredPhone = requiredText(publicFormLimits.phoneMax, "Phone").refine((v) => v === "" || isPhoneNumber(v), {
  message: phoneMessage,
});

const usDatePattern = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
/** "MM/DD/YYYY" (leading zeros optional) naming a real calendar day, normalised to "MM/DD/YYYY"; else null. */
export function parseUsDate(value: string): string | null {
  const match = usDatePattern.exec(value);
  if (!match) return null;
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(month).padStart(2, "0")}/${String(day).padStart(2, "0")}/${year}`;
}

const optionalUsDate = (label: string) =>
  optionalText(publicFormLimits.dateMax, label)
    .refine((v) => v === "" || parseUsDate(v) !== null, { message: `${label} must be a real date as MM/DD/YYYY` })
    .transform((v) => (v === "" ? "" : (parseUsDate(v) ?? v)));

/** Only http and https links: anything else (javascript:, data:, file:) is refused. */
export function isWebUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

const optionalWebUrl = optionalText(publicFormLimits.projectUrlMax, "Project URL").refine(
  (v) => v === "" || isWebUrl(v),
  {
    message: "Enter a full link starting with http:// or https://",
  },
);

/** Type of Work: a subset of the three choices, each at most once. */
export const workTypesSchema = z
  .array(z.enum(workTypeOptions, { error: "Choose the type of work from the list" }), {
    error: "Choose the type of work from the list",
  })
  .max(workTypeOptions.length)
  .transform((list) => workTypeOptions.filter((option) => list.includes(option)));

/** The quote form's fields (SPEC §3, §5): name and email required, the rest optional. */
export const quoteFieldsSchema = z.object({
  name: requiredText(publicFormLimits.nameMax, "Name"),
  email: emailAddressSchema,
  company: optionalText(publicFormLimits.companyMax, "Company"),
  phone: optionalPhone,
  projectName: optionalText(publicFormLimits.projectNameMax, "Project name"),
  tonsOfSteel: optionalText(publicFormLimits.tonsOfSteelMax, "Tons of steel"),
  proposalDate: optionalUsDate("Proposal date"),
  projectDate: optionalUsDate("Project date"),
  scopeOfWork: optionalText(publicFormLimits.scopeOfWorkMax, "Scope of work"),
  projectUrl: optionalWebUrl,
  workTypes: workTypesSchema.default([]),
});
export type QuoteFieldsInput = z.input<typeof quoteFieldsSchema>;
export type QuoteFields = z.output<typeof quoteFieldsSchema>;

/**
 * The multipart `workTypes` field: a JSON-encoded list (SPEC §7). Absent or empty means none.
 */
export const workTypesFieldSchema = z
  .string()
  .optional()
  .transform((raw, context) => {
    if (raw === undefined || raw.trim() === "") return [];
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      context.addIssue({ code: "custom", message: "Type of work must be a JSON-encoded list" });
      return z.NEVER;
    }
  })
  .pipe(workTypesSchema);

/** The quote form as the server receives it: text fields, workTypes JSON-encoded. */
export const quoteMultipartSchema = quoteFieldsSchema.extend({ workTypes: workTypesFieldSchema });

/** The career form's fields (SPEC §5): name, email, phone required; message optional. The CV is the file. */
export const applicationFieldsSchema = z.object({
  name: requiredText(publicFormLimits.nameMax, "Name"),
  email: emailAddressSchema,
  phone: requiredPhone,
  message: optionalText(publicFormLimits.messageMax, "Message"),
});
export type ApplicationFieldsInput = z.input<typeof applicationFieldsSchema>;
export type ApplicationFields = z.output<typeof applicationFieldsSchema>;

/** 201 answer of both public forms. */
export const submissionReceivedSchema = z.object({ id: z.number().int(), message: z.string() });
export type SubmissionReceived = z.infer<typeof submissionReceivedSchema>;

/**
 * A quote request's submitted fields as the admin dashboard sees them (SPEC §3 "Contact
 * submission"). The whole quote request, with its workflow fields, is `QuoteRequest`
 * (shared/quote-requests.ts): use that name.
 */
export const contactSubmissionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  phone: z.string(),
  projectName: z.string(),
  /** An array (the multipart form sends it JSON-encoded; see the note at the top). */
  workTypes: z.array(z.string()),
  tonsOfSteel: z.string(),
  proposalDate: z.string(),
  projectDate: z.string(),
  scopeOfWork: z.string(),
  projectUrl: z.string(),
  /** `/api/contact/{id}/file` (admin bearer token), or null when nothing was attached. */
  uploadedFilePath: z.string().nullable(),
  fileName: z.string().nullable(),
  /** The attachment's type as decided from its content. */
  fileType: z.string().nullable(),
  submittedAt: z.iso.datetime(),
});
/** @deprecated The submitted fields only: use `QuoteRequest` (shared/quote-requests.ts). */
export type ContactSubmission = z.infer<typeof contactSubmissionSchema>;

/** A job application as the admin dashboard sees it (SPEC §3 Job application). */
export const jobApplicationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  appliedAt: z.iso.datetime(),
  /** `/api/applications/{id}/resume` (admin bearer token). */
  resumePath: z.string(),
  resumeName: z.string(),
  /** The CV's type as decided from its content. */
  resumeType: z.string(),
});
/** @deprecated SPEC's fields only: use `Application` (shared/applications.ts). */
export type JobApplication = z.infer<typeof jobApplicationSchema>;

/** `?q=`: words that must all appear in a lead's name, email, company, project (or phone, message). */
export const workItemSearchQuerySchema = z.object({
  q: z.string().trim().max(publicFormLimits.searchMax, "The search is too long").optional(),
});

export const workItemIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** POST /api/newsletter/subscribe */
export const newsletterSubscribeSchema = z.object({ email: emailAddressSchema });
/** Same answer whether or not the address was already subscribed: membership is not revealed. */
export const newsletterSubscribedSchema = z.object({ message: z.string() });
