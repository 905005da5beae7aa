import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { staffKeys, staffPaths } from "./paths.ts";
import type { Employee, RegisterEmployeeInput } from "./types.ts";

/** POST /api/admin/register-employee: 201 with the new employee; 409 duplicate username; 400 with field errors. */
export const registerEmployee = (input: RegisterEmployeeInput) =>
  apiFetch<Employee>(staffPaths.registerEmployee, { method: "POST", body: input });

export function useRegisterEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerEmployee,
    onSuccess: (employee) => {
      queryClient.setQueryData<Employee[]>(staffKeys.employees, (list) => (list ? [...list, employee] : list));
      void queryClient.invalidateQueries({ queryKey: staffKeys.employees });
    },
  });
}
