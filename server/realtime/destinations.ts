/**
 * STOMP destinations of the chat (SPEC §7, DESIGN §7) and how a SUBSCRIBE destination is read.
 *
 * Subscribe:
 *   /user/queue/{queue}              a queue of the connected user (Spring's canonical form)
 *   /user/{username}/queue/{queue}   the same, naming the user; any other user's is refused
 *   /topic/user-status               presence changes {username, status}
 *   /topic/group/{id}                messages of one group (the chat module authorizes)
 * Send:
 *   /app/...                         handled by the send handler registered for that exact path
 *   /app/presence                    built in: {"status":"ONLINE"|"ACTIVE"} for this session
 */
export const destinations = {
  userStatus: "/topic/user-status",
  group: (groupId: number) => `/topic/group/${groupId}`,
  /** Queue suffixes, for publishToUser and for `/user/queue/{…}` subscriptions. */
  privateQueue: "/queue/private",
  errorsQueue: "/queue/errors",
  /** SEND here with {"status":"ONLINE"} when the page is visible, {"status":"ACTIVE"} when hidden or idle. */
  presence: "/app/presence",
} as const;

export const ERRORS_QUEUE = "errors";
export const APP_PREFIX = "/app/";

/** Queue names a user may subscribe to and be published to: short, no slashes. */
const QUEUE_NAME = /^[A-Za-z0-9._-]{1,64}$/;
/** Group ids are database ids: positive integers, written without leading zeros so each group has one destination. */
const GROUP_ID = /^[1-9][0-9]{0,15}$/;

/** A topic a client asks to subscribe to; the subscribe authorizer decides. */
export type TopicDestination =
  | { kind: "user-status"; destination: string }
  | { kind: "group"; groupId: number; destination: string };

export type SubscribeTarget =
  /** `owner` is the username named in the destination, or null for `/user/queue/…`. */
  | { kind: "user-queue"; owner: string | null; queue: string }
  | { kind: "topic"; topic: TopicDestination }
  | { kind: "unknown" };

export function parseSubscribeDestination(destination: string): SubscribeTarget {
  if (destination.startsWith("/user/")) {
    const parts = destination.slice("/user/".length).split("/");
    if (parts.length === 2 && parts[0] === "queue" && QUEUE_NAME.test(parts[1]!)) {
      return { kind: "user-queue", owner: null, queue: parts[1]! };
    }
    if (parts.length === 3 && parts[0] !== "" && parts[1] === "queue" && QUEUE_NAME.test(parts[2]!)) {
      return { kind: "user-queue", owner: parts[0]!, queue: parts[2]! };
    }
    return { kind: "unknown" };
  }
  if (destination === destinations.userStatus) {
    return { kind: "topic", topic: { kind: "user-status", destination } };
  }
  if (destination.startsWith("/topic/group/")) {
    const id = destination.slice("/topic/group/".length);
    if (GROUP_ID.test(id) && Number.isSafeInteger(Number(id))) {
      return { kind: "topic", topic: { kind: "group", groupId: Number(id), destination } };
    }
  }
  return { kind: "unknown" };
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
