import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** An id a proxy in front may pass on (nginx's `$request_id` is 32 hex digits): short, and nothing a log line could be forged with. */
const passedOnId = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's `genReqId`: every request's id, on each of its log lines (`reqId`) and in its answer's
 * `x-request-id`. Random, so ids stay unique over several instances and restarts (Fastify's own
 * are a per-process counter); an `X-Request-Id` from a proxy in front is kept when it is safe, so
 * the balancer's log and ours name a request alike.
 */
export function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers["x-request-id"];
  return typeof incoming === "string" && passedOnId.test(incoming) ? incoming : randomUUID();
}

/**
 * Every answer carries its request's id in `x-request-id`: set on the raw response, so that answers
 * written past Fastify's reply carry it too. (A malformed URL is answered before any hook: see
 * answerBadUrl in app.ts.)
 */
export const requestIdsPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook("onRequest", (request, reply, done) => {
      reply.raw.setHeader("x-request-id", request.id);
      done();
    });
  },
  { name: "request-ids" },
);
