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
