import { sessionStore } from "~/lib/session-store";
import { uploadWithProgress } from "~/lib/upload";
import { chatPaths } from "../../../../shared/chat.ts";
import { type UploadResult, uploadResultSchema } from "../../../../shared/chat-attachments.ts";

export interface UploadAttachmentOptions {
  /** 0–100 as the file goes up. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /upload, multipart field `file`, with upload progress; the bearer token and the
 * 401 → logout rule are those of apiFetch, errors come back as HttpError.
 */
export function uploadAttachment(
  file: File,
  { onProgress, signal }: UploadAttachmentOptions = {},
): Promise<UploadResult> {
  const session = sessionStore.get();
  const body = new FormData();
  body.append("file", file, file.name);
  return uploadWithProgress(chatPaths.upload, body, {
    onProgress,
    signal,
    withCredentials: true,
    headers: session ? { authorization: `Bearer ${session.token}` } : undefined,
    onUnauthorized: session ? () => sessionStore.clear() : undefined,
    parse: (data) => uploadResultSchema.parse(data),
  });
}
