import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { browserTimeZone } from "~/lib/date-format";
import { pipelineKeys, quoteRequestPaths } from "./paths.ts";
import type { QuoteRequest, QuoteRequestFilters } from "./types.ts";

/**
 * GET /api/contact/all?q=&status=&assignee=&due=&tz=: quote requests, newest first; `q` searches name,
 * email, company, project. A due filter is judged by the browser's calendar day (`tz`).
 */
/** The list's query (and the CSV export's): a due filter goes with the browser's time zone. */
export const quoteRequestQuery = (q: string, filters: QuoteRequestFilters) => ({
  q: q || undefined,
  status: filters.status,
  assignee: filters.assignee,
  due: filters.due,
  tz: filters.due ? browserTimeZone() : undefined,
});

export const getQuoteRequests = (q: string, filters: QuoteRequestFilters, signal?: AbortSignal) =>
  apiFetch<QuoteRequest[]>(quoteRequestPaths.list, { query: quoteRequestQuery(q, filters), signal });

export const quoteRequestsQueryOptions = (q: string, filters: QuoteRequestFilters = {}) =>
  queryOptions({
    queryKey: pipelineKeys.quoteRequestList(q, filters),
    queryFn: ({ signal }) => getQuoteRequests(q, filters, signal),
    // While a new search loads, keep showing the last list rather than a skeleton.
    placeholderData: keepPreviousData,
  });

export const useQuoteRequests = (q: string, filters: QuoteRequestFilters = {}) =>
  useQuery(quoteRequestsQueryOptions(q, filters));
