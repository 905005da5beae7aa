import { useMutation, useQueryClient } from "@tanstack/react-query";
import { staffKeys, staffPaths } from "./paths.ts";
import type { SharedFile } from "./types.ts";
import { xhrUpload } from "./xhr-upload.ts";

export interface UploadFileInput {
  file: File;
  /** How long the public link works: the form's hours × 60. */
  expiryMinutes: number;
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** POST /api/admin/files/upload, multipart `file` + `expiryMinutes`, with upload progress. 413 when too large. */
export function uploadFile({ file, expiryMinutes, onProgress, signal }: UploadFileInput) {
  const body = new FormData();
  // The expiry goes first so the server knows it before streaming the file.
  body.append("expiryMinutes", String(expiryMinutes));
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
