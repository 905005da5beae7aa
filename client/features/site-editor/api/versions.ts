import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import type { AdminSiteContent, SiteVersion, SiteVersionContent } from "../../../../shared/site-content.ts";
import { siteKeys, sitePaths } from "./paths.ts";

/** GET /api/admin/site/versions: every publish, newest first (the last 100). */
export const getVersions = (signal?: AbortSignal) => apiFetch<SiteVersion[]>(sitePaths.versions, { signal });

export const useVersions = () =>
  useQuery(queryOptions({ queryKey: siteKeys.versions, queryFn: ({ signal }) => getVersions(signal) }));

/** GET /api/admin/site/versions/{id}: one version and the whole content published after it. */
export const getVersion = (id: number, signal?: AbortSignal) =>
  apiFetch<SiteVersionContent>(sitePaths.version(id), { signal });

export const useVersion = (id: number | null) =>
  useQuery({
    queryKey: siteKeys.version(id ?? 0),
    queryFn: ({ signal }) => getVersion(id ?? 0, signal),
    enabled: id !== null,
    // A version never changes once published.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** POST /api/admin/site/versions/{id}/restore: drafts that bring the version back when published. */
export const restoreVersion = (id: number) => apiFetch<AdminSiteContent>(sitePaths.restore(id), { method: "POST" });

export function useRestoreVersion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreVersion,
    onSuccess: (content) => {
      queryClient.setQueryData(siteKeys.content, content);
      void queryClient.invalidateQueries({ queryKey: siteKeys.content });
    },
  });
}
