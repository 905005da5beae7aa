import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { shareKeys, sharePaths } from "./paths.ts";
import type { CreatedFileRequest, CreateFileRequest } from "./types.ts";

/** POST /api/admin/file-requests: 201 {id, url, expiresAt}; 400 with field errors. */
export const createFileRequest = (input: CreateFileRequest) =>
  apiFetch<CreatedFileRequest>(sharePaths.fileRequests, { method: "POST", body: input });

export function useCreateFileRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFileRequest,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: shareKeys.fileRequests }),
  });
}
