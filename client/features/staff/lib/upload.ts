import { ApiError } from "~/lib/api-client";
import { fileShareLimits } from "../../../../shared/files.ts";
import { staffMessages } from "./messages.ts";

/** DESIGN §5: admin files may be of any type, up to 1 GB. */
export const ADMIN_FILE_MAX_BYTES = fileShareLimits.maxBytes;
export const DEFAULT_EXPIRY_HOURS = fileShareLimits.defaultExpiryHours;
/** The server's limit (a year), in the form's unit. */
export const MAX_EXPIRY_HOURS = Math.floor(fileShareLimits.maxExpiryMinutes / 60);

/** 'File upload failed.', except for a too-large file (413) where the server says why. */
export function uploadErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 413) return error.serverMessage ?? staffMessages.uploadFailed;
  return staffMessages.uploadFailed;
}

/** "512 B", "14.2 KB", "3.4 MB", "1.0 GB" (powers of 1024). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return "–";
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"] as const;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
