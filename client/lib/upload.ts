// Public pages use this too: nothing from client/features (the session store, staff code) may be imported here.
import { HttpError } from "./http-error.ts";

export interface UploadOptions<T = unknown> {
  /** Called with 0–100 as the body goes up (only when the browser knows the total), then 100 on success. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
  /** Sent with the request, e.g. the bearer token. */
  headers?: Record<string, string>;
  /** Send cookies (the staff refresh cookie); public forms are anonymous. */
  withCredentials?: boolean;
  /** Called on a 401 answer, before the promise rejects (staff log out). */
  onUnauthorized?: () => void;
  /** Checks the success answer; if it throws, the upload fails with "The upload answer was not understood.". */
  parse?: (data: unknown) => T;
}

/** Bytes sent as a whole percent, 0–100. */
export function uploadPercent(loaded: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((loaded / total) * 100)));
}

const abortError = () => new DOMException("Upload cancelled", "AbortError");

/** The JSON of an answer's text, or undefined when it is empty or not JSON. */
export function parseJson(text: string | undefined): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The string-valued entries of the server's `errors`, or undefined when it sent none. */
export function fieldErrors(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== "object" || Array.isArray(value)) return undefined;
  const errors: Record<string, string> = {};
  for (const [field, message] of Object.entries(value)) if (typeof message === "string") errors[field] = message;
  return errors;
}

/**
 * POSTs `body` with XMLHttpRequest, because fetch cannot report upload progress. Resolves the
 * answer's JSON (through `parse` when given); rejects with an HttpError, or with an AbortError
 * DOMException when `signal` aborts.
 */
export function uploadWithProgress<T = unknown>(
  url: string,
  body: XMLHttpRequestBodyInit,
  { onProgress, signal, headers, withCredentials = false, onUnauthorized, parse }: UploadOptions<T> = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError());
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const settle = (finish: () => void) => {
      signal?.removeEventListener("abort", onAbort);
      finish();
    };

    xhr.open("POST", url);
    xhr.withCredentials = withCredentials;
    xhr.setRequestHeader("accept", "application/json");
    for (const [name, value] of Object.entries(headers ?? {})) xhr.setRequestHeader(name, value);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(uploadPercent(event.loaded, event.total));
    };
    xhr.onload = () => {
      const data = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        let result: T;
        try {
          result = parse ? parse(data) : (data as T);
        } catch {
          settle(() => reject(new HttpError(xhr.status, "The upload answer was not understood.")));
          return;
        }
        onProgress?.(100);
        settle(() => resolve(result));
        return;
      }
      const payload = (data ?? {}) as { message?: unknown; errors?: unknown };
      const serverMessage = typeof payload.message === "string" ? payload.message : undefined;
      if (xhr.status === 401) onUnauthorized?.();
      settle(() =>
        reject(
          new HttpError(
            xhr.status,
            serverMessage ?? `Upload failed (${xhr.status})`,
            serverMessage,
            fieldErrors(payload.errors),
          ),
        ),
      );
    };
    xhr.onerror = () => settle(() => reject(new HttpError(0, "Network error")));
    xhr.onabort = () => settle(() => reject(abortError()));
    signal?.addEventListener("abort", onAbort, { once: true });
    xhr.send(body);
  });
}
