/** The chat's web push (DESIGN §10): a browser's subscription and what a notification carries. */
import { z } from "zod";

/**
 * The browser's PushSubscription.toJSON(). An endpoint is a serialised URL, so ASCII: that also
 * keeps it within what the database can index (2000 non-ASCII characters would not be).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string()
    .max(2000)
    .regex(/^[\x21-\x7e]*$/, "The push endpoint must be a URL written in ASCII"),
  expirationTime: z.number().nullish(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

/** What a chat message's push carries (the service worker shows it; a click opens that chat). */
export interface MessagePushPayload {
  title: string;
  body: string;
  /** The chat to open: a user's name or a group id. */
  chat: { kind: "user"; username: string } | { kind: "group"; groupId: number };
  messageId: number;
}

/** What a notification's push carries (DESIGN §15): a click opens its workspace address. */
export interface NoticePushPayload {
  title: string;
  body: string;
  /** A path of this site (a workspace address). */
  url: string;
  notificationId: number;
}

export type PushPayload = MessagePushPayload | NoticePushPayload;
