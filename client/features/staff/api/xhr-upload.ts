import { sessionStore } from "~/features/auth/lib/session-store";
import { ApiError } from "~/lib/api-client";
import { uploadPercent } from "../lib/upload.ts";

export interface XhrUploadOptions {
  /** Called with 0–100 as the request body goes up. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POSTs a multipart body with XMLHttpRequest (fetch cannot report upload progress), with the
 * bearer token like apiFetch; errors come back as ApiError, and a 401 logs out the same way.
 */
export function xhrUpload<T>(url: string, body: FormData, { onProgress, signal }: XhrUploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("Upload cancelled", "AbortError"));
      return;
    }
    const session = sessionStore.get();
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    if (session) xhr.setRequestHeader("authorization", `Bearer ${session.token}`);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(uploadPercent(event.loaded, event.total));
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
      const payload = (data ?? {}) as { message?: unknown; errors?: Record<string, string> };
      const serverMessage = typeof payload.message === "string" ? payload.message : undefined;
      if (xhr.status === 401 && session) sessionStore.clear();
      reject(new ApiError(xhr.status, serverMessage ?? `Upload failed (${xhr.status})`, serverMessage, payload.errors));
    };
    xhr.onerror = () => reject(new ApiError(0, "Network error"));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
