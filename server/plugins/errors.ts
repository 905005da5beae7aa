import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { HttpError } from "../lib/errors.ts";

/** Fastify's own 4xx codes whose messages are safe and useful to show. */
const statusMessages: Record<number, string> = {
  400: "The request is not valid.",
  401: "Authentication required.",
  403: "You do not have permission to do that.",
  404: "Not found.",
  405: "Method not allowed.",
  406: "Not acceptable.",
  413: "The request is too large.",
  415: "Unsupported content type.",
  429: "Too many requests. Please wait and try again.",
};

/**
 * PostgreSQL errors that only bad input causes: data exceptions (a text it cannot store: NUL,
 * invalid UTF-8; a value too long; a number out of range; text that is not a number or a date)
 * and 54000 (a value too big for an index entry). Validation refuses these first; this is the
 * second line, so they answer 400, never 500.
 */
const inputDatabaseErrors = new Set(["22001", "22003", "22007", "22008", "22021", "22025", "22P02", "22P05", "54000"]);

/** Is this (possibly wrapped: drizzle keeps the driver's error as `cause`) a database error bad input caused? */
function isInputDatabaseError(error: unknown): boolean {
  let e = error;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && inputDatabaseErrors.has(code)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Turns every error into `{message}` (plus `errors` for invalid input) and never leaks 5xx details;
 * a 5xx answer also names its `requestId`, the key to its log lines.
 */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if (error instanceof HttpError) {
        if (error.extra?.headers) reply.headers(error.extra.headers);
        const body: { message: string; errors?: Record<string, string> } = { message: error.message };
        if (error.extra?.errors) body.errors = error.extra.errors;
        return reply.status(error.statusCode).send(body);
      }

      if (hasZodFastifySchemaValidationErrors(error)) {
        const errors: Record<string, string> = {};
        for (const issue of error.validation) {
          const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".") || "body";
          errors[field] ??= issue.message ?? "Invalid value.";
        }
        return reply.status(400).send({ message: "Some fields are not valid.", errors });
      }

      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        if (status === 429 && error.message) return reply.status(429).send({ message: error.message });
        const message =
          error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
            ? "Unsupported content type."
            : error.code === "FST_ERR_CTP_BODY_TOO_LARGE" || error.code === "FST_REQ_FILE_TOO_LARGE"
              ? "The request is too large."
              : error.code?.startsWith("FST_ERR_CTP") || error.code === "FST_ERR_VALIDATION"
                ? "The request body is not valid."
                : (statusMessages[status] ?? "The request is not valid.");
        return reply.status(status).send({ message });
      }

      if (isInputDatabaseError(error)) {
        request.log.warn({ err: error }, "input refused by the database");
        return reply.status(400).send({ message: "Some of the values sent cannot be stored." });
      }

      request.log.error({ err: error }, "request failed");
      return reply.status(500).send({ message: "Something went wrong on our side. Please try again." });
    });

    // A 5xx `{message}` also names its request (`requestId`, as in x-request-id and on every log
    // line of it), whoever wrote it: this handler, or a module answering in the app's JSON itself
    // (resumable uploads). Whoever reports the failure can quote it; the log has the details.
    app.addHook("onSend", (request, reply, payload, done) => {
      if (reply.statusCode < 500 || typeof payload !== "string") return done(null, payload);
      if (!String(reply.getHeader("content-type") ?? "").startsWith("application/json")) return done(null, payload);
      let body: unknown;
      try {
        body = JSON.parse(payload);
      } catch {
        return done(null, payload);
      }
      if (typeof body !== "object" || body === null || Array.isArray(body)) return done(null, payload);
      if (typeof (body as { message?: unknown }).message !== "string" || "requestId" in body)
        return done(null, payload);
      done(null, JSON.stringify({ ...body, requestId: request.id }));
    });
  },
  { name: "errors" },
);
