import { z } from "zod";
import {
  type CreateProject,
  calendarDaySchema,
  createProjectSchema,
  type Project,
  projectClientSchema,
  projectLimits,
  type UpdateProject,
} from "../../../../shared/projects.ts";

/** The project form: the server's own field rules (shared/projects.ts), laid out flat. */
export const projectFormSchema = z.object({
  job: createProjectSchema.shape.job,
  name: createProjectSchema.shape.name,
  company: projectClientSchema.shape.company,
  contact: z
    .string()
    .trim()
    .max(projectLimits.contactMax, `The client's contact must have at most ${projectLimits.contactMax} characters`),
  email: projectClientSchema.shape.email,
  fabricator: z
    .string()
    .trim()
    .max(projectLimits.fabricatorMax, `The fabricator must have at most ${projectLimits.fabricatorMax} characters`),
  dueDate: z.union([z.literal(""), calendarDaySchema]),
  team: z.array(z.string()),
});
export type ProjectFormValues = z.infer<typeof projectFormSchema>;

export const emptyProjectForm: ProjectFormValues = {
  job: "",
  name: "",
  company: "",
  contact: "",
  email: "",
  fabricator: "",
  dueDate: "",
  team: [],
};

export const projectFormValues = (project: Project): ProjectFormValues => ({
  job: project.job,
  name: project.name,
  company: project.client.company,
  contact: project.client.contact,
  email: project.client.email,
  fabricator: project.fabricator,
  dueDate: project.dueDate ?? "",
  team: project.team,
});

export const createBody = (values: ProjectFormValues): CreateProject => ({
  job: values.job,
  name: values.name,
  client: { company: values.company, contact: values.contact, email: values.email },
  fabricator: values.fabricator,
  dueDate: values.dueDate || null,
  team: values.team,
});

export const updateBody = (values: ProjectFormValues, version: number): UpdateProject => {
  const { job: _job, ...rest } = createBody(values);
  return { ...rest, version };
};

/** The server's 400 field names (`client.email`) as the form's (`email`). */
export const formFieldOf = (serverField: string): keyof ProjectFormValues | undefined => {
  const field = serverField.replace(/^client\./, "").replace(/\.\d+$/, "");
  return field in emptyProjectForm ? (field as keyof ProjectFormValues) : undefined;
};
