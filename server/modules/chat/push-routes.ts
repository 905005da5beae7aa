import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { pushSubscriptionSchema } from "../../../shared/chat-push.ts";
import { badRequest, forbidden } from "../../lib/errors.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { currentUser } from "../../plugins/auth.ts";
import type { PushService } from "./push.ts";
import { isMe, onlyOwn } from "./routes.ts";
import type { PushStore } from "./store/push.ts";

/** Web push: the key the page subscribes with, and its subscriptions (SPEC §7). Registered under /api. */
export const pushRoutes = (subscriptions: PushStore, push: PushService): FastifyPluginAsyncZod => {
  return async (app) => {
    const tags = ["push"];

    app.get(
      "/push/vapid-public-key",
      {
        config: { access: "staff" },
        schema: {
          tags,
          summary: "The VAPID public key for PushManager.subscribe",
          response: { 200: z.object({ publicKey: z.string() }), ...errorResponses(401) },
        },
      },
      async () => ({ publicKey: push.publicKey }),
    );

    app.post(
      "/push/subscribe",
      {
        config: { access: "staff" },
        schema: {
          tags,
          summary: "Keep this browser's push subscription for me (https endpoints of public hosts only)",
          querystring: z.object({ username: z.string().min(1).max(64) }),
          body: pushSubscriptionSchema,
          response: { 201: z.object({ message: z.string() }), ...errorResponses(400, 401, 403) },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        if (!isMe(request.query.username, user)) throw forbidden(onlyOwn);
        const problem = push.problemWith(request.body.endpoint);
        if (problem) throw badRequest(problem, { endpoint: problem });
        await subscriptions.savePushSubscription({
          userId: user.id,
          endpoint: request.body.endpoint,
          p256dh: request.body.keys.p256dh,
          auth: request.body.keys.auth,
        });
        return reply.status(201).send({ message: "Notifications are on for this browser." });
      },
    );
  };
};
