/**
 * DESIGN §18 markups travel in the PDF both ways (decision 069): a sheet revision downloaded with
 * its markups written in as standard annotations, and the annotations of a client's marked-up PDF
 * read and listed as markups.
 */
import { z } from "zod";
import { geometrySchema, markupKinds } from "./markups.ts";

/** A markup read from a PDF's annotations: what it shows, its page, and who the annotation names. */
export const readMarkupSchema = z.object({
  page: z.number().int(),
  kind: z.enum(markupKinds),
  geometry: geometrySchema,
  color: z.string(),
  text: z.string(),
  /** The annotation's /T ("" when it names nobody). */
  author: z.string(),
  /** The annotation's own kind (Square, FreeText, …). */
  subtype: z.string(),
  /** Its /NM: a markup written by this app reads `markup-{id}`. */
  name: z.string().nullable(),
});
export type ReadMarkup = z.infer<typeof readMarkupSchema>;

export const readMarkupsSchema = z.object({
  pages: z.number().int(),
  markups: z.array(readMarkupSchema),
  /** Annotations that are no markup, or lie outside their page, counted by their kind and why. */
  skipped: z.array(z.object({ subtype: z.string(), why: z.string(), count: z.number().int() })),
  /** Annotations past the limits (500 markups, 5 000 looked at), counted and not read. */
  left: z.number().int(),
});
export type ReadMarkups = z.infer<typeof readMarkupsSchema>;

const enc = encodeURIComponent;

export const markupPdfPaths = {
  /** Staff: the revision's PDF with its markups written in. */
  staff: (job: string, number: string, revision: string) =>
    `/api/projects/${enc(job)}/drawings/${enc(number)}/revisions/${enc(revision)}/markups.pdf`,
  /** The review page: the sheet at the revision sent, with the markups made through this link. */
  review: (token: string, number: string, revision: string) =>
    `/api/review/${enc(token)}/sheets/${enc(number)}/revisions/${enc(revision)}/markups.pdf`,
  /** Staff: the markups a client's marked-up file carries as annotations. */
  uploaded: (job: string, transmittal: string, id: number) =>
    `/api/projects/${enc(job)}/transmittals/${enc(transmittal)}/markups/${id}/annotations`,
} as const;
