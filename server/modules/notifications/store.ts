import { and, count, desc, eq, inArray, isNull, lt } from "drizzle-orm";
import type { Notification } from "../../../shared/notifications.ts";
import type { Db } from "../../db/client.ts";
import { notifications } from "../../db/schema.ts";
import { toNotification } from "../../plugins/notifications.ts";

/** A person's notifications: the bell's list and what marks them read. Only ever the caller's own rows. */
export function notificationStore(db: Db) {
  const unread = (recipientId: number) => and(eq(notifications.recipientId, recipientId), isNull(notifications.readAt));

  async function unreadCount(recipientId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(notifications).where(unread(recipientId));
    return row?.n ?? 0;
  }

  return {
    unreadCount,

    /** Newest first; `before` pages on by id. */
    async list(
      recipientId: number,
      options: { unreadOnly: boolean; before?: number; limit: number },
    ): Promise<Notification[]> {
      const rows = await db
        .select()
        .from(notifications)
        .where(
          and(
            options.unreadOnly ? unread(recipientId) : eq(notifications.recipientId, recipientId),
            options.before === undefined ? undefined : lt(notifications.id, options.before),
          ),
        )
        .orderBy(desc(notifications.id))
        .limit(options.limit);
      return rows.map(toNotification);
    },

    /** Marks the given ones (another person's ids are passed over) or all; how many were unread. */
    async markRead(recipientId: number, which: { ids: readonly number[] } | { all: true }, at: Date): Promise<number> {
      const rows = await db
        .update(notifications)
        .set({ readAt: at })
        .where(and(unread(recipientId), "ids" in which ? inArray(notifications.id, [...which.ids]) : undefined))
        .returning({ id: notifications.id });
      return rows.length;
    },
  };
}
