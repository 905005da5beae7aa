import { z } from "zod";

export const fileShareLimits = {
  /** The admin form's number is hours (default 10); it is sent as expiryMinutes = hours × 60. */
  defaultExpiryHours: 10,
  minExpiryMinutes: 1,
  maxExpiryMinutes: 365 * 24 * 60,
  /** DESIGN §5: admin files, any type, 1 GB. */
  maxBytes: 1024 * 1024 * 1024,
  fileNameMax: 200,
} as const;

/** A file shared through an expiring public link. */
export const sharedFileSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  /** Absolute public link; works without login until expiryDate, 410 after. */
  fileUrl: z.string(),
  expiryDate: z.iso.datetime(),
  size: z.number().int(),
  contentType: z.string(),
  createdAt: z.iso.datetime(),
});
export type SharedFile = z.infer<typeof sharedFileSchema>;

/** The `expiryMinutes` multipart field. */
export const expiryMinutesSchema = z.coerce
  .number({ error: "Expiry must be a number of minutes" })
  .int("Expiry must be a whole number of minutes")
  .min(fileShareLimits.minExpiryMinutes, "Expiry must be at least 1 minute")
  .max(fileShareLimits.maxExpiryMinutes, "Expiry must be at most one year");

export const fileIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
