/** What the markup routes (staff, review link, carry-over) answer and audit alike. */
import { markupSchema } from "../../../shared/markups.ts";
import { errorResponseSchema } from "../../lib/schemas.ts";

/** A 409: a stale version's answer holds the markup as it is now (`current`); a review already sent has none. */
export const staleMarkupSchema = errorResponseSchema.extend({ current: markupSchema.optional() });
export const staleMarkupMessage = "Someone changed this markup since you read it: here it is as it is now.";

/** "E-101 rev B". */
export const sheetLabel = (sheet: { number: string; revision: string }) => `${sheet.number} rev ${sheet.revision}`;

/** The fields a change names, for the audit log. */
export const changedFields = (changes: object) =>
  Object.keys(changes)
    .filter((key) => key !== "version")
    .join(", ") || "nothing";
