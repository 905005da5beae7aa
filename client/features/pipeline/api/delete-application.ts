import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { applicationPaths, pipelineKeys } from "./paths.ts";
import type { Application } from "./types.ts";

/** DELETE /api/applications/:id (204): the application and the CV are gone. */
export const deleteApplication = (id: number) => apiFetch<void>(applicationPaths.one(id), { method: "DELETE" });

export function useDeleteApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteApplication,
    onSuccess: (_data, id) => {
      queryClient.setQueriesData<Application[]>({ queryKey: [...pipelineKeys.applications, "list"] }, (list) =>
        list?.filter((item) => item.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.applications });
    },
  });
}
