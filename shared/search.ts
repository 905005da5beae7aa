/**
 * DESIGN §15 search everything: `GET /api/search?q=&kinds=&limit=` answers
 * `{groups: [{kind, items: [{id, title, subtitle, url}]}]}`, over what the caller may read now.
 */
import { z } from "zod";

export const searchKinds = [
  "quoteRequest",
  "application",
  "project",
  "drawing",
  "transmittal",
  "rfi",
  "markup",
  "person",
  "message",
] as const;
export type SearchKind = (typeof searchKinds)[number];

export const searchLimits = { query: 200, perKind: 20, defaultPerKind: 5 } as const;

export const searchQuerySchema = z.object({
  q: z.string().trim().min(1, "Type something to search for").max(searchLimits.query),
  /** A comma-separated list of kinds; every kind when absent. */
  kinds: z
    .string()
    .max(200)
    .transform((list) => [...new Set(list.split(",").map((kind) => kind.trim()))])
    .pipe(z.array(z.enum(searchKinds, { error: `A kind is one of ${searchKinds.join(", ")}` })).min(1))
    .optional(),
  /** At most this many items per kind. */
  limit: z.coerce.number().int().min(1).max(searchLimits.perKind).default(searchLimits.defaultPerKind),
});

export const searchItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
  /** The workspace address the item opens (DESIGN §15). */
  url: z.string(),
});
export type SearchItem = z.infer<typeof searchItemSchema>;

export const searchGroupSchema = z.object({ kind: z.enum(searchKinds), items: z.array(searchItemSchema) });
export type SearchGroup = z.infer<typeof searchGroupSchema>;

/** Only the kinds with items, in the order of `searchKinds`. */
export const searchResultSchema = z.object({ groups: z.array(searchGroupSchema) });
export type SearchResult = z.infer<typeof searchResultSchema>;
