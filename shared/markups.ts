/**
 * DESIGN §18 markups are data, not pixels: each is a kind, a geometry in the PDF's own page
 * coordinates (points, as pdf.js and PDF annotations read them), a colour and a text, with a
 * `version` for stale writes and a comment thread. The viewer draws them on a layer of its own;
 * saving and live updates carry this same shape (decision 068).
 */
import { z } from "zod";
import { revisionSchema, sheetNumberSchema } from "./drawings.ts";
import { jobPattern } from "./projects.ts";
import { createRfiSchema, rfiLimits } from "./rfis.ts";

export const markupKinds = ["cloud", "rectangle", "ellipse", "arrow", "line", "text", "callout", "ink"] as const;
export type MarkupKind = (typeof markupKinds)[number];

export const markupStatuses = ["open", "resolved"] as const;
export type MarkupStatus = (typeof markupStatuses)[number];

export const markupLimits = {
  /** Markups on one sheet revision (all authors together). */
  perRevision: 500,
  /** Points in one ink stroke. */
  strokePoints: 2000,
  /** Strokes in one ink markup. */
  strokes: 100,
  textMax: 2000,
  commentMax: 2000,
  /** Comments in one markup's thread. */
  commentsPerMarkup: 200,
  /** PDF's user-space limit (ISO 32000 Annex C): no coordinate of a page reaches beyond it. */
  coordinate: 14_400,
  /** A sheet's pages: a sane bound, checked again against the sheet's page count when it is known. */
  pageMax: 10_000,
} as const;

const bound = markupLimits.coordinate;

/** A coordinate in points: a finite number within PDF's user-space limit. */
const coordinate = z
  .number({ error: "A coordinate is a number" })
  .refine(Number.isFinite, "A coordinate is a finite number")
  .refine((value) => Math.abs(value) <= bound, `A coordinate lies within ±${bound} points`);
/** A width or height in points: not negative, and within the page's reach. */
const extent = z
  .number({ error: "A size is a number" })
  .refine(Number.isFinite, "A size is a finite number")
  .refine((value) => value >= 0 && value <= 2 * bound, `A size is 0 to ${2 * bound} points`);

export const pointSchema = z.object({ x: coordinate, y: coordinate }).strict();
export type Point = z.infer<typeof pointSchema>;

/** A box by its lower-left corner (PDF's y runs up) and size; it ends within the limit too. */
export const rectSchema = z
  .object({ x: coordinate, y: coordinate, width: extent, height: extent })
  .strict()
  .refine((rect) => rect.x + rect.width <= bound && rect.y + rect.height <= bound, {
    message: `A box ends within ${bound} points`,
  });
/** A text box with the point its leader line ends on. */
export const calloutSchema = z
  .object({ x: coordinate, y: coordinate, width: extent, height: extent, anchor: pointSchema })
  .strict()
  .refine((rect) => rect.x + rect.width <= bound && rect.y + rect.height <= bound, {
    message: `A box ends within ${bound} points`,
  });
/** A line or an arrow (the head at `to`). */
export const segmentSchema = z.object({ from: pointSchema, to: pointSchema }).strict();
/** Freehand strokes, each a list of `[x, y]` points. */
export const inkSchema = z
  .object({
    strokes: z
      .array(
        z
          .array(z.tuple([coordinate, coordinate]), { error: "A stroke is a list of [x, y] points" })
          .min(2, "A stroke has at least 2 points")
          .max(markupLimits.strokePoints, `A stroke has at most ${markupLimits.strokePoints} points`),
      )
      .min(1, "Ink has at least one stroke")
      .max(markupLimits.strokes, `Ink has at most ${markupLimits.strokes} strokes`),
  })
  .strict();

/** The geometry each kind takes. */
export const geometrySchemas = {
  cloud: rectSchema,
  rectangle: rectSchema,
  ellipse: rectSchema,
  text: rectSchema,
  callout: calloutSchema,
  line: segmentSchema,
  arrow: segmentSchema,
  ink: inkSchema,
} as const satisfies Record<MarkupKind, z.ZodType>;

