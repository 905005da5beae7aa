import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { pushSubscriptions } from "../../../db/schema.ts";

/** Web push subscriptions, one per browser endpoint. */
export function pushStore(db: Db) {
  return {
    async savePushSubscription(sub: { userId: number; endpoint: string; p256dh: string; auth: string }) {
      await db
        .insert(pushSubscriptions)
        .values(sub)
        .onConflictDoUpdate({
          target: pushSubscriptions.endpoint,
          set: { userId: sub.userId, p256dh: sub.p256dh, auth: sub.auth },
        });
    },

    async pushSubscriptionsOf(userIds: readonly number[]) {
      if (userIds.length === 0) return [];
      return db
        .select()
        .from(pushSubscriptions)
        .where(inArray(pushSubscriptions.userId, [...userIds]));
    },

    async removePushSubscription(endpoint: string) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
    },
  };
}

export type PushStore = ReturnType<typeof pushStore>;
