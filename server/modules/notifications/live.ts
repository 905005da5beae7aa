import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { notificationsQueue } from "../../../shared/notifications.ts";

/**
 * Each stored notification goes out live to its person's sessions on every instance, on STOMP
 * `/user/queue/notifications` (DESIGN §15). Registered after the transport.
 */
export const notificationsLive = fp(
  async (app: FastifyInstance) => {
    const log = app.log.child({ module: "notifications" });
    app.notifications.onStored(({ username, notification }) => {
      app.realtime.publishToUser(username, notificationsQueue, notification).catch((error: unknown) => {
        // Stored: the bell's list shows it at the next load.
        log.warn({ err: error, id: notification.id }, "notification not published live");
      });
    });
  },
  { name: "notifications-live", dependencies: ["notifications", "realtime"] },
);
