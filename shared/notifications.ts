/**
 * DESIGN §15 notifications: what arrived for a person while they were away. Stored per recipient,
 * listed by GET /api/notifications, marked read by POST /api/notifications/read, and pushed live on
 * STOMP `/user/queue/notifications` as they are made.
 */
import { z } from "zod";

export const notificationKinds = [
  "mention",
  "assigned",
  "quoteRequest",
  "application",
  "filesReceived",
  "transmittalResponse",
  "rfiAnswered",
  "due",
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** The STOMP queue the live copies go to (`/user/queue/notifications`). */
export const notificationsQueue = "/queue/notifications";

/** How many one list answers at most, and how many ids one "mark read" takes. */
export const notificationLimits = { page: 100, defaultPage: 50, markRead: 500, title: 200 } as const;

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(notificationKinds),
  /** One line a person reads: "ana mentioned you in Site team". */
  title: z.string(),
  /** The workspace address it opens (DESIGN §15), always a path of this site. */
  url: z.string(),
  at: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  content: z.array(notificationSchema),
  /** All of the caller's unread notifications, not only those in `content`. */
  unreadCount: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationQuerySchema = z.object({
  /** `true`: only the unread ones. */
  unread: z.enum(["true", "false"]).optional(),
  /** Older than this id (the last one of the previous page). */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(notificationLimits.page).default(notificationLimits.defaultPage),
});

export const markNotificationsReadSchema = z.union([
  z.object({ ids: z.array(z.number().int().positive()).min(1).max(notificationLimits.markRead) }).strict(),
  z.object({ all: z.literal(true) }).strict(),
]);
export type MarkNotificationsRead = z.infer<typeof markNotificationsReadSchema>;

/** The answer to a "mark read": how many of the caller's were unread and now are not, and what is left. */
export const markedReadSchema = z.object({ marked: z.number().int(), unreadCount: z.number().int() });
