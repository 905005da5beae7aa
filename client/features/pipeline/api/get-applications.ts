import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { applicationPaths, pipelineKeys } from "./paths.ts";
import type { Application, ApplicationStatus } from "./types.ts";

/** GET /api/applications?q=&status=: job applications, newest first; erased ones stay, with their personal fields empty. */
export const getApplications = (q: string, status: ApplicationStatus | undefined, signal?: AbortSignal) =>
  apiFetch<Application[]>(applicationPaths.list, { query: { q: q || undefined, status }, signal });

export const applicationsQueryOptions = (q: string, status?: ApplicationStatus) =>
  queryOptions({
    queryKey: pipelineKeys.applicationList(q, status),
    queryFn: ({ signal }) => getApplications(q, status, signal),
    placeholderData: keepPreviousData,
  });

export const useApplications = (q: string, status?: ApplicationStatus) => useQuery(applicationsQueryOptions(q, status));
