import { and, ilike, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/** `\`, `%` and `_` are wildcards to LIKE: a search for "50%" means those three characters. */
export const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A list's `q`: every word (the first ten) must appear, case-insensitively, in at least one of `columns`. */
export const wordSearch =
  (columns: readonly PgColumn[]) =>
  (q: string | undefined): SQL | undefined => {
    const words = (q ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 10);
    if (words.length === 0) return undefined;
    return and(...words.map((word) => or(...columns.map((column) => ilike(column, likePattern(word))))));
  };
