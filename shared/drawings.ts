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
  updatedAt: z.iso.datetime(),
  /** Newest first. */
  revisions: z.array(drawingRevisionSchema),
});
export type Drawing = z.infer<typeof drawingSchema>;

export const drawingPaths = {
  register: (job: string) => `/api/projects/${encodeURIComponent(job)}/drawings`,
} as const;
