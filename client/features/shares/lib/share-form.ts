import { z } from "zod";
import { maxDownloadsSchema, sharePasswordSchema } from "../../../../shared/files.ts";
import { MAX_EXPIRY_HOURS } from "./upload.ts";

/** The link's lifetime in hours (the upload form and the Extend dialog); sent as hours × 60 minutes. */
export const expiryHoursSchema = z
  .number({ error: "Enter the number of hours the link should work." })
  .min(1, "The link must work for at least 1 hour.")
  .max(MAX_EXPIRY_HOURS, `The link can work for at most ${MAX_EXPIRY_HOURS} hours (a year).`);

/** A text field that may stay empty; anything typed must pass the server's own schema (its message shown). */
function emptyOr(schema: z.ZodType, isEmpty: (value: string) => boolean) {
  return z.string().superRefine((value, ctx) => {
    if (isEmpty(value)) return;
    const result = schema.safeParse(value);
    if (!result.success) ctx.addIssue({ code: "custom", message: result.error.issues[0]?.message ?? "Not valid" });
  });
}

/** Empty: no password. Spaces count as characters, as on the server. */
export const optionalSharePasswordSchema = emptyOr(sharePasswordSchema, (value) => value === "");
/** Empty: no limit. The field is a number input read as text, so that empty stays empty. */
export const optionalMaxDownloadsSchema = emptyOr(maxDownloadsSchema, (value) => value.trim() === "");

export interface ShareOptionValues {
  password: string;
  maxDownloads: string;
}

/** The optional multipart fields to send: only those that were filled in. */
export function shareOptionsFrom(values: ShareOptionValues): { password?: string; maxDownloads?: number } {
  const limit = values.maxDownloads.trim();
  return {
    ...(values.password !== "" ? { password: values.password } : {}),
    ...(limit !== "" ? { maxDownloads: Number(limit) } : {}),
  };
}
