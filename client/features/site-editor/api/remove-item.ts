import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import type { AdminSiteItem, SiteCollection } from "../../../../shared/site-content.ts";
import { siteKeys, sitePaths } from "./paths.ts";

/**
 * DELETE /api/admin/site/{collection}/{id}: a published item is marked for removal at the next
 * publish (the item answered); one never published goes at once (no answer, null).
 */
export const removeItem = async ({ collection, id }: { collection: SiteCollection; id: string }) =>
  (await apiFetch<AdminSiteItem | undefined>(sitePaths.item(collection, id), { method: "DELETE" })) ?? null;

export function useRemoveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeItem,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: siteKeys.content }),
  });
}
