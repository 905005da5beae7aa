import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import type { PublishSite, SiteVersion } from "../../../../shared/site-content.ts";
import { siteKeys, sitePaths } from "./paths.ts";

/**
 * POST /api/admin/site/publish: the chosen drafts and removals as one new version. 400 when
 * nothing waits; 422 when a page could not be rendered (nothing is published then).
 */
export const publishSite = (body: PublishSite) => apiFetch<SiteVersion>(sitePaths.publish, { method: "POST", body });

export function usePublishSite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: publishSite,
    onSettled: () => queryClient.invalidateQueries({ queryKey: siteKeys.all }),
  });
}
