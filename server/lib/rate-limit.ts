import type { FastifyRequest } from "fastify";
import { tooManyRequests } from "./errors.ts";

/** A per-address limit whose 429 says, in words, when to try again. */
export const rateLimit = (rule: { max: number; timeWindowMs: number }, what: string) => ({
  max: rule.max,
  timeWindow: rule.timeWindowMs,
  errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) => {
    const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
    const minutes = Math.ceil(seconds / 60);
    return tooManyRequests(
      `Too many ${what} from your address. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
      seconds,
    );
  },
});
