/**
 * DESIGN §16 drawing register: a project's sheets, each with its revisions. Revisions are letters
 * (A, B, …) until a sheet is approved, then numbers (0, 1, …); each one follows the last, and a
 * file is never replaced.
 */
import { z } from "zod";

export const drawingStatuses = [
  "inProgress",
  "issued",
  "approved",
  "approvedAsNoted",
  "reviseResubmit",
  "rejected",
  "released",
] as const;
export type DrawingStatus = (typeof drawingStatuses)[number];

export const drawingStatusLabels: Record<DrawingStatus, string> = {
  inProgress: "In progress",
  issued: "Issued",
  approved: "Approved",
  approvedAsNoted: "Approved as noted",
  reviseResubmit: "Revise and resubmit",
  rejected: "Rejected",
  released: "Released for fabrication",
};

/** Statuses after which a sheet's revisions are numbers. */
export const approvedStatuses: readonly DrawingStatus[] = ["approved", "approvedAsNoted", "released"];

export const drawingLimits = { numberMax: 40, titleMax: 200, maxMB: 200 } as const;

/** A sheet number as detailing software writes them: E-101, S1.01, GA_3. */
export const sheetNumberSchema = z
  .string({ error: "A sheet number is required" })
  .trim()
  .min(1, "A sheet number is required")
  .max(drawingLimits.numberMax, `A sheet number has at most ${drawingLimits.numberMax} characters`)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "A sheet number may hold letters, digits, dots, hyphens and underscores");

/** A revision: one or two capital letters, or a number up to 999. */
export const revisionSchema = z
  .string({ error: "A revision is required" })
  .trim()
  .regex(/^(?:[A-Z]{1,2}|\d{1,3})$/, "A revision is a letter (A, B, …) or a number (0, 1, …)");

export const drawingTitleSchema = z
  .string()
  .trim()
  .max(drawingLimits.titleMax, `A title has at most ${drawingLimits.titleMax} characters`);

const isNumber = (revision: string) => /^\d+$/.test(revision);

/** The letter revision after `revision`: A → B, Z → AA, AZ → BA. */
function nextLetters(revision: string): string {
  const value = [...revision].reduce((sum, char) => sum * 26 + (char.charCodeAt(0) - 64), 0) + 1;
  let out = "";
  for (let rest = value; rest > 0; rest = Math.floor((rest - 1) / 26)) {
    out = String.fromCharCode(65 + ((rest - 1) % 26)) + out;
  }
  return out;
}

/** The revision a sheet expects next: A for a new sheet; letters until approved, then numbers. */
export function expectedRevision(last: { revision: string; status: DrawingStatus } | null): string {
  if (!last) return "A";
  if (isNumber(last.revision)) return String(Number(last.revision) + 1);
  return approvedStatuses.includes(last.status) ? "0" : nextLetters(last.revision);
}

/**
 * Why `revision` cannot be the next revision of sheet `number` (null when it can), in words for
 * the person uploading it.
 */
export function revisionRefusal(
  number: string,
  last: { revision: string; status: DrawingStatus } | null,
  revision: string,
): string | null {
  const expected = expectedRevision(last);
  if (revision === expected) return null;
  if (!last) return `A new sheet starts at revision A: ${number} has no revision yet.`;
  if (revision === last.revision) {
    return `Revision ${revision} of ${number} is already in the register: a file is never replaced. The next revision is ${expected}.`;
  }
  if (isNumber(expected) && !isNumber(revision)) {
    return `Approved sheets take numbers: the next revision of ${number} is ${expected}.`;
  }
  if (!isNumber(expected) && isNumber(revision)) {
    return `Numbers start once a sheet is approved: the next revision of ${number} is ${expected}.`;
  }
  return `${revision} cannot follow ${last.revision}: the next revision of ${number} is ${expected}.`;
}

