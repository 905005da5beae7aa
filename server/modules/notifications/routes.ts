import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  markedReadSchema,
  markNotificationsReadSchema,
  notificationListSchema,
  notificationQuerySchema,
} from "../../../shared/notifications.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { currentUser } from "../../plugins/auth.ts";
import { notificationStore } from "./store.ts";

/**
 * The bell (DESIGN §15): a person's notifications and marking them read. Any signed-in staff
 * member, only their own. Made by the modules through `app.notifications`. Registered under /api.
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = notificationStore(app.db);
  const tags = ["notifications"];

  app.get(
    "/notifications",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "My notifications, newest first, with how many are unread",
        description:
          "`unread=true`: only the unread ones. `before`: older than that id (the next page). " +
          "Live copies arrive on STOMP /user/queue/notifications.",
        querystring: notificationQuerySchema,
        response: { 200: notificationListSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      const { unread, before, limit } = request.query;
      const [content, unreadCount] = await Promise.all([
        store.list(id, { unreadOnly: unread === "true", before, limit }),
        store.unreadCount(id),
      ]);
      return { content, unreadCount };
    },
  );

  app.post(
    "/notifications/read",
    {
      config: { access: "staff" },
      schema: {
        tags,
        summary: "Mark some of my notifications read (`{ids}`), or all of them (`{all: true}`)",
        description: "Ids that are not mine, or already read, are passed over.",
        body: markNotificationsReadSchema,
        response: { 200: markedReadSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      const marked = await store.markRead(id, request.body, new Date());
      return { marked, unreadCount: await store.unreadCount(id) };
    },
  );
};
