import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** How long a close waits for connections still busy before it cuts them (inside serve's 10 s budget). */
export const CLOSE_GRACE_MS = 7_000;

/**
 * What a graceful close does with the connections Fastify and Node would leave open, each of which
 * held a rolling restart behind nginx past the shutdown budget (test/topology/):
 * - a keep-alive connection busy when the close began goes idle later: Node sweeps idle ones only
 *   once, so they are swept until the server has closed;
 * - a WebSocket upgrade arriving while closing gets Fastify's 503 on a socket that nobody ends
 *   (@fastify/websocket ends it in an onResponse hook, which the closing fast path skips);
 * - and whatever else is still open when the grace ends is cut: a client resumes (tus, STOMP).
 */
export const closingConnectionsPlugin = fp(
  async (app: FastifyInstance) => {
    const sockets = new Set<Socket>();
    app.server.on("connection", (socket: Socket) => {
      sockets.add(socket);
      socket.once("close", () => sockets.delete(socket));
    });

    app.addHook("preClose", async () => {
      const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
      const cut = setTimeout(() => {
        if (sockets.size > 0) app.log.warn({ connections: sockets.size }, "closing: cutting connections still open");
        for (const socket of sockets) socket.destroy();
      }, CLOSE_GRACE_MS);
      sweep.unref();
      cut.unref();
      app.server.once("close", () => {
        clearInterval(sweep);
        clearTimeout(cut);
      });
      // Registered now, so it runs after @fastify/websocket's listener (while that is still there).
      app.server.on("upgrade", (_request, socket: Duplex) => {
        if ((socket as Socket).bytesWritten === 0) {
          socket.write("HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
        }
        socket.end();
      });
    });
  },
  { name: "closing-connections" },
);
