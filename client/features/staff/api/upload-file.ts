import { useMutation, useQueryClient } from "@tanstack/react-query";
import { staffKeys, staffPaths } from "./paths.ts";
import type { SharedFile } from "./types.ts";
import { xhrUpload } from "./xhr-upload.ts";

export interface UploadFileInput {
  file: File;
  /** How long the public link works: the form's hours × 60. */
  expiryMinutes: number;
  /** The link asks for it before the download (6–128 characters); left out: no password. */
  password?: string;
  /** Downloads allowed in all (1–10000), after which the link answers 410; left out: unlimited. */
  maxDownloads?: number;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/admin/files/upload, multipart `file` + `expiryMinutes` (+ optional `password`,
 * `maxDownloads`), with upload progress. 413 when too large; 400 with field errors under those names.
 */
export function uploadFile({ file, expiryMinutes, password, maxDownloads, onProgress, signal }: UploadFileInput) {
  const body = new FormData();
  // The fields go first so the server knows them before streaming the file.
  body.append("expiryMinutes", String(expiryMinutes));
  if (password) body.append("password", password);
  if (maxDownloads !== undefined) body.append("maxDownloads", String(maxDownloads));
  body.append("file", file, file.name);
  return xhrUpload<SharedFile>(staffPaths.uploadFile, body, { onProgress, signal });
}

export function useUploadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadFile,
    onSuccess: (file) => {
      queryClient.setQueryData<SharedFile[]>(staffKeys.files, (list) => (list ? [file, ...list] : list));
      void queryClient.invalidateQueries({ queryKey: staffKeys.files });
    },
  });
}
