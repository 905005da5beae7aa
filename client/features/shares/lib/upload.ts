import { HttpError } from "~/lib/http-error";
import { fileShareLimits } from "../../../../shared/files.ts";
import { shareMessages } from "./messages.ts";

/** DESIGN §5: admin files may be of any type, up to 1 GB. */
export const ADMIN_FILE_MAX_BYTES = fileShareLimits.maxBytes;
export const DEFAULT_EXPIRY_HOURS = fileShareLimits.defaultExpiryHours;
/** The server's limit (a year), in the form's unit. */
export const MAX_EXPIRY_HOURS = Math.floor(fileShareLimits.maxExpiryMinutes / 60);

/** 'File upload failed.', except for a too-large file (413) where the server says why. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof HttpError && error.status === 413) return error.serverMessage ?? shareMessages.uploadFailed;
  return shareMessages.uploadFailed;
}
