import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** How long each dependency may take to answer before the instance counts as not ready. */
export const READINESS_TIMEOUT_MS = 2_000;

export type ReadinessStatus = "ok" | "unavailable" | "shutting down";

/** DESIGN §13: what GET /api/health/ready answers; each check is `ok` or what went wrong. */
export interface ReadinessReport {
  status: ReadinessStatus;
  checks: { database: string; redis: string; storage: string };
}

export interface Readiness {
  /** True from the moment the instance starts draining or closing: a balancer should send nothing more here. */
  readonly closing: boolean;
  /**
   * Marks the instance as leaving before the app closes (SHUTDOWN_DELAY_MS): ready answers 503 from
   * now on while every other route goes on serving, so that a balancer polling ready stops sending
   * new work here before the sockets close.
   */
  drain(): void;
  /** Asks the database, Redis (when REDIS_URL is set) and the object store, all at once; at once "shutting down" once closing. */
  check(): Promise<ReadinessReport>;
}

declare module "fastify" {
  interface FastifyInstance {
    readiness: Readiness;
  }
}

/** What a failed check says: the error's code or name (ECONNREFUSED, NoSuchBucket), never its whole text, which may name hosts. */
function failure(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  if (typeof code === "string" && /^[A-Za-z0-9_]{1,40}$/.test(code)) return `failed: ${code}`;
  const name = error instanceof Error ? error.name : undefined;
  return name && /^[A-Za-z0-9_]{1,40}$/.test(name) && name !== "Error" ? `failed: ${name}` : "failed";
}

/** Runs one check with a deadline: `ok`, or a short text (the whole error goes to `onError`). */
export async function runCheck(
  check: () => Promise<unknown>,
  timeoutMs: number,
  onError: (error: unknown) => void,
): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`timed out after ${timeoutMs} ms`), timeoutMs);
  });
  try {
    return await Promise.race([
      check().then(
        () => "ok",
        (error: unknown) => {
          onError(error);
          return failure(error);
        },
      ),
      deadline,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export interface ReadinessOptions {
  /** Each check's deadline (default READINESS_TIMEOUT_MS). */
  timeoutMs?: number;
}

/**
 * Readiness (DESIGN §13): `app.readiness.check()` asks every dependency an instance needs to serve,
 * each within a deadline, without writing anything; `closing` turns true as soon as the app starts
 * to close. Register it before the realtime plugin: its preClose hook then runs first, before the
 * sessions are drained.
 */
export const readinessPlugin = fp<ReadinessOptions>(
  async (app: FastifyInstance, options) => {
    const timeoutMs = options.timeoutMs ?? READINESS_TIMEOUT_MS;
    const log = app.log.child({ module: "readiness" });
    let closing = false;
    app.addHook("preClose", async () => {
      closing = true;
    });

    const checks: Record<keyof ReadinessReport["checks"], () => Promise<unknown>> = {
      database: () => app.database.ping(),
      // The realtime broker's own command connection: what the chat across instances relies on.
      redis: () => app.realtime.broker.ping(),
      // A listing under a namespace nothing uses: one request that the store must authorise and
      // answer (a missing bucket fails it, where a HEAD of a missing key would not), and no write.
      storage: async () => {
        for await (const _ of app.storage.objects.list("readiness-check/")) break;
      },
    };
    // Asked at each check: the realtime plugin (which may be given a Redis of its own) comes after this one.
    const usesRedis = () =>
      app.config.redisUrl !== undefined || (app.hasDecorator("realtime") && app.realtime.broker.kind === "redis");

    app.decorate("readiness", {
      get closing() {
        return closing;
      },
      drain() {
        if (!closing) log.info("draining: ready answers 503 until the instance closes");
        closing = true;
      },
      async check(): Promise<ReadinessReport> {
        if (closing) {
          const skipped = "not checked: shutting down";
          return { status: "shutting down", checks: { database: skipped, redis: skipped, storage: skipped } };
        }
        const [database, redis, storage] = await Promise.all(
          (["database", "redis", "storage"] as const).map((name) =>
            name === "redis" && !usesRedis()
              ? "not configured"
              : runCheck(checks[name], timeoutMs, (error) =>
                  log.warn({ err: error, check: name }, "readiness check failed"),
                ),
          ),
        );
        const report = { database, redis, storage } as ReadinessReport["checks"];
        const ok = Object.values(report).every((result) => result === "ok" || result === "not configured");
        // A check that began before the close started still answers 503: the balancer must drain us.
        if (closing) return { status: "shutting down", checks: report };
        return { status: ok ? "ok" : "unavailable", checks: report };
      },
    } satisfies Readiness);
  },
  { name: "readiness", dependencies: ["database", "storage"] },
);
