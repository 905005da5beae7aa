import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { pipelineKeys, quoteRequestPaths } from "./paths.ts";
import type { QuoteRequest, QuoteRequestPatch } from "./types.ts";

/** PATCH /api/contact/:id with the version read: the updated request, or 409 when someone changed it first. */
export const updateQuoteRequest = ({ id, patch }: { id: number; patch: QuoteRequestPatch }) =>
  apiFetch<QuoteRequest>(quoteRequestPaths.one(id), { method: "PATCH", body: patch });

/** Not optimistic: a stale version must change nothing, on the screen as on the server. */
export function useUpdateQuoteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuoteRequest,
    onSuccess: (updated) => {
      queryClient.setQueriesData<QuoteRequest[]>({ queryKey: [...pipelineKeys.quoteRequests, "list"] }, (list) =>
        list?.map((item) => (item.id === updated.id ? updated : item)),
      );
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.quoteRequests });
    },
  });
}
