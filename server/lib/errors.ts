/** An error whose message is safe to show to the caller. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string,
    readonly extra?: { errors?: Record<string, string>; headers?: Record<string, string> },
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new HttpError(400, message, "BAD_REQUEST", { errors });
export const unauthorized = (message = "Authentication required.") => new HttpError(401, message, "UNAUTHORIZED");
export const forbidden = (message = "You do not have permission to do that.") =>
  new HttpError(403, message, "FORBIDDEN");
export const notFound = (message = "Not found.") => new HttpError(404, message, "NOT_FOUND");
export const conflict = (message: string) => new HttpError(409, message, "CONFLICT");
export const gone = (message: string) => new HttpError(410, message, "GONE");
export const payloadTooLarge = (message: string) => new HttpError(413, message, "PAYLOAD_TOO_LARGE");
export const unsupportedMediaType = (message: string) => new HttpError(415, message, "UNSUPPORTED_MEDIA_TYPE");
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, "TOO_MANY_REQUESTS", { headers: { "retry-after": String(retryAfterSeconds) } });
