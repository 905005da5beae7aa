/**
 * The realtime contract (STOMP over /ws, SPEC §7, DESIGN §7 and §10) that is not the chat's:
 * presence, the errors queue and the refusals it carries, and the texts a session ends with.
 * The transport (server/realtime), the chat module and the staff client all read it from here.
 */
import { z } from "zod";

/** Built-in destinations of the transport and of presence. */
export const realtimeDestinations = {
  /** Presence changes `{username, status}`. */
  userStatus: "/topic/user-status",
  /** Where the connected user learns why a frame was refused (a MESSAGE per refusal). */
  errorsQueue: "/user/queue/errors",
  /** Body {"status":"ONLINE"} while the page is visible, {"status":"ACTIVE"} when hidden or idle. */
  presence: "/app/presence",
} as const;

export const presenceStatuses = ["ONLINE", "ACTIVE", "OFFLINE"] as const;
export type PresenceStatus = (typeof presenceStatuses)[number];
/** What one session reports: its page visible (ONLINE) or hidden/idle (ACTIVE). */
export type SessionPresence = Exclude<PresenceStatus, "OFFLINE">;

export const presenceUpdateSchema = z.object({ username: z.string(), status: z.enum(presenceStatuses) });
export type PresenceUpdate = z.infer<typeof presenceUpdateSchema>;
export const presenceReportSchema = z.object({ status: z.enum(["ONLINE", "ACTIVE"]) });

/**
 * Why a frame was refused. `INVALID`: the body is not acceptable; `NOT_FOUND`: what it names does
 * not exist; `FORBIDDEN`: not allowed for this user; `RATE_LIMITED`: too many, try later;
 * `UNAVAILABLE`: the server could not do it now (try again); `REVOKED`: a subscription ended.
 */
export const refusalCodes = ["INVALID", "NOT_FOUND", "FORBIDDEN", "RATE_LIMITED", "UNAVAILABLE", "REVOKED"] as const;
export type RefusalCode = (typeof refusalCodes)[number];

/**
 * A refusal on the errors queue (DESIGN §10): `clientId` and `receipt` are the refused SEND's own,
 * when it had them, so the client can mark exactly that message; `destination` is the frame's.
 */
export const refusalSchema = z.object({
  code: z.enum(refusalCodes).catch("INVALID"),
  message: z.string(),
  destination: z.string().nullable().optional(),
  clientId: z.string().optional(),
  receipt: z.string().optional(),
});
export type Refusal = z.infer<typeof refusalSchema>;

export const realtimeTexts = {
  /** The session's token expired, was revoked, or its login session ended. */
  sessionEnded: "Your session has ended. Please log in again.",
} as const;
