import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { type CreateTransmittal, type Transmittal, transmittalPaths } from "../../../../shared/transmittals.ts";
import { projectKeys } from "./paths.ts";

export { transmittalPaths };

const logKey = (job: string) => [...projectKeys.one(job), "transmittals"] as const;
const registerKey = (job: string) => [...projectKeys.one(job), "drawings"] as const;

/** GET /api/projects/{job}/transmittals: the log, newest first, with openings and responses. */
export const useTransmittals = (job: string) =>
  useQuery({
    queryKey: logKey(job),
    queryFn: ({ signal }) => apiFetch<Transmittal[]>(transmittalPaths.list(job), { signal }),
    // Clients answer from outside (reviews, RFI answers): each visit of the tab reads it afresh.
    staleTime: 0,
  });

/** A transmittal changes the register's statuses too: both are read again. */
function useRefresh(job: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: logKey(job) }),
      queryClient.invalidateQueries({ queryKey: registerKey(job) }),
    ]);
}

/** POST /api/projects/{job}/transmittals: 201 `{number, url, dueAt}`; 400 naming sheets that cannot go. */
export function useCreateTransmittal(job: string) {
  const refresh = useRefresh(job);
  return useMutation({
    mutationFn: (body: CreateTransmittal) =>
      apiFetch<{ number: string; url: string; dueAt: string }>(transmittalPaths.list(job), { method: "POST", body }),
    onSuccess: () => void refresh(),
  });
}

/** POST .../transmittals/{number}/void: the review link answers 410 from then on; 409 once answered. */
export function useVoidTransmittal(job: string) {
  const refresh = useRefresh(job);
  return useMutation({
    mutationFn: (number: string) =>
      apiFetch<Transmittal>(`${transmittalPaths.one(job, number)}/void`, { method: "POST" }),
    onSettled: () => void refresh(),
  });
}
