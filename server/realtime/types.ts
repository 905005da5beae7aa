import type { RefusalCode } from "../../shared/realtime.ts";
import type { AccountKind } from "../../shared/roles.ts";

/** The account behind a STOMP session, from its CONNECT token. */
export interface RealtimeUser {
  id: number;
  username: string;
  role: AccountKind;
}

/**
 * What authentication gives a session: the user and, if known, when the token expires (epoch ms)
 * and the login session the token belongs to (what a logout ends).
 */
export type AuthenticatedUser = RealtimeUser & { expiresAt?: number; sessionId?: string };

/** Checks a CONNECT bearer token: the account, or null when the token is invalid, expired or revoked. */
export type Authenticate = (token: string) => Promise<AuthenticatedUser | null>;

/** One connected (authenticated) session, as features see it. */
export interface SessionInfo {
  readonly id: string;
  readonly user: RealtimeUser;
}

/** What a SEND handler gets. */
export interface SendContext {
  readonly user: RealtimeUser;
  readonly sessionId: string;
  /** The `/app/…` destination, exactly as sent. */
  readonly destination: string;
  /** The body parsed as JSON; undefined for an empty body. Validate it: it comes from the client. */
  readonly body: unknown;
  /** The frame's headers (the first of repeated ones). */
  readonly headers: Readonly<Record<string, string>>;
  /** Tells this session on its errors queue; the frame still succeeds (a warning, not a refusal). */
  sendError(message: string, code?: RefusalCode): void;
}

/**
 * Handles SENDs to one `/app/…` destination. The RECEIPT the client asked for goes out once the
 * returned promise resolves (so: after the message is stored). Throw a `RealtimeRefusal` (or an
 * HttpError with a 4xx status) to refuse: it goes to the sender's errors queue and the connection
 * stays. Any other error is logged and reported to the sender as UNAVAILABLE.
 */
export type SendHandler = (context: SendContext) => unknown;

export interface RefusalOptions {
  /** Default INVALID. */
  code?: RefusalCode;
  /** Extra fields of the refusal body on the errors queue (e.g. the SEND's `clientId`). */
  details?: Record<string, unknown>;
}

/** A refusal of an ordinary action: the user is told on the errors queue; the connection stays. */
export class RealtimeRefusal extends Error {
  readonly code: RefusalCode;
  readonly details: Record<string, unknown> | undefined;

  constructor(message: string, options: RefusalOptions = {}) {
    super(message);
    this.name = "RealtimeRefusal";
    this.code = options.code ?? "INVALID";
    this.details = options.details;
  }
}

/** The minimal logger the realtime layer writes to (pino's shape). */
export interface RealtimeLogger {
  debug(object: object, message?: string): void;
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}
