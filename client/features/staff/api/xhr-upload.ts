import { sessionStore } from "~/features/auth/lib/session-store";
import { ApiError } from "~/lib/api-client";
import { UploadError, uploadWithProgress } from "~/lib/upload";

export interface XhrUploadOptions {
  /** Called with 0–100 as the request body goes up. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POSTs a multipart body with upload progress, with the bearer token like apiFetch; errors come
 * back as ApiError, and a 401 logs out the same way.
 */
export function xhrUpload<T>(url: string, body: FormData, { onProgress, signal }: XhrUploadOptions = {}): Promise<T> {
  const session = sessionStore.get();
  return uploadWithProgress<T>(url, body, {
    onProgress,
    signal,
    withCredentials: true,
    headers: session ? { authorization: `Bearer ${session.token}` } : undefined,
    onUnauthorized: session ? () => sessionStore.clear() : undefined,
  }).catch((error: unknown) => {
    throw error instanceof UploadError
      ? new ApiError(error.status, error.message, error.serverMessage, error.errors)
      : error;
  });
}
