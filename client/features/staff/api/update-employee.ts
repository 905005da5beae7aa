import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { staffKeys, staffPaths } from "./paths.ts";
import type { Employee, UpdateEmployeeInput } from "./types.ts";

/** PUT /api/admin/employees/:id with every field; a missing password keeps the current one. */
export const updateEmployee = ({ id, input }: { id: number; input: UpdateEmployeeInput }) =>
  apiFetch<Employee>(staffPaths.employee(id), { method: "PUT", body: input });

export function useUpdateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmployee,
    onSuccess: (employee) => {
      queryClient.setQueryData<Employee[]>(staffKeys.employees, (list) =>
        list?.map((item) => (item.id === employee.id ? employee : item)),
      );
      void queryClient.invalidateQueries({ queryKey: staffKeys.employees });
    },
  });
}
