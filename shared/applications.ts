/**
 * DESIGN §11: a job application as work (position, stages, consent, version, erasure).
 */
import { z } from "zod";
import { openApplication } from "./open-positions.ts";
import { applicationFieldsSchema, jobApplicationSchema, publicFormLimits } from "./public-forms.ts";

export { openApplication } from "./open-positions.ts";

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

/** Closed applications: retention counts from when they closed. */
export const closedApplicationStatuses: readonly ApplicationStatus[] = ["hired", "rejected"];
export const isClosedApplicationStatus = (status: ApplicationStatus) => closedApplicationStatuses.includes(status);

/** The `position` error, the form's and the server's alike. */
export const positionMessage = "Choose a position from the list";
/** A job's title at most (`jobFieldsSchema` in site-content.ts). */
const positionMax = 120;
/**
 * An open job's title, or `Open application`, as far as a schema can tell: which titles are open is
 * the database's to say (DESIGN §17), so the server checks that; the form has no database.
 */
export const positionSchema = z
  .string({ error: positionMessage })
  .trim()
  .min(1, positionMessage)
  .max(positionMax, positionMessage);

/**
 * The career form's multipart fields as the server reads them: SPEC's, plus `position` (absent or
 * empty: Open application) and `keepForFutureRoles` (the checkbox sends "true"; absent: no consent).
 */
export const applicationMultipartSchema = applicationFieldsSchema.extend({
  position: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : openApplication))
    .pipe(positionSchema),
  keepForFutureRoles: z
    .enum(["true", "on", "false", ""], { error: "Tick the box, or leave it empty" })
    .optional()
    .transform((value) => value === "true" || value === "on"),
});
export type ApplicationMultipartFields = z.output<typeof applicationMultipartSchema>;

/**
 * When an application's personal data is erased (DESIGN §11): `retentionDays` after it closed, or
 * after it came in while open; twice as long with the applicant's consent. Null once erased.
 */
export function eraseAfter(
  application: { appliedAt: Date; closedAt: Date | null; keepForFutureRoles: boolean; erasedAt: Date | null },
  retentionDays: number,
): Date | null {
  if (application.erasedAt) return null;
  const from = application.closedAt ?? application.appliedAt;
  const days = retentionDays * (application.keepForFutureRoles ? 2 : 1);
  return new Date(from.getTime() + days * 24 * 60 * 60 * 1000);
}

/**
 * A job application as the dashboard sees it. Once erased only `id`, `position`, `status`,
 * `appliedAt` and `erasedAt` carry anything: the personal fields are empty and there is no CV.
 */
export const applicationSchema = jobApplicationSchema.extend({
  /** `/api/applications/{id}/resume` (admin bearer token); null once erased. */
  resumePath: z.string().nullable(),
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

/** The 409 answer to a change or a note on an erased application. */
export const erasedApplicationMessage = "This application was erased: there is nothing left to work on.";

/** The list's filters: GET /api/applications?q=&status=&position= */
export const applicationFiltersSchema = z.object({
  q: z.string().trim().max(publicFormLimits.searchMax, "The search is too long").optional(),
  status: z.enum(applicationStatuses, { error: "Unknown status" }).optional(),
  position: z.string().trim().min(1).max(200).optional(),
});
export type ApplicationFilters = z.infer<typeof applicationFiltersSchema>;

/** The admin dashboard's applications section (its anchor: the e-mail about an application links to it). */
export const applicationsSectionId = "job-applications";

export const applicationPaths = {
  list: "/api/applications",
  one: (id: number) => `/api/applications/${id}`,
  notes: (id: number) => `/api/applications/${id}/notes`,
  activity: (id: number) => `/api/applications/${id}/activity`,
  erase: (id: number) => `/api/applications/${id}/erase`,
  resume: (id: number) => `/api/applications/${id}/resume`,
  csv: "/api/applications/export.csv",
} as const;
