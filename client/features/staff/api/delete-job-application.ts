import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { staffKeys, staffPaths } from "./paths.ts";
import type { JobApplication } from "./types.ts";

/** DELETE /api/applications/:id (204): the application and the CV are gone. */
export const deleteJobApplication = (id: number) => apiFetch<void>(staffPaths.jobApplication(id), { method: "DELETE" });

export function useDeleteJobApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJobApplication,
    onSuccess: (_data, id) => {
      queryClient.setQueriesData<JobApplication[]>({ queryKey: staffKeys.jobApplications }, (list) =>
        list?.filter((item) => item.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: staffKeys.jobApplications });
    },
  });
}
