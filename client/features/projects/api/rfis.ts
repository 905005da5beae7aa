import { useMutation, useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { type CreateRfi, type Rfi, rfiPaths } from "../../../../shared/rfis.ts";
import { projectKeys, useRefreshLogAndRegister } from "./paths.ts";

export { rfiPaths };

/** GET /api/projects/{job}/rfis: the project's RFIs by number, each with its answer and files. */
export const useRfis = (job: string) =>
  useQuery({
    queryKey: projectKeys.log(job, "rfis"),
    queryFn: ({ signal }) => apiFetch<Rfi[]>(rfiPaths.list(job), { signal }),
    // Clients answer from outside (reviews, RFI answers): each visit of the tab reads it afresh.
    staleTime: 0,
  });

/** POST /api/projects/{job}/rfis: 201 the RFI (`RFI-001`); 400 naming sheets not in the register. */
export function useCreateRfi(job: string) {
  const refresh = useRefreshLogAndRegister(job, "rfis");
  return useMutation({
    mutationFn: (body: CreateRfi) => apiFetch<Rfi>(rfiPaths.list(job), { method: "POST", body }),
    onSuccess: () => void refresh(),
  });
}

/** POST .../rfis/{number}/close (answered → closed) or /void (open or answered → void); 409 from another state. */
export function useChangeRfi(job: string) {
  const refresh = useRefreshLogAndRegister(job, "rfis");
  return useMutation({
    mutationFn: ({ number, action }: { number: string; action: "close" | "void" }) =>
      apiFetch<Rfi>(action === "close" ? rfiPaths.close(job, number) : rfiPaths.void(job, number), { method: "POST" }),
    onSettled: () => void refresh(),
  });
}
