import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { type Drawing, drawingPaths } from "../../../../shared/drawings.ts";
import { myDayKey } from "./my-day.ts";
import { projectKeys } from "./paths.ts";

/** PATCH /api/projects/{job}/drawings/{number} `{assignee}`: the sheet; 400 when they are not on the team. */
export function useAssignSheet(job: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ number, assignee }: { number: string; assignee: string | null }) =>
      apiFetch<Drawing>(drawingPaths.sheet(job, number), { method: "PATCH", body: { assignee } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: projectKeys.register(job) });
      void queryClient.invalidateQueries({ queryKey: myDayKey });
    },
  });
}
