import { HttpError } from "~/lib/http-error";
import { uploadPercent } from "~/lib/upload";
import { formatBytes } from "../../../../shared/bytes.ts";
import type { PublicFileRequest } from "../../../../shared/file-requests.ts";
import { fileShareLimits } from "../../../../shared/files.ts";

/** The most one file may have (MAX_SHARE_MB); the server says so too, with 413. */
export const MAX_FILE_BYTES = fileShareLimits.maxBytes;

/** "42 %": what a row shows beside its bar. */
export const percentText = (sent: number, total: number) => `${total > 0 ? uploadPercent(sent, total) : 100} %`;

/** What may still be sent: the request's total less what arrived and what is on its way from this page. */
export function bytesLeft(request: Pick<PublicFileRequest, "maxTotalBytes" | "receivedBytes">, pending: number) {
  return Math.max(0, request.maxTotalBytes - request.receivedBytes - pending);
}

/** Why a file cannot be sent (before any byte goes up), or null when it fits. */
export function refusalFor(file: Pick<File, "name" | "size">, left: number, maxFile = MAX_FILE_BYTES): string | null {
  if (file.size > maxFile) return `${file.name} is larger than ${formatBytes(maxFile)}, the most one file may have.`;
  if (file.size > left) {
    return left > 0
      ? `${file.name} (${formatBytes(file.size)}) is larger than the ${formatBytes(left)} that may still be sent.`
      : `${file.name} cannot be sent: this link has no room left.`;
  }
  return null;
}

/** A failed upload in the client's words. */
export function uploadFailureText(error: HttpError): string {
  switch (error.status) {
    case 0:
      return "The connection dropped. Press Resume to continue.";
    case 401:
    case 403:
      return "The password is needed again: reload the page and enter it.";
    case 404:
      return "This link is not valid any more.";
    case 410:
      return "This link has expired.";
    case 413:
      return error.serverMessage ?? "This file is larger than what may still be sent.";
    default:
      return error.serverMessage ?? "The upload failed. Press Resume to try again.";
  }
}

/** A refused password in the client's words. */
export function passwordFailureText(error: unknown): string {
  if (error instanceof HttpError) {
    if (error.status === 401) return "That password is not right. Please try again.";
    if (error.status === 429) return "Too many tries, wait 15 minutes.";
    if (error.status === 404) return "This link is not valid.";
    if (error.status === 410) return "This link has expired.";
    if (error.status === 0) return "No connection. Check your network and try again.";
  }
  return "The password could not be checked. Please try again.";
}

const HOUR = 3_600_000;

/** "6 days left", "5 hours left", "less than an hour left", "expired". */
export function timeLeftText(expiresAt: string, now: number): string {
  const left = Date.parse(expiresAt) - now;
  if (Number.isNaN(left)) return "";
  if (left <= 0) return "expired";
  if (left < HOUR) return "less than an hour left";
  const hours = Math.floor(left / HOUR);
  if (hours < 48) return `${hours} ${hours === 1 ? "hour" : "hours"} left`;
  return `${Math.floor(hours / 24)} days left`;
}
