import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { staffKeys, staffPaths } from "./paths.ts";
import type { Employee } from "./types.ts";

/** GET /api/admin/employees */
export const getEmployees = (signal?: AbortSignal) => apiFetch<Employee[]>(staffPaths.employees, { signal });

export const employeesQueryOptions = () =>
  queryOptions({ queryKey: staffKeys.employees, queryFn: ({ signal }) => getEmployees(signal) });

export const useEmployees = () => useQuery(employeesQueryOptions());