export const geometrySchema = z.union([rectSchema, calloutSchema, segmentSchema, inkSchema]);
export type MarkupGeometry = z.infer<typeof geometrySchema>;

/** `#rrggbb`, kept in lower case. */
export const markupColorSchema = z
  .string({ error: "A colour is required" })
  .regex(/^#[0-9a-fA-F]{6}$/, "A colour is #rrggbb")
  .transform((color) => color.toLowerCase());

// Control characters are refused for every request by the server's input check (DESIGN §14).
export const markupTextSchema = z
  .string({ error: "The text is text" })
  .max(markupLimits.textMax, `A markup's text has at most ${markupLimits.textMax} characters`);

export const pageSchema = z
  .number({ error: "The page is a number" })
  .int("The page is a whole number")
  .min(1, "Pages count from 1")
  .max(markupLimits.pageMax, `A sheet has at most ${markupLimits.pageMax} pages`);

const versionSchema = z
  .number({ error: "The version read is required" })
  .int()
  .min(1)
  .max(2 ** 31 - 1);

const newMarkup = <K extends MarkupKind>(kind: K) =>
  z
    .object({
      kind: z.literal(kind),
      page: pageSchema,
      geometry: geometrySchemas[kind],
      color: markupColorSchema,
      text: markupTextSchema.default(""),
    })
    .strict();

/** POST …/markups: a markup, its geometry the shape its kind takes. */
export const createMarkupSchema = z.discriminatedUnion(
  "kind",
  [
    newMarkup("cloud"),
    newMarkup("rectangle"),
    newMarkup("ellipse"),
    newMarkup("text"),
    newMarkup("callout"),
    newMarkup("line"),
    newMarkup("arrow"),
    newMarkup("ink"),
  ],
  { error: `A kind is one of ${markupKinds.join(", ")}` },
);
export type CreateMarkup = z.infer<typeof createMarkupSchema>;

/**
 * PATCH …/markups/{id}: what changes, with the version read (409 when stale, answering the markup
 * as it is now). The kind never changes; a new geometry must be the shape of the markup's kind.
 */
export const updateMarkupSchema = z
  .object({
    version: versionSchema,
    page: pageSchema.optional(),
    geometry: geometrySchema.optional(),
    color: markupColorSchema.optional(),
    text: markupTextSchema.optional(),
    status: z.enum(markupStatuses, { error: "The status is open or resolved" }).optional(),
  })
  .strict();
export type UpdateMarkup = z.infer<typeof updateMarkupSchema>;

/** PATCH /api/review/{token}/…/markups/{id}: a client changes what its markup shows; resolving is the firm's. */
export const clientUpdateMarkupSchema = updateMarkupSchema.omit({ status: true });
export type ClientUpdateMarkup = z.infer<typeof clientUpdateMarkupSchema>;

/**
 * Why `geometry` is not the shape of `kind` (its first problem, for `errors.geometry`), or null
 * when it is.
 */
export function geometryRefusal(kind: MarkupKind, geometry: unknown): string | null {
  const parsed = geometrySchemas[kind].safeParse(geometry);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? ` (${issue.path.join(".")})` : "";
  return `Not the geometry of a ${kind}${where}: ${issue?.message ?? "invalid"}`;
}

/** The pages a markup may sit on and how large they are, when the revision's PDF told us. */
export interface PageSize {
  width: number;
  height: number;
}

/**
 * Why a markup does not fit the sheet (field and words), or null: its page must be one of the
 * sheet's when the page count is known. Coordinates are checked by the schemas against PDF's
 * user-space limit; a page's own box may start anywhere within it, so no tighter bound is taken.
 */
export function pageRefusal(page: number, pages: readonly PageSize[] | null): { page: string } | null {
  if (pages && page > pages.length) {
    return { page: `This sheet has ${pages.length} page${pages.length === 1 ? "" : "s"}` };
  }
  return null;
}

/** Who made a markup or a comment: one of the staff (by id), or the client through a review link. */
export const markupAuthorSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("staff"), id: z.number().int().nullable(), name: z.string() }),
  /** `name`: the review's recipient as the review page knows it; `transmittal`: its number. */
  z.object({ kind: z.literal("client"), name: z.string(), transmittal: z.string() }),
]);
export type MarkupAuthor = z.infer<typeof markupAuthorSchema>;

