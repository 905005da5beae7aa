import { desc } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { newsletterSubscribedSchema, newsletterSubscribeSchema } from "../../../shared/public-forms.ts";
import type { Db } from "../../db/client.ts";
import { newsletterSubscribers } from "../../db/schema.ts";
import { toCsv } from "../../lib/csv.ts";
import { sendCsv } from "../../lib/downloads.ts";
import { rateLimit } from "../../lib/rate-limit.ts";
import { errorResponses } from "../../lib/schemas.ts";

export const newsletterRateLimit = { max: 10, timeWindowMs: 10 * 60 * 1000 };
export const subscribedMessage = "Thanks, you are subscribed.";

/** Newsletter addresses: stored once whatever their letter case. */
export function newsletterRepository(db: Db) {
  return {
    /** True when the address was new. */
    async subscribe(email: string): Promise<boolean> {
      const inserted = await db
        .insert(newsletterSubscribers)
        .values({ email })
        .onConflictDoNothing()
        .returning({ id: newsletterSubscribers.id });
      return inserted.length > 0;
    },
    list: () =>
      db
        .select({ email: newsletterSubscribers.email, subscribedAt: newsletterSubscribers.createdAt })
        .from(newsletterSubscribers)
        .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id)),
  };
}

/** The footer's newsletter form (DESIGN §9) and the admins' export of it. Registered under /api. */
export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  const newsletter = newsletterRepository(app.db);

  app.post(
    "/newsletter/subscribe",
    {
      config: { access: "public", rateLimit: rateLimit(newsletterRateLimit, "sign-ups") },
      bodyLimit: 4 * 1024,
      schema: {
        tags: ["public forms"],
        summary: "Subscribe an address to the newsletter (stored once, whatever its case)",
        description: "Answers the same whether or not the address was already subscribed.",
        body: newsletterSubscribeSchema,
        response: { 200: newsletterSubscribedSchema, ...errorResponses(400, 413, 415, 429) },
      },
    },
    async (request) => {
      await newsletter.subscribe(request.body.email);
      return { message: subscribedMessage };
    },
  );

  app.get(
    "/newsletter/export.csv",
    {
      config: { access: "admin" },
      schema: {
        tags: ["newsletter (admin)"],
        summary: "Newsletter subscribers as CSV, newest first",
        response: { 200: z.string().describe("text/csv"), ...errorResponses(401, 403) },
      },
    },
    async (_request, reply) =>
      sendCsv(
        reply,
        "newsletter-subscribers",
        toCsv(
          [
            { header: "email", value: (row: { email: string; subscribedAt: Date }) => row.email },
            { header: "subscribedAt", value: (row) => row.subscribedAt.toISOString() },
          ],
          await newsletter.list(),
        ),
      ),
  );
};
