/**
 * DESIGN §16 projects: a job the firm details, with a client, a fabricator, a due date and a team.
 * Admins create and edit them; team members read and work on them; nobody else sees one.
 */
import { z } from "zod";
import { usernameSchema } from "./auth.ts";
import { emailAddressSchema } from "./public-forms.ts";

export const projectLimits = {
  nameMax: 200,
  companyMax: 200,
  contactMax: 120,
  fabricatorMax: 200,
  teamMax: 100,
} as const;

/** The firm's job number: 2–20 capital letters, digits and hyphens, unique. */
export const jobPattern = /^[A-Z0-9-]{2,20}$/;
export const jobSchema = z
  .string({ error: "A job number is required" })
  .trim()
  .regex(jobPattern, "The job number must be 2–20 capital letters, digits or hyphens");

// Control characters are refused for every request by the server's input check (DESIGN §14).
const text = (max: number, what: string) => z.string().trim().max(max, `${what} must have at most ${max} characters`);
const required = (max: number, what: string) => text(max, what).pipe(z.string().min(1, `${what} is required`));

/** A calendar day, `YYYY-MM-DD`, that exists. */
export const calendarDaySchema = z.iso.date("The due date must be a day (YYYY-MM-DD)");

export const projectClientSchema = z
  .object({
    company: required(projectLimits.companyMax, "The client's company"),
    contact: text(projectLimits.contactMax, "The client's contact").default(""),
    email: emailAddressSchema,
  })
  .strict();

const teamSchema = z
  .array(usernameSchema, { error: "The team must be a list of usernames" })
  .max(projectLimits.teamMax, `A team has at most ${projectLimits.teamMax} people`);

/** POST /api/projects. */
export const createProjectSchema = z
  .object({
    job: jobSchema,
    name: required(projectLimits.nameMax, "The project's name"),
    client: projectClientSchema,
    fabricator: text(projectLimits.fabricatorMax, "The fabricator").default(""),
    dueDate: calendarDaySchema.nullish(),
    team: teamSchema.default([]),
  })
  .strict();
export type CreateProject = z.infer<typeof createProjectSchema>;

/** PATCH /api/projects/{job}: any field but the job number, with the `version` read (409 when stale). */
export const updateProjectSchema = z
  .object({
    version: z.number({ error: "The version read is required" }).int().min(0),
    name: required(projectLimits.nameMax, "The project's name").optional(),
    client: projectClientSchema.optional(),
    fabricator: text(projectLimits.fabricatorMax, "The fabricator").optional(),
    dueDate: calendarDaySchema.nullable().optional(),
    team: teamSchema.optional(),
  })
  .strict();
export type UpdateProject = z.infer<typeof updateProjectSchema>;

export const projectSchema = z.object({
  job: z.string(),
  name: z.string(),
  client: z.object({ company: z.string(), contact: z.string(), email: z.string() }),
  fabricator: z.string(),
  dueDate: z.string().nullable(),
  /** Usernames, in order. */
  team: z.array(z.string()),
  /** The project's chat group (`{job} {name}`, its members the team); null once deleted in the chat. */
  chatGroupId: z.number().int().nullable(),
  version: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Project = z.infer<typeof projectSchema>;

export const projectPaths = {
  list: "/api/projects",
  one: (job: string) => `/api/projects/${encodeURIComponent(job)}`,
} as const;

/** The chat group's name for a project. */
export const projectGroupName = (project: { job: string; name: string }) => `${project.job} ${project.name}`;
