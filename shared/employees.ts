import { z } from "zod";

import { newPasswordSchema, usernameSchema } from "./auth.ts";

export const employeeStatuses = ["active", "disabled"] as const;
export type EmployeeStatus = (typeof employeeStatuses)[number];

export const employeeLimits = {
  nameMax: 200,
  emailMax: 254,
  roleMax: 100,
  performanceMin: 0,
  performanceMax: 100,
  projectsMax: 100,
  projectNameMax: 200,
} as const;

/** An employee account as the admin dashboard sees it. `role` is the free-text job title. */
export const employeeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.string(),
  username: z.string(),
  status: z.enum(employeeStatuses),
  performance: z.number().int().min(0).max(100),
  projects: z.array(z.string()),
  createdAt: z.iso.datetime(),
});
export type Employee = z.infer<typeof employeeSchema>;

const nameSchema = z.string().trim().min(1, "Name is required").max(employeeLimits.nameMax);
const emailSchema = z
  .string()
  .trim()
  .min(1, "Email is required")
  .max(employeeLimits.emailMax)
  .pipe(z.email("Enter a valid email address"));
const jobRoleSchema = z.string().trim().min(1, "Role is required").max(employeeLimits.roleMax);

/** POST /api/admin/register-employee. Unknown fields are dropped. */
export const registerEmployeeSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  role: jobRoleSchema,
  username: usernameSchema,
  password: newPasswordSchema,
});
export type RegisterEmployeeInput = z.input<typeof registerEmployeeSchema>;

/**
 * PUT /api/admin/employees/:id: every editable field. A blank, null or absent password keeps the
 * current one. Unknown fields (id, kind, createdAt…) are dropped, never applied.
 */
export const updateEmployeeSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  role: jobRoleSchema,
  username: usernameSchema,
  password: z
    .union([z.literal(""), newPasswordSchema])
    .nullish()
    .transform((v) => (v ? v : undefined)),
  status: z.enum(employeeStatuses),
  performance: z
    .number()
    .int("Performance must be a whole number")
    .min(employeeLimits.performanceMin, "Performance must be between 0 and 100")
    .max(employeeLimits.performanceMax, "Performance must be between 0 and 100"),
  projects: z
    .array(z.string().trim().max(employeeLimits.projectNameMax))
    .max(employeeLimits.projectsMax)
    .transform((list) => list.filter((name) => name !== "")),
});
export type UpdateEmployeeInput = z.input<typeof updateEmployeeSchema>;

export const employeeIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
