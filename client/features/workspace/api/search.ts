import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import type { SearchResult } from "../../../../shared/search.ts";

/** GET /api/search (DESIGN §15): every kind the caller may read, five of each. Idle below two characters. */
export function useSearchEverything(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ["search", query],
    queryFn: ({ signal }) => apiFetch<SearchResult>("/api/search", { query: { q: query, limit: 5 }, signal }),
    enabled: query.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
