import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import type { PublishSite, SitePreview, SiteVersion } from "../../../../shared/site-content.ts";
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

/** POST /api/admin/site/preview: a signed link to every page with the drafts, valid one hour. */
export function usePreviewLink() {
  return useMutation({
    mutationFn: () => apiFetch<SitePreview>(sitePaths.preview, { method: "POST" }),
  });
}
