import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { quoteRequestPaths, staffKeys } from "./paths.ts";
import type { QuoteRequest, QuoteRequestFilters } from "./types.ts";

/**
 * GET /api/contact/all?q=&status=&assignee=&due=: quote requests, newest first; `q` searches name,
 * email, company, project.
 */
export const getQuoteRequests = (q: string, filters: QuoteRequestFilters, signal?: AbortSignal) =>
  apiFetch<QuoteRequest[]>(quoteRequestPaths.list, {
    query: { q: q || undefined, status: filters.status, assignee: filters.assignee, due: filters.due },
    signal,
  });

export const quoteRequestsQueryOptions = (q: string, filters: QuoteRequestFilters = {}) =>
  queryOptions({
    queryKey: staffKeys.quoteRequestList(q, filters),
    queryFn: ({ signal }) => getQuoteRequests(q, filters, signal),
    // While a new search loads, keep showing the last list rather than a skeleton.
    placeholderData: keepPreviousData,
  });

export const useQuoteRequests = (q: string, filters: QuoteRequestFilters = {}) =>
  useQuery(quoteRequestsQueryOptions(q, filters));
