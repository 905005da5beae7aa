import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { staffKeys, staffPaths } from "./paths.ts";
import type { Employee } from "./types.ts";

/** DELETE /api/admin/employees/:id (204). */
export const deleteEmployee = (id: number) => apiFetch<void>(staffPaths.employee(id), { method: "DELETE" });

export function useDeleteEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEmployee,
    onSuccess: (_data, id) => {
      queryClient.setQueryData<Employee[]>(staffKeys.employees, (list) => list?.filter((item) => item.id !== id));
      void queryClient.invalidateQueries({ queryKey: staffKeys.employees });
    },
  });
}
