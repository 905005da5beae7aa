import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import type { AdminSiteContent, AdminSiteItem, SiteCollection, SiteFields } from "../../../../shared/site-content.ts";
import { siteKeys, sitePaths } from "./paths.ts";

export interface SaveItem {
  collection: SiteCollection;
  id: string;
  fields: SiteFields;
  /** The version read; 0 for a new item. */
  version: number;
  /** When the draft publishes by itself; null: when an admin publishes it. */
  publishAt: string | null;
}

/**
 * PUT /api/admin/site/{collection}/{id}: saves a draft (a new id adds an item). 400 with field
 * errors; 409 when someone saved the item since `version` was read.
 */
export const saveItem = ({ collection, id, fields, version, publishAt }: SaveItem) =>
  apiFetch<AdminSiteItem>(sitePaths.item(collection, id), {
    method: "PUT",
    body: { ...fields, version, publishAt },
  });

/** Puts a saved item into the cached content at once, then reads the whole content again. */
export function useSaveItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveItem,
    onSuccess: (item, { collection }) => {
      queryClient.setQueryData<AdminSiteContent>(siteKeys.content, (content) => {
        if (!content) return content;
        const list = content[collection];
        const known = list.some((candidate) => candidate.id === item.id);
        return {
          ...content,
          [collection]: known
            ? list.map((candidate) => (candidate.id === item.id ? item : candidate))
            : [...list, item],
        };
      });
      void queryClient.invalidateQueries({ queryKey: siteKeys.content });
    },
  });
}
