/** The staff area's own API paths (accounts and the signed-in person), in one place. */
export const staffPaths = {
  employees: "/api/admin/employees",
  employee: (id: number) => `/api/admin/employees/${id}`,
  registerEmployee: "/api/admin/register-employee",
  me: "/api/auth/me",
} as const;

/** TanStack Query keys of the staff area's accounts. */
export const staffKeys = {
  employees: ["staff", "employees"] as const,
  me: ["staff", "me"] as const,
};
