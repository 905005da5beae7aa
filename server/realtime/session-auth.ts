import { realtimeTexts } from "../../shared/realtime.ts";
import { sameUsername } from "./destinations.ts";
import { type Frame, header } from "./stomp/frame.ts";
import { CLOSE, type ConnectVerdict } from "./stomp/protocol.ts";
import type { Authenticate, AuthenticatedUser, RealtimeLogger } from "./types.ts";

/** The bearer token of a CONNECT's Authorization header (either spelling), if it has a well-formed one. */
export function bearerToken(frame: Frame): string | undefined {
  const authorization = header(frame, "Authorization") ?? header(frame, "authorization");
  return authorization === undefined ? undefined : /^Bearer[ ]+(\S+)\s*$/i.exec(authorization)?.[1];
}

export type RefusedConnect = Extract<ConnectVerdict, { accepted: false }>;

export function refusedConnect(message: string, closeCode = CLOSE.policyViolation): RefusedConnect {
  return { accepted: false, message, closeCode };
}

/** A CONNECT's credentials checked: the user, or the verdict that refuses it. */
export type ConnectCheck =
  | { refused: RefusedConnect }
  | { refused?: undefined; user: AuthenticatedUser; token: string; startedAt: number };

/**
 * Checks a CONNECT: its bearer token, then its username header if any. `isClosing` is asked after
 * the token check, which waits on the database: the socket may have closed meanwhile.
 */
export async function checkConnect(
  frame: Frame,
  authenticate: Authenticate,
  isClosing: () => boolean,
): Promise<ConnectCheck> {
  const token = bearerToken(frame);
  if (!token)
    return { refused: refusedConnect("Authentication required: send Authorization: Bearer <token> in CONNECT") };
  const startedAt = Date.now();
  const user = await authenticate(token);
  if (isClosing() || !user) return { refused: refusedConnect(realtimeTexts.sessionEnded) };
  const claimed = header(frame, "username");
  if (claimed !== undefined && !sameUsername(claimed, user.username)) {
    return { refused: refusedConnect("The username header does not match the token") };
  }
  return { user, token, startedAt };
}

/** What checking a connected session's token again needs from it. */
export interface RevalidationHost {
  readonly sessionId: string;
  readonly log: RealtimeLogger;
  authenticate: Authenticate;
  /** How often (ms, ±25 %; 0: never). */
  readonly every: number;
  after(ms: number, run: () => void): void;
  isConnected(): boolean;
  username(): string;
  /** Ends the session, telling the client why. */
  kick(message: string): void;
  crash(error: unknown, context: string): void;
}

/**
 * Checks the session's token again in about `every` ms, and again after that while it holds, so a
 * session whose revocation was missed ends anyway.
 */
export function revalidateLater(token: string, host: RevalidationHost): void {
  if (host.every <= 0) return;
  host.after(host.every * (0.75 + Math.random() / 2), () => {
    revalidate(token, host).catch((error: unknown) => host.crash(error, "revalidating the token"));
  });
}

async function revalidate(token: string, host: RevalidationHost): Promise<void> {
  let user: AuthenticatedUser | null;
  try {
    user = await host.authenticate(token);
  } catch (error) {
    // The database may be briefly unavailable: that is no reason to drop anyone.
    host.log.warn({ err: error, session: host.sessionId }, "could not check a session's token again");
    revalidateLater(token, host);
    return;
  }
  if (!host.isConnected()) return;
  if (!user || !sameUsername(user.username, host.username())) {
    host.kick(realtimeTexts.sessionEnded);
    return;
  }
  revalidateLater(token, host);
}
