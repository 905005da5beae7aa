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

/**
 * POSTs a public form as multipart with XMLHttpRequest, which (unlike fetch) reports upload
 * progress. No credentials: these forms are anonymous.
 */
export function postForm<T>(url: string, body: FormData, { onProgress, signal }: PostFormOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve(data as T);
        return;
      }
      const payload = (data ?? {}) as { message?: unknown; errors?: unknown };
      const message = typeof payload.message === "string" ? payload.message : `Request failed (${xhr.status})`;
      const errors =
        payload.errors && typeof payload.errors === "object" ? (payload.errors as Record<string, string>) : {};
      reject(new SubmitError(xhr.status, message, errors));
    };
    xhr.onerror = () => reject(new SubmitError(0, "Network error"));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
