import fastifyWebsocket from "@fastify/websocket";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Broker } from "../realtime/broker/broker.ts";
import { InProcessBroker } from "../realtime/broker/memory.ts";
import { DEFAULT_KEY_PREFIX, RedisBroker } from "../realtime/broker/redis.ts";
import { type Realtime, RealtimeServer } from "../realtime/realtime.ts";
import type { SessionSettings } from "../realtime/settings.ts";
import { DEFAULT_DECODER_LIMITS } from "../realtime/stomp/decode.ts";
import { STOMP_SUBPROTOCOLS } from "../realtime/stomp/protocol.ts";
import type { Authenticate } from "../realtime/types.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The realtime transport: STOMP sessions on /ws and the broker; features (chat, presence) register on it. */
    realtime: Realtime;
  }
}

export interface RealtimePluginOptions {
  /** Which broker: Redis when a Redis URL is known (default), or in-process whatever the config says. */
  broker?: "memory" | "redis";
  /** Redis for fan-out and presence across instances. Defaults to config.redisUrl (REDIS_URL). */
  redisUrl?: string;
  /** Prefix of every Redis key and channel (default "realtime:"). */
  redisKeyPrefix?: string;
  /** The site's origin; WebSocket upgrades from other origins (bar the request's own host) get 403. Defaults to config.publicOrigin. */
  publicOrigin?: string;
  /** Presence upkeep with Redis: liveness refresh, liveness lifetime, dead-instance sweep (ms; 5 s, 15 s, 10 s). */
  presence?: { heartbeatMs?: number; instanceTtlMs?: number; janitorMs?: number };
  /** Session tuning: heart-beats, CONNECT deadline, limits (see DEFAULT_SESSION_SETTINGS). */
  session?: Partial<SessionSettings>;
  /** Token check for CONNECT; defaults to app.auth.verifyToken. */
  authenticate?: Authenticate;
}

/**
 * The realtime transport (DESIGN §7, decision 013): STOMP 1.2/1.1/1.0 over a WebSocket at GET /ws,
 * and `app.realtime`, where features (the chat, presence) register their destinations.
 * Authentication happens in the CONNECT frame, so the upgrade itself is public; its Origin is
 * checked against the site's.
 */
export const realtimePlugin = fp<RealtimePluginOptions>(
  async (app: FastifyInstance, options) => {
    const log = app.log.child({ module: "realtime" });
    const redisUrl = options.broker === "memory" ? undefined : (options.redisUrl ?? app.config.redisUrl);
    if (options.broker === "redis" && !redisUrl) throw new Error("The Redis realtime broker needs REDIS_URL");
    const publicOrigin = options.publicOrigin ?? app.config.publicOrigin;
    const reportError = (error: unknown, context: string) => log.warn({ err: error, context }, "realtime broker error");

    const broker: Broker = redisUrl
      ? await RedisBroker.connect({
          url: redisUrl,
          keyPrefix: options.redisKeyPrefix ?? `${app.config.redisKeyPrefix}${DEFAULT_KEY_PREFIX}`,
          ...options.presence,
          reportError,
        })
      : new InProcessBroker(reportError);

    const authenticate =
      options.authenticate ??
      (async (token: string) => {
        const user = await app.auth.verifyToken(token);
        return (
          user && {
            id: user.id,
            username: user.username,
            role: user.role,
            expiresAt: user.sessionExpiresAt,
            sessionId: user.sessionId,
          }
        );
      });

    const server = new RealtimeServer({ broker, authenticate, log, settings: options.session });
    try {
      await server.start();
    } catch (error) {
      await broker.close();
      throw error;
    }
    app.decorate("realtime", server as Realtime);

    // Before @fastify/websocket's own preClose (which merely closes sockets): ours lets received frames
    // finish and waits for the features' session hooks (presence withdrawn) before the broker closes.
    app.addHook("preClose", async () => server.close());
    app.addHook("onClose", async () => broker.close());

    const limits = { ...DEFAULT_DECODER_LIMITS, ...options.session?.decoderLimits };
    await app.register(fastifyWebsocket, {
      options: {
        // One WebSocket message never needs more than one whole frame (frames may also span messages).
        maxPayload: limits.maxHeaderBytes + limits.maxBodyBytes + 1024,
        handleProtocols: (offered: Set<string>) =>
          STOMP_SUBPROTOCOLS.find((protocol) => offered.has(protocol)) ?? false,
        perMessageDeflate: false,
      },
      // ws has already started closing (e.g. 1009 for an oversized message): let the close frame out, then make sure.
      errorHandler: (error, socket, request) => {
        request.log.debug({ err: error }, "websocket error");
        if (socket.readyState === socket.OPEN) socket.close(1011);
        setTimeout(() => socket.terminate(), 2_000).unref();
      },
    });

    const checkOrigin = async (request: FastifyRequest, reply: FastifyReply) => {
      if (!originAllowed(request.headers.origin, request.host, publicOrigin)) {
        return reply.code(403).send({ message: "This origin may not open the chat connection." });
      }
    };
    app.get(
      "/ws",
      { websocket: true, config: { access: "public" }, onRequest: checkOrigin, schema: { hide: true } },
      (socket) => server.handleConnection(socket),
    );
  },
  { name: "realtime", dependencies: ["database"] },
);

/** Browsers always send Origin on a WebSocket upgrade: it must be the site's. Other clients send none. */
export function originAllowed(origin: string | undefined, host: string, publicOrigin: string | undefined): boolean {
  if (origin === undefined) return true;
  if (publicOrigin !== undefined && origin === publicOrigin) return true;
  try {
    return new URL(origin).host.toLowerCase() === host.toLowerCase();
  } catch {
    return false;
  }
}
