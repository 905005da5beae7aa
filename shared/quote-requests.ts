/**
 * DESIGN §11: a quote request as work the office runs (stages, assignee, follow-up, version,
 * reference, related requests). The API keeps SPEC's paths under /api/contact.
 */
import { z } from "zod";
import { contactSubmissionSchema } from "./public-forms.ts";
import { isTimeZone } from "./time-zone.ts";

export const quoteStatuses = ["new", "contacted", "quoted", "won", "lost"] as const;
export type QuoteStatus = (typeof quoteStatuses)[number];

export const quoteStatusLabels: Record<QuoteStatus, string> = {
  new: "New",
  contacted: "Contacted",
  quoted: "Quoted",
  won: "Won",
  lost: "Lost",
};

export const quoteLimits = {
  lostReasonMax: 500,
} as const;

/** A quote request as the dashboard sees it: SPEC's fields and DESIGN §11's. */
export const quoteRequestSchema = contactSubmissionSchema.extend({
  status: z.enum(quoteStatuses),
  /** An admin's username, or null. */
  assignee: z.string().nullable(),
  followUpAt: z.iso.datetime().nullable(),
  /** Set when lost (required then). */
  lostReason: z.string().nullable(),
  /** Sent back with every PATCH: a stale one answers 409 and changes nothing. */
  version: z.number().int(),
  /** e.g. Q-2026-0042: the year it came in and its number within that year. */
  reference: z.string(),
  /** Other requests with the same e-mail or company. */
  related: z.number().int(),
  /** When it first left `new` (first contact), for the overview's response time; null while new. */
  contactedAt: z.iso.datetime().nullable(),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

const lostReason = z.string().trim().min(1, "Say why it was lost").max(quoteLimits.lostReasonMax);

/**
 * PATCH /api/contact/{id}: any of the workflow fields, with the `version` read. `lostReason` is
 * required when the request is (or becomes) lost; the server checks the stored status too.
 */
export const quoteRequestPatchSchema = z
  .object({
    version: z.number().int().min(0),
    status: z.enum(quoteStatuses).optional(),
    assignee: z.string().trim().min(1).max(64).nullable().optional(),
    followUpAt: z.iso.datetime({ offset: true }).nullable().optional(),
    lostReason: lostReason.nullable().optional(),
  })
  .strict()
  .refine((patch) => patch.status !== "lost" || (patch.lostReason ?? "") !== "", {
    path: ["lostReason"],
    message: "Say why it was lost",
  })
  .refine((patch) => patch.status === undefined || patch.status === "lost" || !patch.lostReason, {
    path: ["lostReason"],
    message: "Only a lost request has a reason",
  });
export type QuoteRequestPatch = z.infer<typeof quoteRequestPatchSchema>;

/**
 * The list's filters: GET /api/contact/all?q=&status=&assignee=&due=&tz= (due: today = due today or
 * overdue, by the calendar day of `tz`, the caller's time zone, UTC when absent; shared/follow-up.ts).
 */
export const quoteRequestFiltersSchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(quoteStatuses).optional(),
  /** A username, or `none` for unassigned. */
  assignee: z.string().trim().min(1).max(64).optional(),
  due: z.enum(["today", "overdue"]).optional(),
  tz: z.string().max(64).refine(isTimeZone, "Not a time zone").optional(),
});
export type QuoteRequestFilters = z.infer<typeof quoteRequestFiltersSchema>;

/** The 409 answer's message when two admins edit at once. */
export const staleVersionMessage = "Someone else changed this request. Reload to see their changes.";

/** `Q-2026-0042`: the year it came in (UTC) and its number within that year, at least four digits. */
export const formatQuoteReference = (year: number, number: number) => `Q-${year}-${String(number).padStart(4, "0")}`;
export const quoteReferencePattern = /^Q-\d{4}-\d{4,}$/;

/** The admin dashboard's quote request section (its anchor: the sales e-mail links to it). */
export const quoteRequestsSectionId = "quote-requests";

export const quoteRequestPaths = {
  list: "/api/contact/all",
  one: (id: number) => `/api/contact/${id}`,
  notes: (id: number) => `/api/contact/${id}/notes`,
  activity: (id: number) => `/api/contact/${id}/activity`,
  file: (id: number) => `/api/contact/${id}/file`,
  csv: "/api/contact/export.csv",
} as const;
