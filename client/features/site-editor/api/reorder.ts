import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import type { AdminSiteItem, SiteCollection, SiteOrder } from "../../../../shared/site-content.ts";
import { siteKeys, sitePaths } from "./paths.ts";

/**
 * PUT /api/admin/site/order/{collection}: the list in a new order, as a draft (decision 058),
 * from the order read: 409 when someone changed the list since. Answers the list's items.
 */
export const reorderList = ({ collection, ...order }: SiteOrder & { collection: SiteCollection }) =>
  apiFetch<AdminSiteItem[]>(sitePaths.order(collection), { method: "PUT", body: order });

export function useReorderList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderList,
    // Moved or refused, the list is read again: after a 409 it shows the order someone else made.
    onSettled: () => queryClient.invalidateQueries({ queryKey: siteKeys.content }),
  });
}
