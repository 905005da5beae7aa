import type { RefusalCode } from "../../shared/realtime.ts";
import { HttpError } from "../lib/errors.ts";
import { RealtimeRefusal } from "./types.ts";

/** A refusal as the transport writes it on the errors queue (plus the frame's destination and receipt). */
export interface RefusalBody {
  code: RefusalCode;
  message: string;
  details?: Record<string, unknown>;
}

const httpCodes: Record<number, RefusalCode> = { 403: "FORBIDDEN", 404: "NOT_FOUND", 429: "RATE_LIMITED" };

/**
 * What a feature's error tells the user: a RealtimeRefusal as it says, an HttpError 4xx by its
 * status; undefined for anything else (a bug, or a failure the user cannot act on).
 */
export function refusalOf(error: unknown): RefusalBody | undefined {
  if (error instanceof RealtimeRefusal) return { code: error.code, message: error.message, details: error.details };
  if (error instanceof HttpError && error.statusCode >= 400 && error.statusCode < 500) {
    return { code: httpCodes[error.statusCode] ?? "INVALID", message: error.message };
  }
  return undefined;
}

/** Texts of the refusals the transport itself writes. */
export const transportRefusals = {
  unknownDestination: "Unknown destination.",
  notAppDestination: "Messages can only be sent to /app/… destinations.",
  notUtf8: "The message body must be UTF-8 JSON.",
  notJson: "The message body must be JSON.",
  otherUsersQueue: "You cannot subscribe to another user's queue.",
  tooManySubscriptions: "Too many subscriptions on one connection.",
  subscribeDenied: "You cannot subscribe to this destination.",
  subscribeFailed: "The subscription could not be checked. Please try again.",
  sendFailed: "The message could not be processed. Please try again.",
  revoked: "You can no longer follow this conversation.",
} as const;
