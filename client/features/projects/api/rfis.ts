import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { type CreateRfi, type Rfi, rfiPaths } from "../../../../shared/rfis.ts";
import { projectKeys } from "./paths.ts";

export { rfiPaths };

const logKey = (job: string) => [...projectKeys.one(job), "rfis"] as const;
const registerKey = (job: string) => [...projectKeys.one(job), "drawings"] as const;

/** GET /api/projects/{job}/rfis: the project's RFIs by number, each with its answer and files. */
export const useRfis = (job: string) =>
  useQuery({
    queryKey: logKey(job),
    queryFn: ({ signal }) => apiFetch<Rfi[]>(rfiPaths.list(job), { signal }),
    // Clients answer from outside (reviews, RFI answers): each visit of the tab reads it afresh.
    staleTime: 0,
  });

/** An RFI changes the register's holds too: both are read again. */
function useRefresh(job: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: logKey(job) }),
      queryClient.invalidateQueries({ queryKey: registerKey(job) }),
    ]);
}

/** POST /api/projects/{job}/rfis: 201 the RFI (`RFI-001`); 400 naming sheets not in the register. */
export function useCreateRfi(job: string) {
  const refresh = useRefresh(job);
  return useMutation({
    mutationFn: (body: CreateRfi) => apiFetch<Rfi>(rfiPaths.list(job), { method: "POST", body }),
    onSuccess: () => void refresh(),
  });
}

/** POST .../rfis/{number}/close (answered → closed) or /void (open or answered → void); 409 from another state. */
export function useChangeRfi(job: string) {
  const refresh = useRefresh(job);
  return useMutation({
    mutationFn: ({ number, action }: { number: string; action: "close" | "void" }) =>
      apiFetch<Rfi>(action === "close" ? rfiPaths.close(job, number) : rfiPaths.void(job, number), { method: "POST" }),
    onSettled: () => void refresh(),
  });
}
