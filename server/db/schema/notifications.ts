/** DESIGN §15 notifications: one row per recipient and thing that needs them. */
import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { notificationKinds } from "../../../shared/notifications.ts";
import { users } from "./accounts.ts";
import { sqlList, timestamptz } from "./columns.ts";

export const notifications = pgTable(
  "notifications",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    recipientId: bigint("recipient_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: notificationKinds }).notNull(),
    title: text("title").notNull(),
    url: text("url").notNull(),
    at: timestamptz("at").notNull().defaultNow(),
    readAt: timestamptz("read_at"),
    /**
     * Set for a notice that must be made once however many instances or sweeps see its cause (a
     * follow-up coming due): a second insert with the same key for the same person does nothing.
     */
    onceKey: text("once_key"),
  },
  (t) => [
    index("notifications_recipient_id_idx").on(t.recipientId, t.id),
    index("notifications_unread_idx").on(t.recipientId).where(sql`${t.readAt} is null`),
    uniqueIndex("notifications_once_idx").on(t.recipientId, t.onceKey).where(sql`${t.onceKey} is not null`),
    check("notifications_kind_check", sql`${t.kind} in (${sqlList(notificationKinds)})`),
  ],
);
