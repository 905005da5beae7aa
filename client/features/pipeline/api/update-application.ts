import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { applicationPaths, pipelineKeys } from "./paths.ts";
import type { Application, ApplicationPatch } from "./types.ts";

/** PATCH /api/applications/:id with the version read; 409 when someone changed it first. */
export const updateApplication = ({ id, patch }: { id: number; patch: ApplicationPatch }) =>
  apiFetch<Application>(applicationPaths.one(id), { method: "PATCH", body: patch });

const replaceIn = (updated: Application) => (list: Application[] | undefined) =>
  list?.map((item) => (item.id === updated.id ? updated : item));

export function useUpdateApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateApplication,
    onSuccess: (updated) => {
      queryClient.setQueriesData<Application[]>(
        { queryKey: [...pipelineKeys.applications, "list"] },
        replaceIn(updated),
      );
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.applications });
    },
  });
}

/** POST /api/applications/:id/erase: personal data and CV erased now; the row stays (position, stage, dates). */
export const eraseApplication = (id: number) => apiFetch<Application>(applicationPaths.erase(id), { method: "POST" });

export function useEraseApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseApplication,
    onSuccess: (erased) => {
      if (erased && typeof erased === "object" && "id" in erased)
        queryClient.setQueriesData<Application[]>(
          { queryKey: [...pipelineKeys.applications, "list"] },
          replaceIn(erased),
        );
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.applications });
    },
  });
}
