import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type PresenceStatus, presenceReportSchema, realtimeDestinations } from "../../../shared/realtime.ts";
import { channels } from "../../realtime/broker/broker.ts";
import { RealtimeRefusal } from "../../realtime/types.ts";
import { PresenceTracker } from "./tracker.ts";

export interface Presence {
  /** Each user's overall status over every instance (OFFLINE when unknown), keyed by the usernames as given. */
  getStatuses(usernames: readonly string[]): Promise<Map<string, PresenceStatus>>;
}

declare module "fastify" {
  interface FastifyInstance {
    presence: Presence;
  }
}

const invalidReport = 'Presence must be {"status":"ONLINE"} or {"status":"ACTIVE"}.';

/**
 * Presence (DESIGN §7): ONLINE while any session of a user has its page visible, ACTIVE while all
 * are hidden or idle, OFFLINE when the last one ends, over every instance. A feature of the
 * transport like any other: a session's opening and end, its reports on `/app/presence`, and the
 * `/topic/user-status` topic, which any signed-in user may follow. The broker keeps the state
 * across instances and publishes each change once.
 */
export const presenceModule = fp(
  async (app: FastifyInstance) => {
    const log = app.log.child({ module: "presence" });
    const { broker } = app.realtime;
    const tracker = new PresenceTracker(
      (username, state) => broker.setPresence(username, state),
      (error) => log.warn({ err: error }, "presence update failed"),
    );

    app.realtime.register({
      name: "presence",
      sends: {
        [realtimeDestinations.presence]: ({ user, sessionId, body }) => {
          const report = presenceReportSchema.safeParse(body);
          if (!report.success) throw new RealtimeRefusal(invalidReport);
          tracker.set(user.username, sessionId, report.data.status);
        },
      },
      topics: [
        {
          destination: realtimeDestinations.userStatus,
          channel: () => channels.userStatus,
          authorize: () => true,
        },
      ],
      // A new session counts as visible until its page says otherwise.
      opened: (session) => tracker.set(session.user.username, session.id, "ONLINE"),
      closed: (session) => tracker.remove(session.user.username, session.id),
      settle: () => tracker.flush(),
    });

    app.decorate("presence", { getStatuses: (usernames) => broker.getStatuses(usernames) } satisfies Presence);
  },
  { name: "presence", dependencies: ["realtime"] },
);
