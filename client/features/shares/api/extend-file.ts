import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { HttpError } from "~/lib/http-error";
import { shareKeys, sharePaths } from "./paths.ts";
import type { SharedFile, UpdateShare } from "./types.ts";

export interface ExtendFileInput extends UpdateShare {
  id: number;
}

/**
 * PATCH /api/admin/files/:id `{expiryMinutes}`: the link now works that long from now (longer or
 * shorter). 410 with a `message` when the link has already ended (expired, used up or stopped).
 */
export const extendFile = ({ id, expiryMinutes }: ExtendFileInput) =>
  apiFetch<SharedFile>(sharePaths.file(id), { method: "PATCH", body: { expiryMinutes } });

export function useExtendFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: extendFile,
    onSuccess: (file) => {
      queryClient.setQueryData<SharedFile[]>(shareKeys.files, (list) =>
        list?.map((item) => (item.id === file.id ? file : item)),
      );
      void queryClient.invalidateQueries({ queryKey: shareKeys.files });
    },
    onError: (error) => {
      // The list is out of date: the link ended (410) or the file is gone (404).
      if (error instanceof HttpError && (error.status === 410 || error.status === 404)) {
        void queryClient.invalidateQueries({ queryKey: shareKeys.files });
      }
    },
  });
}
