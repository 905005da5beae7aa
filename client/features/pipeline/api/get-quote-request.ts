import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { pipelineKeys, quoteRequestPaths } from "./paths.ts";
import type { QuoteRequest } from "./types.ts";

/** GET /api/contact/:id: one quote request as stored now. */
export const getQuoteRequest = (id: number, signal?: AbortSignal) =>
  apiFetch<QuoteRequest>(quoteRequestPaths.one(id), { signal });

export const quoteRequestQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...pipelineKeys.quoteRequests, "one", id] as const,
    queryFn: ({ signal }) => getQuoteRequest(id, signal),
  });

export const useQuoteRequest = (id: number) => useQuery(quoteRequestQueryOptions(id));
