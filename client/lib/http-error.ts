/**
 * A refused or failed HTTP call, whichever way it was made (fetch, XMLHttpRequest, tus): `status`
 * is 0 when there was no answer; `serverMessage` and `errors` (field → message) are those of the
 * server's JSON `{message, errors}`, when it sent them.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly serverMessage?: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/** An answer's body as JSON; undefined when it is empty or not JSON (a proxy's HTML error page). */
export function parseAnswer(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The HttpError for a refused answer whose body was `body`: the server's message and field errors, when it sent them. */
export function refusedAnswer(status: number, body: unknown, fallback = `Request failed (${status})`): HttpError {
  const payload = (typeof body === "object" && body !== null ? body : {}) as { message?: unknown; errors?: unknown };
  const serverMessage = typeof payload.message === "string" ? payload.message : undefined;
  const errors =
    typeof payload.errors === "object" && payload.errors !== null
      ? (payload.errors as Record<string, string>)
      : undefined;
  return new HttpError(status, serverMessage ?? fallback, serverMessage, errors);
}

/** The server's `{message}` when it sent one, else the fallback text. */
export function messageFrom(error: unknown, fallback: string): string {
  return error instanceof HttpError && error.serverMessage ? error.serverMessage : fallback;
}

/** Field errors from a 400 answer (`errors: {field: text}`), or an empty object. */
export function fieldErrorsFrom(error: unknown): Record<string, string> {
  return error instanceof HttpError && error.errors ? error.errors : {};
}