export const markupSchema = z.object({
  id: z.number().int(),
  /** The sheet's number. */
  sheet: z.string(),
  revision: z.string(),
  page: z.number().int(),
  kind: z.enum(markupKinds),
  geometry: geometrySchema,
  color: z.string(),
  text: z.string(),
  author: markupAuthorSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  status: z.enum(markupStatuses),
  resolvedBy: markupAuthorSchema.nullable(),
  resolvedAt: z.iso.datetime().nullable(),
  comments: z.number().int(),
  /** The RFI it was asked as ("Ask as RFI"), by number; null until then. */
  rfi: z.string().nullable(),
  /** The later revision it was checked on and found resolved in ("resolved in {rev}"); null otherwise. */
  resolvedIn: z.string().nullable(),
  /** The last revision's markup this one was carried from onto the sheet's new revision (its id). */
  carriedFrom: z.number().int().nullable(),
  version: z.number().int(),
});
export type Markup = z.infer<typeof markupSchema>;

/**
 * When a sheet has a new revision, the last revision's open markups are "to check" on it
 * (GET …/revisions/{rev}/markups/to-check): each is marked resolved in the new revision, or
 * carried onto it as a new markup (`carriedFrom` names the old one), at the version read.
 */
export const markupCheckActions = ["resolved", "carried"] as const;
export const checkMarkupSchema = z
  .object({
    action: z.enum(markupCheckActions, { error: "The action is resolved or carried" }),
    version: versionSchema,
  })
  .strict();
export type CheckMarkup = z.infer<typeof checkMarkupSchema>;

/**
 * POST …/markups/{id}/rfi, "Ask as RFI": an RFI naming the sheet, its question quoting the
 * markup's text, linked back to the markup. The subject defaults to the sheet and the text's start.
 */
export const askMarkupAsRfiSchema = createRfiSchema
  .pick({ to: true, dueAt: true, suggestion: true })
  .extend({ subject: createRfiSchema.shape.subject.optional() })
  .strict();
export type AskMarkupAsRfi = z.input<typeof askMarkupAsRfiSchema>;

/** What an RFI asked from a markup says: the subject (when none is given) and the question quoting the text. */
export function markupRfiText(markup: { id: number; sheet: string; revision: string; page: number; text: string }) {
  const firstLine = markup.text.trim().split("\n", 1)[0] ?? "";
  const subject = `${markup.sheet} rev ${markup.revision}: ${firstLine}`;
  return {
    subject: subject.length > rfiLimits.subjectMax ? `${subject.slice(0, rfiLimits.subjectMax - 1)}…` : subject,
    question: `On ${markup.sheet} revision ${markup.revision}, page ${markup.page}, a markup says:\n\n“${markup.text.trim()}”`,
  };
}

/** GET …/markups?author=&status=: `author` a staff account's id, or `client` for the review links' markups. */
export const markupQuerySchema = z.object({
  author: z
    .string()
    .regex(/^(?:client|[1-9][0-9]{0,14})$/, "The author is an account's id, or client")
    .transform((author) => (author === "client" ? ("client" as const) : Number(author)))
    .optional(),
  status: z.enum(markupStatuses, { error: "The status is open or resolved" }).optional(),
});

/** DELETE …/markups/{id}?version=: the version read (409 when stale). */
export const deleteMarkupQuerySchema = z.object({ version: z.coerce.number().pipe(versionSchema) });

