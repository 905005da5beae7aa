import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { staffKeys, staffPaths } from "./paths.ts";
import type { SharedFile } from "./types.ts";

/** DELETE /api/admin/files/:id (204): the public link stops working at once. */
export const deleteFile = (id: number) => apiFetch<void>(staffPaths.file(id), { method: "DELETE" });

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<SharedFile[]>(staffKeys.files, (list) => list?.filter((item) => item.id !== id));
      void queryClient.invalidateQueries({ queryKey: staffKeys.files });
    },
  });
}
