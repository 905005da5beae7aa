import { z } from "zod";
import { authLimits, newPasswordSchema, usernameSchema } from "../../../../shared/auth.ts";
import { employeeLimits } from "../../../../shared/employees.ts";
import { type Employee, employeeStatuses, type UpdateEmployeeInput } from "../api/types.ts";
import { formatProjects, parseProjects } from "./projects.ts";

// The server's rules (shared/) with messages written for the form.
const name = z
  .string()
  .trim()
  .min(1, "Name is required.")
  .max(employeeLimits.nameMax, `Keep the name under ${employeeLimits.nameMax} characters.`);
const email = z
  .string()
  .trim()
  .min(1, "Email is required.")
  .max(employeeLimits.emailMax, "This email address is too long.")
  .pipe(z.email("Enter a valid email address, like name@company.com."));
const role = z
  .string()
  .trim()
  .min(1, "Job role is required.")
  .max(employeeLimits.roleMax, `Keep the job role under ${employeeLimits.roleMax} characters.`);
const username = z.string().trim().min(1, "Username is required.").pipe(usernameSchema);

/** SPEC §5: name, email, role (free text), username and password are all required. */
export const registerEmployeeSchema = z.object({
  name,
  email,
  role,
  username,
  password: z.string().min(1, "Password is required.").pipe(newPasswordSchema),
});
export type RegisterEmployeeValues = z.input<typeof registerEmployeeSchema>;

/** The edit form: every field of the employee; a blank password keeps the current one. */
export const editEmployeeSchema = z.object({
  name,
  email,
  role,
  username,
  password: z
    .string()
    .refine(
      (value) => value === "" || newPasswordSchema.safeParse(value).success,
      `A new password needs ${authLimits.passwordMin} to ${authLimits.passwordMax} characters.`,
    ),
  status: z.enum(employeeStatuses),
  performance: z
    .number({ error: "Enter a number from 0 to 100." })
    .int("Use a whole number.")
    .min(employeeLimits.performanceMin, "Performance is at least 0.")
    .max(employeeLimits.performanceMax, "Performance is at most 100."),
  projects: z
    .string()
    .refine(
      (text) => parseProjects(text).length <= employeeLimits.projectsMax,
      `At most ${employeeLimits.projectsMax} projects.`,
    )
    .refine(
      (text) => parseProjects(text).every((project) => project.length <= employeeLimits.projectNameMax),
      `Keep each project name under ${employeeLimits.projectNameMax} characters.`,
    ),
});
export type EditEmployeeValues = z.input<typeof editEmployeeSchema>;

/** The edit form's starting values for an employee. */
export function editValuesFrom(employee: Employee): EditEmployeeValues {
  return {
    name: employee.name,
    email: employee.email,
    role: employee.role,
    username: employee.username,
    password: "",
    status: employee.status,
    performance: employee.performance,
    projects: formatProjects(employee.projects),
  };
}

/** The PUT body: the password is left out when blank so the current one is kept. */
export function toUpdateInput(values: z.output<typeof editEmployeeSchema>): UpdateEmployeeInput {
  const { password, projects, ...rest } = values;
  return { ...rest, ...(password ? { password } : {}), projects: parseProjects(projects) };
}
