import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { shareKeys, sharePaths } from "./paths.ts";
import type { SharedFile } from "./types.ts";

/** GET /api/admin/files */
export const getFiles = (signal?: AbortSignal) => apiFetch<SharedFile[]>(sharePaths.files, { signal });

export const filesQueryOptions = () =>
  queryOptions({ queryKey: shareKeys.files, queryFn: ({ signal }) => getFiles(signal) });

export const useFiles = () => useQuery(filesQueryOptions());
