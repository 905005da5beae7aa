/**
 * DESIGN §16 transmittals: sheets sent out at a revision, for approval, fabrication or information,
 * numbered per project (`{job}-T-001`), with a cover sheet, reviewed by the client without an
 * account at `/review/{token}`.
 */
import { z } from "zod";
import type { DrawingStatus } from "./drawings.ts";
import { revisionSchema, sheetNumberSchema } from "./drawings.ts";
import { emailAddressSchema } from "./public-forms.ts";

export const transmittalPurposes = ["approval", "fabrication", "information"] as const;
export type TransmittalPurpose = (typeof transmittalPurposes)[number];
export const transmittalPurposeLabels: Record<TransmittalPurpose, string> = {
  approval: "For approval",
  fabrication: "For fabrication",
  information: "For information",
};

/** A client's response to one sheet, and the status it gives the sheet. */
export const responseKeys = ["approved", "approvedAsNoted", "reviseResubmit", "rejected"] as const;
export type ResponseKey = (typeof responseKeys)[number];
/** The words of each response, by key: what is stored is the key, so a rename changes only the words. */
export type ResponseLabels = Record<ResponseKey, string>;
/**
 * The words until an admin renames them (GET/PUT /api/projects/response-labels). Anything that
 * shows a response reads the current ones from there, or from the review it is part of.
 */
export const defaultResponseLabels: ResponseLabels = {
  approved: "Approved",
  approvedAsNoted: "Approved as noted",
  reviseResubmit: "Revise and resubmit",
  rejected: "Rejected",
};
/** "2 approved, 1 revise and resubmit": responses counted in the order of the keys, in the office's words. */
export function responseTally(responses: readonly (ResponseKey | null)[], labels: ResponseLabels): string {
  const counts = new Map<ResponseKey, number>();
  for (const response of responses) if (response) counts.set(response, (counts.get(response) ?? 0) + 1);
  const keys = responseKeys.filter((key) => counts.has(key));
  return keys.length === 0
    ? "no responses"
    : keys.map((key) => `${counts.get(key)} ${labels[key].toLowerCase()}`).join(", ");
}
export const responseStatus: Record<ResponseKey, DrawingStatus> = {
  approved: "approved",
  approvedAsNoted: "approvedAsNoted",
  reviseResubmit: "reviseResubmit",
  rejected: "rejected",
};

export const transmittalLimits = {
  sheetsMax: 500,
  recipientsMax: 20,
  messageMax: 4000,
  commentMax: 2000,
  dueDaysDefault: 14,
  dueDaysMax: 120,
  markupsPerSheet: 10,
  markupMaxMB: 200,
  /** A review link keeps working this long after its due date; then it answers 410. */
  linkDaysAfterDue: 90,
  /** Reminders: one this many days before the due date, then one a day once overdue, at most this many. */
  reminderDaysBefore: 3,
  remindersMax: 14,
} as const;

export const responseLabelLimits = { max: 40 } as const;

const responseLabelSchema = (key: ResponseKey) => {
  const what = `The label for “${defaultResponseLabels[key]}”`;
  return z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, `${what} is required`)
    .max(responseLabelLimits.max, `${what} has at most ${responseLabelLimits.max} characters`);
};

/**
 * An admin's words for the four responses: each 1–40 characters, and no two alike whatever their
 * case, so a client can never pick one answer thinking it is another.
 */
export const responseLabelsSchema = z
  .object({
    approved: responseLabelSchema("approved"),
    approvedAsNoted: responseLabelSchema("approvedAsNoted"),
    reviseResubmit: responseLabelSchema("reviseResubmit"),
    rejected: responseLabelSchema("rejected"),
  })
  .strict()
  .superRefine((labels, context) => {
    const seen = new Map<string, ResponseKey>();
    for (const key of responseKeys) {
      const folded = labels[key].toLocaleLowerCase("en");
      const first = seen.get(folded);
      if (first === undefined) seen.set(folded, key);
      else {
        context.addIssue({
          code: "custom",
          path: [key],
          message: `The same as the label for “${defaultResponseLabels[first]}”: each response needs its own`,
        });
      }
    }
  });

/** GET /api/projects/response-labels: the current words, and the version to send back with a change. */
export const responseLabelsAnswerSchema = z.object({
  labels: z.object({
    approved: z.string(),
    approvedAsNoted: z.string(),
    reviseResubmit: z.string(),
    rejected: z.string(),
  }),
  /** 0 while the defaults hold (nobody has renamed them yet). */
  version: z.number().int(),
});
export type ResponseLabelsAnswer = z.infer<typeof responseLabelsAnswerSchema>;

/** PUT /api/projects/response-labels (admins), with the version read: 409 when someone changed them since. */
export const saveResponseLabelsSchema = z
  .object({
    labels: responseLabelsSchema,
    version: z.number({ error: "The version read is required" }).int().min(0),
  })
  .strict();
