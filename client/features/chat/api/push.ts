import { z } from "zod";
import { apiFetch } from "~/lib/api-client";
import { chatPaths } from "../../../../shared/chat.ts";

const vapidKeySchema = z.object({ publicKey: z.string().min(1) });

/** GET /api/push/vapid-public-key */
export const getVapidPublicKey = async () =>
  vapidKeySchema.parse(await apiFetch<unknown>(chatPaths.vapidPublicKey)).publicKey;

/** POST /api/push/subscribe?username=me with PushSubscription.toJSON(). */
export const savePushSubscription = (me: string, subscription: PushSubscriptionJSON) =>
  apiFetch<unknown>(chatPaths.pushSubscribe(me), { method: "POST", body: subscription });
