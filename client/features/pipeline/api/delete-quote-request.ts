import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { pipelineKeys, quoteRequestPaths } from "./paths.ts";
import type { QuoteRequest } from "./types.ts";

/** DELETE /api/contact/:id (204): the request and its attached file are gone. */
export const deleteQuoteRequest = (id: number) => apiFetch<void>(quoteRequestPaths.one(id), { method: "DELETE" });

export function useDeleteQuoteRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteQuoteRequest,
    onSuccess: (_data, id) => {
      queryClient.setQueriesData<QuoteRequest[]>({ queryKey: [...pipelineKeys.quoteRequests, "list"] }, (list) =>
        list?.filter((item) => item.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.quoteRequests });
    },
  });
}
