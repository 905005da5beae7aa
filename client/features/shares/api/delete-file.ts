import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { shareKeys, sharePaths } from "./paths.ts";
import type { SharedFile } from "./types.ts";

/** DELETE /api/admin/files/:id (204): stops sharing: the link answers 410 for good and the file is erased. */
export const deleteFile = (id: number) => apiFetch<void>(sharePaths.file(id), { method: "DELETE" });

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<SharedFile[]>(shareKeys.files, (list) => list?.filter((item) => item.id !== id));
      void queryClient.invalidateQueries({ queryKey: shareKeys.files });
    },
  });
}
