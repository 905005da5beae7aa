import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { staffKeys, staffPaths } from "./paths.ts";
import type { ContactSubmission } from "./types.ts";

/** DELETE /api/contact/:id (204): the request and its attached file are gone. */
export const deleteContactSubmission = (id: number) =>
  apiFetch<void>(staffPaths.contactSubmission(id), { method: "DELETE" });

export function useDeleteContactSubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContactSubmission,
    onSuccess: (_data, id) => {
      queryClient.setQueriesData<ContactSubmission[]>({ queryKey: staffKeys.contactSubmissions }, (list) =>
        list?.filter((item) => item.id !== id),
      );
      void queryClient.invalidateQueries({ queryKey: staffKeys.contactSubmissions });
    },
  });
}