export type SaveResponseLabels = z.infer<typeof saveResponseLabelsSchema>;

/** `{job}-T-001`. */
export const transmittalNumber = (job: string, seq: number) => `${job}-T-${String(seq).padStart(3, "0")}`;

/** POST /api/projects/{job}/transmittals. */
export const createTransmittalSchema = z
  .object({
    purpose: z.enum(transmittalPurposes, { error: "The purpose is approval, fabrication or information" }),
    sheets: z
      .array(z.object({ number: sheetNumberSchema, revision: revisionSchema }).strict(), {
        error: "The sheets must be a list of {number, revision}",
      })
      .min(1, "Choose at least one sheet")
      .max(transmittalLimits.sheetsMax, `A transmittal carries at most ${transmittalLimits.sheetsMax} sheets`),
    message: z
      .string()
      .trim()
      .max(transmittalLimits.messageMax, `The message has at most ${transmittalLimits.messageMax} characters`)
      .default(""),
    recipients: z
      .array(emailAddressSchema)
      .min(1, "Add at least one recipient")
      .max(transmittalLimits.recipientsMax, `At most ${transmittalLimits.recipientsMax} recipients`),
    dueDays: z
      .number({ error: "The days to respond must be a number" })
      .int()
      .min(1, "The client needs at least a day")
      .max(transmittalLimits.dueDaysMax, `At most ${transmittalLimits.dueDaysMax} days`)
      .default(transmittalLimits.dueDaysDefault),
    /** Optional: the review page then asks for it first (as a share's link does). */
    password: z.string().max(200).optional(),
  })
  .strict();
export type CreateTransmittal = z.infer<typeof createTransmittalSchema>;

export const createdTransmittalSchema = z.object({
  number: z.string(),
  url: z.string(),
  dueAt: z.iso.datetime(),
});

export const transmittalSheetSchema = z.object({
  number: z.string(),
  title: z.string(),
  revision: z.string(),
  response: z.enum(responseKeys).nullable(),
  comment: z.string(),
  markups: z.array(z.object({ id: z.number().int(), fileName: z.string(), size: z.number().int() })),
  /** Markups drawn on the sheet through the review link (DESIGN §18): part of the response. */
  markupsDrawn: z.number().int(),
});
export type TransmittalSheet = z.infer<typeof transmittalSheetSchema>;

/** One transmittal as its log shows it. */
export const transmittalSchema = z.object({
  number: z.string(),
  purpose: z.enum(transmittalPurposes),
  message: z.string(),
  recipients: z.array(z.string()),
  dueAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  createdBy: z.string(),
  /** When the client first opened the review page (the acknowledgement). */
  openedAt: z.iso.datetime().nullable(),
  submittedAt: z.iso.datetime().nullable(),
  voidedAt: z.iso.datetime().nullable(),
  remindersSent: z.number().int(),
  /** The review link (for staff to copy); null once voided. */
  url: z.string().nullable(),
  sheets: z.array(transmittalSheetSchema),
});
export type Transmittal = z.infer<typeof transmittalSchema>;

/** What the client's review page shows: its own transmittal only. */
export const reviewSchema = z.object({
  firm: z.string(),
  project: z.object({ job: z.string(), name: z.string() }),
  number: z.string(),
  purpose: z.enum(transmittalPurposes),
  message: z.string(),
  dueAt: z.iso.datetime(),
  submittedAt: z.iso.datetime().nullable(),
  responses: z.array(z.object({ key: z.enum(responseKeys), label: z.string() })),
  sheets: z.array(transmittalSheetSchema),
});
export type Review = z.infer<typeof reviewSchema>;

/** POST /api/review/{token}: a response for every sheet (markups are uploaded before, by sheet). */
export const submitReviewSchema = z
  .object({
    responses: z
      .array(
        z
          .object({
            number: sheetNumberSchema,
            response: z.enum(responseKeys, { error: "Choose a response" }),
            comment: z
              .string()
              .trim()
              .max(transmittalLimits.commentMax, `A comment has at most ${transmittalLimits.commentMax} characters`)
              .default(""),
          })
          .strict(),
      )
      .min(1)
      .max(transmittalLimits.sheetsMax),
  })
  .strict();
export type SubmitReview = z.infer<typeof submitReviewSchema>;

export const transmittalPaths = {
  list: (job: string) => `/api/projects/${encodeURIComponent(job)}/transmittals`,
  one: (job: string, number: string) =>
    `/api/projects/${encodeURIComponent(job)}/transmittals/${encodeURIComponent(number)}`,
  review: (token: string) => `/api/review/${encodeURIComponent(token)}`,
  reviewPage: (token: string) => `/review/${encodeURIComponent(token)}`,
  /** The office's words for the responses: a static path the router prefers to `/projects/:job`. */
  responseLabels: "/api/projects/response-labels",
} as const;
