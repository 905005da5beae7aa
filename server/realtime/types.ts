import type { AccountKind } from "../../shared/roles.ts";
import type { TopicDestination } from "./destinations.ts";

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
  /** Tells this session on its errors queue (the frame still succeeds). */
  sendError(message: string): void;
}

/**
 * Handles SENDs to one `/app/…` destination. The RECEIPT the client asked for goes out once the
 * returned promise resolves (so: after the message is stored). Throw a `RealtimeRefusal` (or an
 * HttpError with a 4xx status) to refuse: its message goes to the sender's errors queue and the
 * connection stays. Any other error is logged and reported to the sender as a generic failure.
 */
export type SendHandler = (context: SendContext) => unknown;

/**
 * Decides whether a user may subscribe to a topic. Consulted for every `/topic/…` SUBSCRIBE; the
 * default allows `/topic/user-status` and refuses groups. Throw a `RealtimeRefusal` to explain.
 */
export type SubscribeAuthorizer = (user: RealtimeUser, topic: TopicDestination) => boolean | Promise<boolean>;

/** A refusal of an ordinary action: its message is shown to the user on the errors queue; the connection stays. */
export class RealtimeRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RealtimeRefusal";
  }
}

/** The minimal logger the realtime layer writes to (pino's shape). */
export interface RealtimeLogger {
  debug(object: object, message?: string): void;
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}
