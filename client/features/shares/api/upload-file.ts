import { useMutation, useQueryClient } from "@tanstack/react-query";
import { createResumableUpload, TUS_ENDPOINT } from "~/lib/resumable-upload";
import { sessionHeaders, sessionStore } from "~/lib/session-store";
import { uploadPercent } from "~/lib/upload";
import { sharedFileSchema } from "../../../../shared/files.ts";
import { shareKeys } from "./paths.ts";
import type { SharedFile } from "./types.ts";

export interface UploadFileInput {
  file: File;
  /** How long the public link works: the form's hours × 60. */
  expiryMinutes: number;
  /** The link asks for it before the download (6–128 characters); left out: no password. */
  password?: string;
  /** Downloads allowed in all (1–10000), after which the link answers 410; left out: unlimited. */
  maxDownloads?: number;
  onProgress?: (percent: number) => void;
  /** Told when the upload continues one this browser had started before (a reload, a dropped connection). */
  onResumed?: () => void;
  /** Aborting cancels the upload (and asks the server to drop its part); the promise rejects with an AbortError. */
  signal?: AbortSignal;
}

/** The share's Upload-Metadata (DESIGN §12): only the optional fields that were given. */
export function shareUploadMetadata({
  file,
  expiryMinutes,
  password,
  maxDownloads,
}: Pick<UploadFileInput, "file" | "expiryMinutes" | "password" | "maxDownloads">): Record<string, string> {
  return {
    filename: file.name,
    filetype: file.type || "application/octet-stream",
    expiryMinutes: String(expiryMinutes),
    ...(password ? { password } : {}),
    ...(maxDownloads !== undefined ? { maxDownloads: String(maxDownloads) } : {}),
  };
}

/** The final answer's SharedFile; null when there was none (an upload found complete after a reload). */
export function sharedFileFrom(body: unknown): SharedFile | null {
  const parsed = sharedFileSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/**
 * Shares a file through a resumable (tus) upload under /api/uploads/ with the admin's token.
 * 413 when too large; 400 with field errors under expiryMinutes, password, maxDownloads, file.
 * Resolves the SharedFile, or null when the server had the whole file already (refresh the list).
 */
export function uploadFile({ onProgress, onResumed, signal, ...input }: UploadFileInput): Promise<SharedFile | null> {
  return new Promise((resolve, reject) => {
    const aborted = () => new DOMException("Upload cancelled", "AbortError");
    if (signal?.aborted) {
      reject(aborted());
      return;
    }
    const upload = createResumableUpload({
      endpoint: TUS_ENDPOINT,
      file: input.file,
      metadata: shareUploadMetadata(input),
      headers: sessionHeaders,
      onProgress: (sent, total) => onProgress?.(uploadPercent(sent, total)),
      onResumed: () => onResumed?.(),
      onSuccess: (body) => {
        signal?.removeEventListener("abort", onAbort);
        onProgress?.(100);
        resolve(sharedFileFrom(body));
      },
      onError: (error) => {
        signal?.removeEventListener("abort", onAbort);
        // As apiFetch: a 401 on an authenticated call means the session ended.
        if (error.status === 401 && sessionStore.get()) sessionStore.clear();
        reject(error);
      },
    });
    function onAbort() {
      void upload.cancel();
      reject(aborted());
    }
    signal?.addEventListener("abort", onAbort, { once: true });
    void upload.start();
  });
}

export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFile,
    onSuccess: (file) => {
      if (file) queryClient.setQueryData<SharedFile[]>(shareKeys.files, (list) => (list ? [file, ...list] : list));
      void queryClient.invalidateQueries({ queryKey: shareKeys.files });
    },
  });
}
