import { and, eq, inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type Notification, type NotificationKind, notificationLimits } from "../../shared/notifications.ts";
import type { Db } from "../db/client.ts";
import { notifications, users } from "../db/schema.ts";

/** What one notice says; who gets it is said beside it. */
export interface Notice {
  kind: NotificationKind;
  title: string;
  /** A workspace address (DESIGN §15): a path of this site. */
  url: string;
  /** Made at most once per recipient and key, however often its cause is seen (a follow-up coming due). */
  onceKey?: string;
}

/** Who a notice is for: account ids, or every active admin. */
export type Recipients = readonly number[] | "admins";

/** Writes notices inside a change's transaction; they go out live once the change has committed. */
export interface NoticeWriter {
  add(tx: Db, recipients: Recipients, notice: Notice): Promise<void>;
}

interface Stored {
  recipientId: number;
  username: string;
  notification: Notification;
}

export const toNotification = (row: typeof notifications.$inferSelect): Notification => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  url: row.url,
  at: row.at.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

/** One line, cut to the stored length: titles quote what people typed. */
const titleOf = (title: string) => {
  const line = title.replace(/\s+/g, " ").trim();
  return line.length > notificationLimits.title ? `${line.slice(0, notificationLimits.title - 1)}…` : line;
};

/**
 * The one writer of notifications (DESIGN §15). A notice is stored for each recipient that is an
 * active account, then published to each on `/user/queue/notifications` (every instance, through
 * the realtime broker). Stored in the change's transaction (`afterCommit`) when the change must not
 * be acknowledged without it; on its own (`notify`) when it follows something already stored.
 */
/** Told of each notification once stored and published (the chat's web push listens). */
export type StoredListener = (stored: { recipientId: number; username: string; notification: Notification }) => void;

export class Notifier {
  private readonly listeners: StoredListener[] = [];

  constructor(
    private readonly db: Db,
    private readonly app: FastifyInstance,
  ) {}

  /** Runs `work` with a writer; what it added goes out live once `work` has resolved (committed). */
  async afterCommit<T>(work: (notices: NoticeWriter) => Promise<T>): Promise<T> {
    const pending: Stored[] = [];
    const result = await work({
      add: async (tx, recipients, notice) => {
        pending.push(...(await this.store(tx, recipients, notice)));
      },
    });
    this.publish(pending);
    return result;
  }

  /**
   * Stores and publishes a notice on its own; how many people it was made for (0 for a once-key
   * already used). Never throws: a failure is logged (what caused it is stored already).
   */
  async notify(recipients: Recipients, notice: Notice): Promise<number> {
    try {
      const stored = await this.store(this.db, recipients, notice);
      this.publish(stored);
      return stored.length;
    } catch (error) {
      this.app.log.error({ err: error, kind: notice.kind }, "notification not stored");
      return 0;
    }
  }

  private async store(tx: Db, recipients: Recipients, notice: Notice): Promise<Stored[]> {
    if (recipients !== "admins" && recipients.length === 0) return [];
    const people = await tx
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(
        and(
          eq(users.status, "active"),
          recipients === "admins" ? eq(users.kind, "admin") : inArray(users.id, [...new Set(recipients)]),
        ),
      );
    if (people.length === 0) return [];
    const rows = await tx
      .insert(notifications)
      .values(
        people.map((person) => ({
          recipientId: person.id,
          kind: notice.kind,
          title: titleOf(notice.title),
          url: notice.url,
          onceKey: notice.onceKey ?? null,
        })),
      )
      .onConflictDoNothing()
      .returning();
    const usernames = new Map(people.map((person) => [person.id, person.username]));
    return rows.map((row) => ({
      recipientId: row.recipientId,
      username: usernames.get(row.recipientId)!,
      notification: toNotification(row),
    }));
  }

  /** Adds a listener told of every notification once it is stored (after the change's commit). */
  onStored(listener: StoredListener): void {
    this.listeners.push(listener);
  }

  private publish(stored: Stored[]): void {
    for (const listener of this.listeners) {
      for (const row of stored) {
        try {
          listener(row);
        } catch (error) {
          this.app.log.warn({ err: error, id: row.notification.id }, "notification listener failed");
        }
      }
    }
  }
}

declare module "fastify" {
  interface FastifyInstance {
    notifications: Notifier;
  }
}

/** Decorates `app.notifications`: registered after the database, before the modules that notify. */
export const notificationsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate("notifications", new Notifier(app.db, app));
  },
  { name: "notifications", dependencies: ["database"] },
);
