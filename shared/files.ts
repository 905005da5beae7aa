import { z } from "zod";

export const fileShareLimits = {
  /** The admin form's number is hours (default 10); it is sent as expiryMinutes = hours × 60. */
  defaultExpiryHours: 10,
  minExpiryMinutes: 1,
  maxExpiryMinutes: 365 * 24 * 60,
  /** DESIGN §12: admin files, any type, up to MAX_SHARE_MB (default 2048). */
  maxBytes: 2048 * 1024 * 1024,
  fileNameMax: 200,
  /** DESIGN §12: an optional password on the link. */
  passwordMin: 6,
  passwordMax: 128,
  /** DESIGN §12: an optional number of downloads, after which the link answers 410. */
  maxDownloadsMax: 10_000,
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
  /** Downloads so far (whole-file answers), and when the last one started. */
  downloads: z.number().int(),
  lastDownloadAt: z.iso.datetime().nullable(),
  /** Whether the link asks for a password first. */
  hasPassword: z.boolean(),
  /** Downloads allowed in all; null when unlimited. After the last one the link answers 410. */
  maxDownloads: z.number().int().nullable(),
});
export type SharedFile = z.infer<typeof sharedFileSchema>;

/** The `expiryMinutes` multipart field. */
export const expiryMinutesSchema = z.coerce
  .number({ error: "Expiry must be a number of minutes" })
  .int("Expiry must be a whole number of minutes")
  .min(fileShareLimits.minExpiryMinutes, "Expiry must be at least 1 minute")
  .max(fileShareLimits.maxExpiryMinutes, "Expiry must be at most one year");

/** The optional `password` multipart field (empty: no password). */
export const sharePasswordSchema = z
  .string()
  .min(fileShareLimits.passwordMin, `The password must have at least ${fileShareLimits.passwordMin} characters`)
  .max(fileShareLimits.passwordMax, `The password must have at most ${fileShareLimits.passwordMax} characters`);

/** The optional `maxDownloads` multipart field (empty: unlimited). */
export const maxDownloadsSchema = z.coerce
  .number({ error: "The download limit must be a number" })
  .int("The download limit must be a whole number")
  .min(1, "Allow at least one download")
  .max(fileShareLimits.maxDownloadsMax, `Allow at most ${fileShareLimits.maxDownloadsMax} downloads`);

/** PATCH /api/admin/files/{id}: a new expiry, counted from now (to extend a link, or shorten it). */
export const updateShareSchema = z.object({ expiryMinutes: expiryMinutesSchema }).strict();
export type UpdateShare = z.infer<typeof updateShareSchema>;

export const fileIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
