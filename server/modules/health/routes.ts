import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

const readinessSchema = z.object({
  status: z.enum(["ok", "unavailable", "shutting down"]),
  checks: z.object({
    database: z.string().describe("ok, or what went wrong"),
    redis: z.string().describe("ok, not configured (no REDIS_URL), or what went wrong"),
    storage: z.string().describe("ok, or what went wrong"),
  }),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/health",
    {
      config: { access: "public" },
      schema: {
        tags: ["platform"],
        summary: "Liveness: 200 once the database answers, 503 otherwise",
        response: { 200: z.object({ status: z.literal("ok") }), 503: z.object({ status: z.literal("unavailable") }) },
      },
    },
    async (_request, reply) => {
      try {
        await app.database.ping();
        return { status: "ok" as const };
      } catch {
        return reply.status(503).send({ status: "unavailable" as const });
      }
    },
  );

  // DESIGN §13: what a load balancer asks before sending an instance traffic.
  app.get(
    "/health/ready",
    {
      config: { access: "public" },
      schema: {
        tags: ["platform"],
        summary:
          "Readiness: 200 while the database, Redis (if set) and the file store answer, each within 2 s; " +
          "503 otherwise, and at once while the instance shuts down",
        response: { 200: readinessSchema, 503: readinessSchema },
      },
    },
    async (_request, reply) => {
      const report = await app.readiness.check();
      // Never from a cache: a balancer must see this instance as it is now.
      reply.header("cache-control", "no-store");
      return reply.status(report.status === "ok" ? 200 : 503).send(report);
    },
  );
};
