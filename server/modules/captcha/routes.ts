import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { rateLimit } from "../../lib/rate-limit.ts";
import { errorResponses } from "../../lib/schemas.ts";
import { captchaRules } from "../../plugins/captcha.ts";

export const challengeRateLimit = { max: 30, timeWindowMs: 60 * 1000 };

/** The challenge as the widget needs it: every signed parameter passed through untouched. */
const challengeSchema = z.looseObject({
  parameters: z.looseObject({ algorithm: z.string(), nonce: z.string(), salt: z.string() }),
  signature: z.string().optional(),
});

/** The public forms' proof of work (DESIGN §5): a fresh challenge. Registered under /api. */
export const captchaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/captcha/challenge",
    {
      config: { access: "public", rateLimit: rateLimit(challengeRateLimit, "captcha requests") },
      schema: {
        tags: ["public forms"],
        summary: "A new ALTCHA proof-of-work challenge for the public forms",
        description: `Signed, valid for ${captchaRules.ttlMs / 60_000} minutes, good for one submission.`,
        response: { 200: challengeSchema, ...errorResponses(429) },
      },
    },
    async (_request, reply) => {
      const challenge = await app.captcha.create();
      return reply
        .header("cache-control", "no-store")
        .send({ parameters: { ...challenge.parameters }, signature: challenge.signature });
    },
  );
};
