/**
 * DESIGN §11: a job application as work (position, stages, consent, version, erasure).
 */
import { z } from "zod";
import { jobApplicationSchema } from "./leads.ts";

export const applicationStatuses = ["new", "screening", "interview", "offer", "hired", "rejected"] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  new: "New",
  screening: "Screening",
  interview: "Interview",
  offer: "Offer",
  hired: "Hired",
  rejected: "Rejected",
};

/** The form's `position` when no listed role was chosen. */
export const openApplication = "Open application";

/**
 * A job application as the dashboard sees it. Once erased only `id`, `position`, `status`,
 * `appliedAt` and `erasedAt` carry anything: the personal fields are empty and there is no CV.
 */
export const applicationSchema = jobApplicationSchema.extend({
  position: z.string(),
  status: z.enum(applicationStatuses),
  keepForFutureRoles: z.boolean(),
  version: z.number().int(),
  erasedAt: z.iso.datetime().nullable(),
  /** When its personal data will be erased automatically (null once erased). */
  eraseAfter: z.iso.datetime().nullable(),
});
export type Application = z.infer<typeof applicationSchema>;

/** PATCH /api/applications/{id} with the `version` read. */
export const applicationPatchSchema = z
  .object({
    version: z.number().int().min(0),
    status: z.enum(applicationStatuses).optional(),
  })
  .strict();
export type ApplicationPatch = z.infer<typeof applicationPatchSchema>;

/** The 409 answer's message when two admins edit at once. */
export const staleApplicationMessage = "Someone else changed this application. Reload to see their changes.";

export const applicationPaths = {
  list: "/api/applications",
  one: (id: number) => `/api/applications/${id}`,
  notes: (id: number) => `/api/applications/${id}/notes`,
  activity: (id: number) => `/api/applications/${id}/activity`,
  erase: (id: number) => `/api/applications/${id}/erase`,
  resume: (id: number) => `/api/applications/${id}/resume`,
  csv: "/api/applications/export.csv",
} as const;
