/**
 * How the transport reads destinations (DESIGN §7). It knows only these shapes; what lies under
 * `/topic/` and `/app/` belongs to the features that register it (features.ts).
 *
 * Subscribe:
 *   /user/queue/{queue}              a queue of the connected user (Spring's canonical form)
 *   /user/{username}/queue/{queue}   the same, naming the user; any other user's is refused
 *   /topic/...                       a registered topic route
 * Send:
 *   /app/...                         the send handler registered for that exact path
 */
export const APP_PREFIX = "/app/";
export const TOPIC_PREFIX = "/topic/";
/** The queue refusals go to (`/user/queue/errors`). */
export const ERRORS_QUEUE = "errors";

/** Queue names a user may subscribe to and be published to: short, no slashes. */
const QUEUE_NAME = /^[A-Za-z0-9._-]{1,64}$/;

/** A user-queue SUBSCRIBE destination: `owner` is the username it names, or null for `/user/queue/…`. */
export type UserQueue = { owner: string | null; queue: string };

/** The user queue a `/user/…` destination names; undefined if it is not one (or malformed). */
export function parseUserQueue(destination: string): UserQueue | undefined {
  if (!destination.startsWith("/user/")) return undefined;
  const parts = destination.slice("/user/".length).split("/");
  if (parts.length === 2 && parts[0] === "queue" && QUEUE_NAME.test(parts[1]!)) {
    return { owner: null, queue: parts[1]! };
  }
  if (parts.length === 3 && parts[0] !== "" && parts[1] === "queue" && QUEUE_NAME.test(parts[2]!)) {
    return { owner: parts[0]!, queue: parts[2]! };
  }
  return undefined;
}

/** The queue name of a publishToUser suffix (`/queue/private` → `private`), or undefined if malformed. */
export function queueOfSuffix(suffix: string): string | undefined {
  const match = /^\/queue\/([^/]+)$/.exec(suffix);
  return match && QUEUE_NAME.test(match[1]!) ? match[1] : undefined;
}

/** Usernames are unique regardless of case. */
export function sameUsername(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
