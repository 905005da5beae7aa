import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { shareKeys, sharePaths } from "./paths.ts";
import type { FileRequest } from "./types.ts";

/** While the list is on screen it is asked again this often, so files clients send show up. */
export const FILE_REQUESTS_REFRESH_MS = 30_000;

/** GET /api/admin/file-requests: newest first, each with the files received. */
export const getFileRequests = (signal?: AbortSignal) => apiFetch<FileRequest[]>(sharePaths.fileRequests, { signal });

export const fileRequestsQueryOptions = () =>
  queryOptions({
    queryKey: shareKeys.fileRequests,
    queryFn: ({ signal }) => getFileRequests(signal),
    // TanStack Query pauses the interval while the tab is hidden (refetchIntervalInBackground off).
    refetchInterval: FILE_REQUESTS_REFRESH_MS,
  });

export const useFileRequests = ({ enabled = true }: { enabled?: boolean } = {}) =>
  useQuery({ ...fileRequestsQueryOptions(), enabled });