export const drawingRevisionSchema = z.object({
  revision: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  uploadedAt: z.iso.datetime(),
  uploadedBy: z.string(),
  status: z.enum(drawingStatuses),
});

export const drawingSchema = z.object({
  number: z.string(),
  title: z.string(),
  /** The latest revision; empty for a sheet listed but not yet drawn. */
  revision: z.string(),
  status: z.enum(drawingStatuses),
  onHold: z.boolean(),
  /** The username of whom the sheet waits on (one of the team or an admin), or nobody. */
  assignee: z.string().nullable(),
  updatedAt: z.iso.datetime(),
  /** Newest first. */
  revisions: z.array(drawingRevisionSchema),
});
export type Drawing = z.infer<typeof drawingSchema>;

/** PATCH /api/projects/{job}/drawings/{number}: who the sheet waits on (null: nobody). */
export const assignDrawingSchema = z
  .object({ assignee: z.string().trim().min(1, "Name someone, or null for nobody").max(64).nullable() })
  .strict();
export type AssignDrawing = z.infer<typeof assignDrawingSchema>;

/** Statuses from which a sheet may be released for fabrication. */
export const releasableStatuses: readonly DrawingStatus[] = ["approved", "approvedAsNoted"];

/**
 * Why sheet `number` cannot be released for fabrication (null when it can), in words: it must be
 * approved (or approved as noted) and on no hold (DESIGN §16).
 */
export function releaseRefusal(number: string, sheet: { status: DrawingStatus; onHold: boolean }): string | null {
  if (sheet.status === "released") return `${number} is already released for fabrication.`;
  if (sheet.onHold) return `${number} is on hold: an open RFI names it.`;
  if (!releasableStatuses.includes(sheet.status)) {
    return `${number} is ${drawingStatusLabels[sheet.status]}: only approved sheets are released.`;
  }
  return null;
}

/**
 * A register imported from CSV (Tekla, SDS2): a header row, then one sheet a row. The file's
 * revision column is reported back as listed; revisions come only with their PDFs.
 */
export const drawingImportLimits = { maxBytes: 2 * 1024 * 1024, maxRows: 5000, listedRevisionMax: 20 } as const;

export const importOutcomes = ["created", "updated", "unchanged"] as const;

export const importedSheetSchema = drawingSchema.extend({
  /** The row of the file, as a spreadsheet numbers it (the header is row 1). */
  row: z.number().int(),
  /** The revision the file lists for the sheet ('' when it lists none); never written. */
  listedRevision: z.string(),
  outcome: z.enum(importOutcomes),
});
export type ImportedSheet = z.infer<typeof importedSheetSchema>;

export const drawingImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** The file's sheets in its order, each as the register now has it. */
  sheets: z.array(importedSheetSchema),
});
export type DrawingImportResult = z.infer<typeof drawingImportResultSchema>;

export const drawingPaths = {
  register: (job: string) => `/api/projects/${encodeURIComponent(job)}/drawings`,
  registerCsv: (job: string) => `/api/projects/${encodeURIComponent(job)}/drawings?format=csv`,
  import: (job: string) => `/api/projects/${encodeURIComponent(job)}/drawings/import`,
  sheet: (job: string, number: string) =>
    `/api/projects/${encodeURIComponent(job)}/drawings/${encodeURIComponent(number)}`,
  release: (job: string, number: string) =>
    `/api/projects/${encodeURIComponent(job)}/drawings/${encodeURIComponent(number)}/release`,
} as const;

/**
 * The Upload-Metadata of a revision's resumable upload (tus): the job number, and the fields the
 * multipart upload has. Its final answer is the sheet, as the multipart upload's (`drawingSchema`).
 */
export const drawingUploadMetadata = (
  job: string,
  input: { number: string; revision: string; title?: string; fileName: string },
): Record<string, string> => ({
  project: job,
  number: input.number,
  revision: input.revision,
  ...(input.title ? { title: input.title } : {}),
  filename: input.fileName,
});
