import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import pg from "pg";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { addressMatcher } from "../lib/address-list.ts";
import { bearerSecret } from "../lib/bearer-secret.ts";

/** What the modules count, without knowing how metrics are kept (the chat never imports prom-client). */
export interface AppMetrics {
  /** Chat messages this instance wrote to the database. */
  chatMessagesStored(count: number): void;
  /** Chat messages this instance handed to the realtime layer for every recipient, once stored. */
  chatMessagesDelivered(count: number): void;
}

declare module "fastify" {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

export const METRICS_PATH = "/metrics";

/** What a client outside METRICS_ALLOW and without METRICS_TOKEN is told. */
export const metricsRefusal = "Metrics are not available to this client.";

let processRegistry: Registry | undefined;

/**
 * The process's own metrics (event-loop lag, heap, GC, CPU, handles): one set per process however
 * many apps it builds (tests build dozens), since prom-client's collectors watch the process and
 * cannot be stopped.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** Requests that carry a file's bytes: a resumable upload's creation or PATCH, or any multipart form. */
function isUpload(request: FastifyRequest): boolean {
  if (request.method !== "POST" && request.method !== "PATCH" && request.method !== "PUT") return false;
  if (request.url.startsWith("/api/uploads")) return true;
  return String(request.headers["content-type"] ?? "").startsWith("multipart/form-data");
}

/**
 * Prometheus metrics (DESIGN §13) at GET /metrics, for clients in METRICS_ALLOW (default
 * loopback) or with METRICS_TOKEN as a bearer token; `app.metrics` for what modules count.
 * Register it before the routes: its hooks time every request registered after it.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();

    const duration = new Histogram({
      name: "http_request_duration_seconds",
      help: "HTTP requests by route pattern, method and status: time from arrival to the last byte sent",
      labelNames: ["route", "method", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    });
    app.addHook("onResponse", (request, reply, done) => {
      // The route's pattern, never the URL: a label per share token or id would grow without end.
      const route = request.routeOptions.url ?? "unmatched";
      duration.observe({ route, method: request.method, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
      done();
    });

    let uploadsInFlight = 0;
    new Gauge({
      name: "uploads_in_flight",
      help: "Requests carrying a file (resumable upload creations and PATCHes, multipart forms) in progress",
      registers: [registry],
      collect() {
        this.set(uploadsInFlight);
      },
    });
    app.addHook("onRequest", (request, reply, done) => {
      if (isUpload(request)) {
        uploadsInFlight++;
        // "close" comes once whatever the end: answered, failed, or cut off by the client.
        reply.raw.once("close", () => {
          uploadsInFlight--;
        });
      }
      done();
    });

    new Gauge({
      name: "stomp_sessions",
      help: "Authenticated STOMP sessions on this instance",
      registers: [registry],
      collect() {
        this.set(app.hasDecorator("realtime") ? app.realtime.localSessionCount() : 0);
      },
    });

    let droppedSeen = 0;
    new Counter({
      name: "stomp_frames_dropped_total",
      help: "STOMP frames dropped for being over their destination's per-session send limit (DESIGN §10: read and typing)",
      registers: [registry],
      collect() {
        const dropped = app.hasDecorator("realtime") ? app.realtime.droppedFrames() : 0;
        if (dropped > droppedSeen) this.inc(dropped - droppedSeen);
        droppedSeen = dropped;
      },
    });

    const stored = new Counter({
      name: "chat_messages_stored_total",
      help: "Chat messages this instance stored",
      registers: [registry],
    });
    const delivered = new Counter({
      name: "chat_messages_delivered_total",
      help: "Chat messages this instance stored and then handed to the realtime broker for every recipient",
      registers: [registry],
    });
    app.decorate("metrics", {
      chatMessagesStored: (count) => stored.inc(count),
      chatMessagesDelivered: (count) => delivered.inc(count),
    } satisfies AppMetrics);

    // node-postgres only (drizzle keeps the driver's client as $client): PGlite is one in-process
    // connection, with no pool to watch.
    const pool = (app.db as unknown as { $client?: unknown }).$client;
    if (pool instanceof pg.Pool) {
      const poolGauge = (name: string, help: string, read: (pool: pg.Pool) => number) =>
        new Gauge({
          name,
          help,
          registers: [registry],
          collect() {
            this.set(read(pool));
          },
        });
      poolGauge("db_pool_connections", "PostgreSQL connections the pool holds", (p) => p.totalCount);
      poolGauge("db_pool_idle_connections", "PostgreSQL connections in the pool not in use", (p) => p.idleCount);
      poolGauge("db_pool_waiting_clients", "Queries waiting for a PostgreSQL connection", (p) => p.waitingCount);
      poolGauge("db_pool_max_connections", "The pool's size limit", (p) => p.options.max);
    }

    const { allow, token } = app.config.metrics;
    const allowed = addressMatcher(allow);
    const tokenSecret = token === undefined ? undefined : bearerSecret(token);
    const behindUntrustedProxy = (request: FastifyRequest) =>
      app.config.trustProxy === false &&
      (request.headers["x-forwarded-for"] !== undefined || request.headers.forwarded !== undefined);
    const mayRead = (request: FastifyRequest) => {
      if (tokenSecret?.matches(request.headers.authorization)) return true;
      // Through a proxy not trusted (TRUST_PROXY unset), every client has the proxy's address, often
      // 127.0.0.1: a request that says it was forwarded is not judged by its address at all.
      return !behindUntrustedProxy(request) && allowed(request.ip);
    };

    app.get(
      METRICS_PATH,
      // Not part of the REST API (Prometheus text), so not in its OpenAPI document; guarded here, not by a login.
      { config: { access: "public" }, schema: { hide: true } },
      async (request, reply) => {
        // 403 rather than 404: an operator whose scraper is refused sees why at once.
        if (!mayRead(request)) return reply.status(403).send({ message: metricsRefusal });
        const text = (await processMetrics().metrics()) + (await registry.metrics());
        return reply.header("cache-control", "no-store").type(registry.contentType).send(text);
      },
    );
  },
  { name: "metrics", dependencies: ["database"] },
);
