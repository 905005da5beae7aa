import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { staffKeys, staffPaths } from "./paths.ts";
import type { SharedFile } from "./types.ts";

/** GET /api/admin/files */
export const getFiles = (signal?: AbortSignal) => apiFetch<SharedFile[]>(staffPaths.files, { signal });

export const filesQueryOptions = () =>
  queryOptions({ queryKey: staffKeys.files, queryFn: ({ signal }) => getFiles(signal) });

export const useFiles = () => useQuery(filesQueryOptions());
