import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import type { AdminSiteContent } from "../../../../shared/site-content.ts";
import { siteKeys, sitePaths } from "./paths.ts";

/** GET /api/admin/site/content: every item with its version, status, published fields and draft. */
export const getSiteContent = (signal?: AbortSignal) => apiFetch<AdminSiteContent>(sitePaths.adminContent, { signal });

export const siteContentQueryOptions = () =>
  queryOptions({ queryKey: siteKeys.content, queryFn: ({ signal }) => getSiteContent(signal) });

export const useSiteContent = () => useQuery(siteContentQueryOptions());