export const markupCommentSchema = z.object({
  id: z.number().int(),
  author: markupAuthorSchema,
  text: z.string(),
  createdAt: z.iso.datetime(),
});
export type MarkupComment = z.infer<typeof markupCommentSchema>;

export const createMarkupCommentSchema = z
  .object({
    text: z
      .string({ error: "A comment is text" })
      .trim()
      .min(1, "Write a comment")
      .max(markupLimits.commentMax, `A comment has at most ${markupLimits.commentMax} characters`),
  })
  .strict();

/** Live on STOMP: what happened to a markup of the sheet revision (a deletion carries only its id). */
export const markupEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("created"), markup: markupSchema }),
  z.object({ type: z.literal("updated"), markup: markupSchema }),
  z.object({ type: z.literal("deleted"), id: z.number().int() }),
  z.object({ type: z.literal("commented"), id: z.number().int(), comment: markupCommentSchema }),
]);
export type MarkupEvent = z.infer<typeof markupEventSchema>;

const sheetPath = (job: string, number: string, revision: string) =>
  `/api/projects/${encodeURIComponent(job)}/drawings/${encodeURIComponent(number)}/revisions/${encodeURIComponent(revision)}/markups`;

export const markupPaths = {
  list: sheetPath,
  one: (job: string, number: string, revision: string, id: number) => `${sheetPath(job, number, revision)}/${id}`,
  comments: (job: string, number: string, revision: string, id: number) =>
    `${sheetPath(job, number, revision)}/${id}/comments`,
  rfi: (job: string, number: string, revision: string, id: number) => `${sheetPath(job, number, revision)}/${id}/rfi`,
  /** The last revision's open markups, to check on this one. */
  toCheck: (job: string, number: string, revision: string) => `${sheetPath(job, number, revision)}/to-check`,
  check: (job: string, number: string, revision: string, id: number) =>
    `${sheetPath(job, number, revision)}/to-check/${id}`,
} as const;

const reviewSheetPath = (token: string, number: string, revision: string) =>
  `/api/review/${encodeURIComponent(token)}/sheets/${encodeURIComponent(number)}/revisions/${encodeURIComponent(revision)}/markups`;

/**
 * A client's markups on the review page, through the review's own token (decision 068): only the
 * transmittal's sheets at the revision sent, only the markups made through that link.
 */
export const reviewMarkupPaths = {
  list: reviewSheetPath,
  one: (token: string, number: string, revision: string, id: number) =>
    `${reviewSheetPath(token, number, revision)}/${id}`,
  comments: (token: string, number: string, revision: string, id: number) =>
    `${reviewSheetPath(token, number, revision)}/${id}/comments`,
} as const;

/** The staff viewer's address of a markup (DESIGN §15, §18): the sheet at its revision, the markup selected. */
export const markupAddress = (job: string, number: string, revision: string, id: number) =>
  `/staff/projects/${encodeURIComponent(job)}/drawings/${encodeURIComponent(number)}?rev=${encodeURIComponent(revision)}&markup=${id}`;

/**
 * The STOMP topic of one sheet revision's markups (`/topic/markups/{job}/{number}/{revision}`):
 * `markupEventSchema` messages, for those who may read the project's drawings.
 */
export const markupDestinations = {
  prefix: "/topic/markups/",
  sheet: (job: string, number: string, revision: string) => `/topic/markups/${job}/${number}/${revision}`,
} as const;

/** The parts of a markups topic, or undefined when it names none (each part as its schema takes it). */
export function readMarkupTopic(rest: string): { job: string; number: string; revision: string } | undefined {
  const parts = rest.split("/");
  if (parts.length !== 3) return undefined;
  const [job, number, revision] = parts as [string, string, string];
  if (!jobPattern.test(job)) return undefined;
  if (!sheetNumberSchema.safeParse(number).success || number.trim() !== number) return undefined;
  if (!revisionSchema.safeParse(revision).success || revision.trim() !== revision) return undefined;
  return { job, number, revision };
}
