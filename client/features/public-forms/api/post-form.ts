import { HttpError } from "~/lib/http-error";
import { uploadWithProgress } from "~/lib/upload";

/** A refused or failed submission: `errors` are the server's field messages of a 400/413/415 answer. */
export class SubmitError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
    this.name = "SubmitError";
  }
}

export interface PostFormOptions {
  /** 0–100 as the body goes up (only called when the browser can tell). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** POSTs a public form as multipart with upload progress. No credentials: these forms are anonymous. */
export function postForm<T>(url: string, body: FormData, { onProgress, signal }: PostFormOptions = {}): Promise<T> {
  return uploadWithProgress<T>(url, body, { onProgress, signal }).catch((error: unknown) => {
    if (!(error instanceof HttpError)) throw error;
    if (error.status === 0) throw new SubmitError(0, error.message);
    throw new SubmitError(error.status, error.serverMessage ?? `Request failed (${error.status})`, error.errors);
  });
}
