import { sessionStore } from "~/features/auth/lib/session-store";
import { ApiError } from "~/lib/api-client";
import { chatPaths, type UploadResult, uploadResultSchema } from "../../../../shared/chat.ts";

export interface UploadAttachmentOptions {
  /** 0–100 as the file goes up. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /upload, multipart field `file`, with XMLHttpRequest because fetch cannot report upload
 * progress; the bearer token and the 401 → logout rule are those of apiFetch.
 */
export function uploadAttachment(
  file: File,
  { onProgress, signal }: UploadAttachmentOptions = {},
): Promise<UploadResult> {
  return new Promise<UploadResult>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException("Upload cancelled", "AbortError"));
      return;
    }
    const session = sessionStore.get();
    const xhr = new XMLHttpRequest();
    xhr.open("POST", chatPaths.upload);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    if (session) xhr.setRequestHeader("authorization", `Bearer ${session.token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.floor((event.loaded / event.total) * 100)));
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
        const parsed = uploadResultSchema.safeParse(data);
        if (!parsed.success) {
          reject(new ApiError(xhr.status, "The upload answer was not understood."));
          return;
        }
        onProgress?.(100);
        resolve(parsed.data);
        return;
      }
      const message = (data as { message?: unknown } | undefined)?.message;
      const serverMessage = typeof message === "string" ? message : undefined;
      if (xhr.status === 401 && session) sessionStore.clear();
      reject(new ApiError(xhr.status, serverMessage ?? `Upload failed (${xhr.status})`, serverMessage));
    };
    xhr.onerror = () => reject(new ApiError(0, "Network error"));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const body = new FormData();
    body.append("file", file, file.name);
    xhr.send(body);
  });
}
