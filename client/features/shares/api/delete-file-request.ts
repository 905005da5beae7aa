import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { shareKeys, sharePaths } from "./paths.ts";
import type { FileRequest } from "./types.ts";

/** DELETE /api/admin/file-requests/:id (204): the request, its files and unfinished uploads are gone; the link answers 404. */
export const deleteFileRequest = (id: number) => apiFetch<void>(sharePaths.fileRequest(id), { method: "DELETE" });

export function useDeleteFileRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFileRequest,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<FileRequest[]>(shareKeys.fileRequests, (list) => list?.filter((item) => item.id !== id));
      void queryClient.invalidateQueries({ queryKey: shareKeys.fileRequests });
    },
  });
}
