import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { FastifyHttpOptions, FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

/** How long the server waits for a client (DESIGN §14: requests that stall are cut). */
export interface TimeoutSettings {
  /** A connection with no traffic at all this long is closed, between requests too. */
  idleMs: number;
  /** A request's headers must all have arrived within this. */
  headersMs: number;
  /** A request body must average at least this many bytes a second over every `bodyWindowMs`. */
  minBodyBytesPerSecond: number;
  bodyWindowMs: number;
}

export const DEFAULT_TIMEOUTS: Readonly<TimeoutSettings> = Object.freeze({
  idleMs: 30_000,
  headersMs: 30_000,
  minBodyBytesPerSecond: 1024,
  bodyWindowMs: 30_000,
});

/**
 * Fastify's and Node's own limits: idle sockets (keep-alive ones included) and slow headers.
 * No limit on a whole request, so a large upload goes on for as long as its bytes flow (the body
 * watchdog below judges those). WebSockets leave all of these at the upgrade: `ws` clears the
 * socket's timeout and Node stops tracking the connection.
 */
export function serverTimeoutOptions(settings: TimeoutSettings) {
  return {
    connectionTimeout: settings.idleMs,
    keepAliveTimeout: settings.idleMs,
    requestTimeout: 0,
    http: {
      headersTimeout: settings.headersMs,
      // How often Node looks for connections past headersTimeout (its default is 30 s).
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(settings.headersMs / 4))),
    },
  } satisfies Partial<FastifyHttpOptions<Server>>;
}

interface Watched {
  request: FastifyRequest;
  socket: Socket;
  /** socket.bytesRead at the start of the current window. */
  from: number;
  since: number;
}

const hasBody = (request: FastifyRequest) => {
  const length = request.headers["content-length"];
  return request.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
};

/**
 * The body watchdog: a request whose body brings less than `minBodyBytesPerSecond` on average
 * over a window of `bodyWindowMs` has its connection closed (a slow-body attack holds a socket
 * and a handler forever otherwise). Time the server itself is behind (bytes waiting to be read)
 * does not count against the client.
 */
export const slowBodyPlugin = fp<Pick<TimeoutSettings, "minBodyBytesPerSecond" | "bodyWindowMs">>(
  async (app: FastifyInstance, options) => {
    const watched = new Set<Watched>();
    const minBytes = (options.minBodyBytesPerSecond * options.bodyWindowMs) / 1000;
    let timer: NodeJS.Timeout | undefined;

    const check = () => {
      const now = Date.now();
      for (const entry of watched) {
        const { request, socket } = entry;
        if (request.raw.complete || socket.destroyed) {
          watched.delete(entry);
          continue;
        }
        if (request.raw.readableLength > 0) {
          entry.from = socket.bytesRead;
          entry.since = now;
          continue;
        }
        if (now - entry.since < options.bodyWindowMs) continue;
        if (socket.bytesRead - entry.from < minBytes) {
          watched.delete(entry);
          request.log.info(
            { bytes: socket.bytesRead - entry.from, windowMs: options.bodyWindowMs },
            "request body too slow: connection closed",
          );
          socket.destroy();
          continue;
        }
        entry.from = socket.bytesRead;
        entry.since = now;
      }
      if (watched.size === 0) {
        clearInterval(timer);
        timer = undefined;
      }
    };

    app.addHook("onRequest", async (request) => {
      const socket = request.raw.socket;
      // Injected requests (tests) have no real socket to count bytes on.
      if (!hasBody(request) || typeof socket?.bytesRead !== "number") return;
      watched.add({ request, socket, from: socket.bytesRead, since: Date.now() });
      if (!timer) {
        timer = setInterval(check, Math.min(1_000, Math.max(50, options.bodyWindowMs / 10)));
        timer.unref();
      }
    });
    app.addHook("onClose", async () => {
      clearInterval(timer);
      watched.clear();
    });
  },
  { name: "slow-body" },
);
