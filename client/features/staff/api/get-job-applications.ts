import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { staffKeys, staffPaths } from "./paths.ts";
import type { JobApplication } from "./types.ts";

/** GET /api/applications?q=: job applications, newest first; `q` searches name, email, phone, message. */
export const getJobApplications = (q: string, signal?: AbortSignal) =>
  apiFetch<JobApplication[]>(staffPaths.jobApplications, { query: { q: q || undefined }, signal });

export const jobApplicationsQueryOptions = (q: string) =>
  queryOptions({
    queryKey: staffKeys.jobApplicationsSearch(q),
    queryFn: ({ signal }) => getJobApplications(q, signal),
    placeholderData: keepPreviousData,
  });

export const useJobApplications = (q: string) => useQuery(jobApplicationsQueryOptions(q));
