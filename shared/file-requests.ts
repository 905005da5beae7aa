/**
 * DESIGN §12 file requests: an admin asks a client for files through a link (`/upload/{token}`,
 * no login); the client's files arrive by resumable (tus) upload under /api/uploads/.
 */
import { z } from "zod";
import { sharePasswordSchema } from "./files.ts";

export const fileRequestLimits = {
  titleMax: 200,
  messageMax: 2000,
  minExpiryHours: 1,
  maxExpiryHours: 365 * 24,
  defaultExpiryHours: 7 * 24,
  /** maxTotalMB: the most all of a request's files may add up to (at most MAX_SHARE_MB when unset). */
  minTotalMB: 1,
  maxTotalMB: 100 * 1024,
} as const;

// Control characters are refused for every request by the server's input check (DESIGN §14).
const text = (max: number, what: string) => z.string().trim().max(max, `${what} must have at most ${max} characters`);

/** POST /api/admin/file-requests (title and expiryHours required). */
export const createFileRequestSchema = z
  .object({
    title: text(fileRequestLimits.titleMax, "The title").pipe(z.string().min(1, "A title is required")),
    message: text(fileRequestLimits.messageMax, "The message").optional(),
    expiryHours: z
      .number({ error: "Expiry must be a number of hours" })
      .int("Expiry must be a whole number of hours")
      .min(fileRequestLimits.minExpiryHours, "Expiry must be at least 1 hour")
      .max(fileRequestLimits.maxExpiryHours, "Expiry must be at most one year"),
    maxTotalMB: z
      .number({ error: "The total must be a number of MB" })
      .int("The total must be a whole number of MB")
      .min(fileRequestLimits.minTotalMB, "Allow at least 1 MB")
      .max(fileRequestLimits.maxTotalMB, `Allow at most ${fileRequestLimits.maxTotalMB} MB`)
      .nullish(),
    /** Optional: the client's page then asks for it before any upload. Empty means none. */
    password: z.union([z.literal(""), sharePasswordSchema]).nullish(),
  })
  .strict();
export type CreateFileRequest = z.infer<typeof createFileRequestSchema>;

export const createdFileRequestSchema = z.object({
  id: z.number().int(),
  /** The client's page: `${origin}/upload/{token}`. */
  url: z.string(),
  expiresAt: z.iso.datetime(),
});
export type CreatedFileRequest = z.infer<typeof createdFileRequestSchema>;

/** A file a client sent; `url` is an admin-only download (send the admin's bearer token). */
export const receivedFileSchema = z.object({
  id: z.number().int(),
  fileName: z.string(),
  size: z.number().int(),
  receivedAt: z.iso.datetime(),
  url: z.string(),
});
export type ReceivedFile = z.infer<typeof receivedFileSchema>;

/** GET /api/admin/file-requests: newest first. */
export const fileRequestSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  message: z.string().nullable(),
  url: z.string(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  /** The limit for all files together, in MB (MAX_SHARE_MB when the admin set none). */
  maxTotalMB: z.number().int(),
  hasPassword: z.boolean(),
  files: z.array(receivedFileSchema),
});
export type FileRequest = z.infer<typeof fileRequestSchema>;

/**
 * GET /api/file-requests/{token} (public): what the client's page shows. 404 for an unknown link,
 * 410 once it has expired or was removed.
 */
export const publicFileRequestSchema = z.object({
  title: z.string(),
  message: z.string().nullable(),
  expiresAt: z.iso.datetime(),
  maxTotalBytes: z.number().int(),
  /** What has arrived so far, counted against maxTotalBytes. */
  receivedBytes: z.number().int(),
  hasPassword: z.boolean(),
});
export type PublicFileRequest = z.infer<typeof publicFileRequestSchema>;

/** POST /api/file-requests/{token}/password: 204 when right, 401 when wrong, 429 after too many tries. */
export const fileRequestPasswordSchema = z.object({ password: z.string().min(1).max(200) }).strict();

/** The final tus PATCH of a file request's upload answers with the received file (no `url`). */
export const uploadedFileSchema = receivedFileSchema.omit({ url: true });
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

/** The staff dashboard's section for file requests (the arrival e-mail links to it: `/#file-requests`). */
export const fileRequestsSectionId = "file-requests";
