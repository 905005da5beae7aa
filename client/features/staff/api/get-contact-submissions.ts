import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { staffKeys, staffPaths } from "./paths.ts";
import type { ContactSubmission } from "./types.ts";

/** GET /api/contact/all?q=: quote requests, newest first; `q` searches name, email, company, project. */
export const getContactSubmissions = (q: string, signal?: AbortSignal) =>
  apiFetch<ContactSubmission[]>(staffPaths.contactSubmissions, { query: { q: q || undefined }, signal });

export const contactSubmissionsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: staffKeys.contactSubmissionsSearch(q),
    queryFn: ({ signal }) => getContactSubmissions(q, signal),
    // While a new search loads, keep showing the last list rather than a skeleton.
    placeholderData: keepPreviousData,
  });

export const useContactSubmissions = (q: string) => useQuery(contactSubmissionsQueryOptions(q));
