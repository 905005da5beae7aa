import { useMutation, useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { type CreateTransmittal, type Transmittal, transmittalPaths } from "../../../../shared/transmittals.ts";
import { projectKeys, useRefreshLogAndRegister } from "./paths.ts";

export { transmittalPaths };

/** GET /api/projects/{job}/transmittals: the log, newest first, with openings and responses. */
export const useTransmittals = (job: string) =>
  useQuery({
    queryKey: projectKeys.log(job, "transmittals"),
    queryFn: ({ signal }) => apiFetch<Transmittal[]>(transmittalPaths.list(job), { signal }),
    // Clients answer from outside (reviews, RFI answers): each visit of the tab reads it afresh.
    staleTime: 0,
  });

/** POST /api/projects/{job}/transmittals: 201 `{number, url, dueAt}`; 400 naming sheets that cannot go. */
export function useCreateTransmittal(job: string) {
  const refresh = useRefreshLogAndRegister(job, "transmittals");
  return useMutation({
    mutationFn: (body: CreateTransmittal) =>
      apiFetch<{ number: string; url: string; dueAt: string }>(transmittalPaths.list(job), { method: "POST", body }),
    onSuccess: () => void refresh(),
  });
}

/** POST .../transmittals/{number}/void: the review link answers 410 from then on; 409 once answered. */
export function useVoidTransmittal(job: string) {
  const refresh = useRefreshLogAndRegister(job, "transmittals");
  return useMutation({
    mutationFn: (number: string) =>
      apiFetch<Transmittal>(`${transmittalPaths.one(job, number)}/void`, { method: "POST" }),
    onSettled: () => void refresh(),
  });
}
