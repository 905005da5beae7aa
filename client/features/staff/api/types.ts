// The staff area's API contract comes from the shared zod schemas the server is built from.
export type { CurrentUser as Me } from "../../../../shared/auth.ts";
export {
  type Employee,
  type EmployeeStatus,
  employeeStatuses,
  type RegisterEmployeeInput,
  type UpdateEmployeeInput,
} from "../../../../shared/employees.ts";
