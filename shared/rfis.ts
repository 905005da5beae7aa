/**
 * DESIGN §16 RFIs: a question in writing (AISC 303 §4.6), numbered per project, answered by the
 * person asked at `/rfi/{token}`. An open RFI holds the sheets it names.
 */
import { z } from "zod";
import { sheetNumberSchema } from "./drawings.ts";
import { emailAddressSchema } from "./public-forms.ts";
import { staffAddresses } from "./staff-addresses.ts";

/** `open` → `answered` → `closed`, and `void`. */
export const rfiStates = ["open", "answered", "closed", "void"] as const;
export type RfiState = (typeof rfiStates)[number];

export const rfiStateLabels: Record<RfiState, string> = {
  open: "Open",
  answered: "Answered",
  closed: "Closed",
  void: "Void",
};

export const rfiLimits = {
  subjectMax: 200,
  questionMax: 8000,
  suggestionMax: 4000,
  answerMax: 8000,
  sheetsMax: 100,
  /** Files sent with an answer: at most this many, each at most this size. */
  answerFilesMax: 10,
  answerFileMaxMB: 100,
  /** An RFI not answered this close to its due time tells the team once. */
  dueSoonDays: 3,
} as const;

/** `RFI-001`: numbers run per project. */
export const rfiNumber = (seq: number) => `RFI-${String(seq).padStart(3, "0")}`;
export const rfiNumberSchema = z.string().regex(/^RFI-\d{3,9}$/, "An RFI number looks like RFI-001");

// Control characters are refused for every request by the server's input check (DESIGN §14).
const text = (max: number, what: string) => z.string().trim().max(max, `${what} must have at most ${max} characters`);
const required = (max: number, what: string) => text(max, what).pipe(z.string().min(1, `${what} is required`));

/** POST /api/projects/{job}/rfis. */
export const createRfiSchema = z
  .object({
    subject: required(rfiLimits.subjectMax, "The subject"),
    question: required(rfiLimits.questionMax, "The question"),
    suggestion: text(rfiLimits.suggestionMax, "The suggestion").default(""),
    sheets: z
      .array(sheetNumberSchema, { error: "The sheets must be a list of sheet numbers" })
      .max(rfiLimits.sheetsMax, `An RFI names at most ${rfiLimits.sheetsMax} sheets`)
      .default([]),
    to: emailAddressSchema,
    dueAt: z.iso.datetime({ offset: true, error: "The due time must be an ISO date and time" }),
  })
  .strict();
export type CreateRfi = z.input<typeof createRfiSchema>;

export const rfiFileSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  size: z.number().int(),
  uploadedAt: z.iso.datetime(),
});
export type RfiFile = z.infer<typeof rfiFileSchema>;

/** An RFI as the project's team reads it; `url` is the answer page's link sent to `to`. */
export const rfiSchema = z.object({
  number: z.string(),
  subject: z.string(),
  question: z.string(),
  suggestion: z.string(),
  sheets: z.array(z.string()),
  to: z.string(),
  dueAt: z.iso.datetime(),
  state: z.enum(rfiStates),
  url: z.string(),
  createdAt: z.iso.datetime(),
  createdBy: z.string(),
  answer: z.string().nullable(),
  answeredAt: z.iso.datetime().nullable(),
  closedAt: z.iso.datetime().nullable(),
  files: z.array(rfiFileSchema),
  /** The markup it was asked from (DESIGN §18 "Ask as RFI"), `url` its place in the viewer; null for the rest. */
  markup: z
    .object({ id: z.number().int(), sheet: z.string(), revision: z.string(), page: z.number().int(), url: z.string() })
    .nullable(),
});
export type Rfi = z.infer<typeof rfiSchema>;

/** What the person asked sees at `/rfi/{token}`: this RFI and nothing else of the project. */
export const publicRfiSchema = z.object({
  number: z.string(),
  subject: z.string(),
  question: z.string(),
  suggestion: z.string(),
  sheets: z.array(z.object({ number: z.string(), title: z.string() })),
  dueAt: z.iso.datetime(),
  project: z.object({ job: z.string(), name: z.string() }),
  firm: z.string(),
  state: z.enum(["open", "answered"]),
  answeredAt: z.iso.datetime().nullable(),
});
export type PublicRfi = z.infer<typeof publicRfiSchema>;

/** The answer's text field (multipart `answer`, with files in `files`). */
export const rfiAnswerSchema = z.object({ answer: required(rfiLimits.answerMax, "The answer") });

export const rfiPaths = {
  list: (job: string) => `/api/projects/${encodeURIComponent(job)}/rfis`,
  one: (job: string, number: string) => `${rfiPaths.list(job)}/${encodeURIComponent(number)}`,
  close: (job: string, number: string) => `${rfiPaths.one(job, number)}/close`,
  void: (job: string, number: string) => `${rfiPaths.one(job, number)}/void`,
  file: (job: string, number: string, id: number) => `${rfiPaths.one(job, number)}/files/${id}`,
  /** The public view and answer of the person asked (no login). */
  public: (token: string) => `/api/rfi/${encodeURIComponent(token)}`,
  /** The answer page a link opens. */
  page: (token: string) => `/rfi/${encodeURIComponent(token)}`,
  /** The project page's RFI log in the workspace: what notifications link to. */
  log: (job: string) => `${staffAddresses.project(job)}?tab=rfis`,
} as const;
