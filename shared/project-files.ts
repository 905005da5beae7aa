/**
 * A project's Files tab (DESIGN §16 "tabs for drawings, transmittals, RFIs, files and chat"): the
 * documents the job keeps beside its register — what the client sent (contract drawings,
 * specifications, models) and the office's own — and, read-only, every file the loop made
 * (revisions, cover sheets, client markups, RFI attachments), each at its own download address.
 */
import { z } from "zod";

export const projectFileCategories = ["contract", "specification", "model", "correspondence", "other"] as const;
export type ProjectFileCategory = (typeof projectFileCategories)[number];

export const projectFileCategoryLabels: Record<ProjectFileCategory, string> = {
  contract: "Contract drawings",
  specification: "Specifications",
  model: "Models",
  correspondence: "Correspondence",
  other: "Other",
};

export const projectFileLimits = { maxMB: 500, noteMax: 500, listMax: 2000 } as const;

/** A document of the project, uploaded by the team. */
export const projectFileSchema = z.object({
  id: z.number().int(),
  category: z.enum(projectFileCategories),
  fileName: z.string(),
  size: z.number().int(),
  note: z.string(),
  uploadedBy: z.string().nullable(),
  uploadedAt: z.string(),
  /** Where it downloads (an address of the API). */
  url: z.string(),
});
export type ProjectFile = z.infer<typeof projectFileSchema>;

/** Where a file the loop made comes from. */
export const loopFileSources = ["revision", "cover", "markup", "rfi"] as const;
export type LoopFileSource = (typeof loopFileSources)[number];

export const loopFileSourceLabels: Record<LoopFileSource, string> = {
  revision: "Drawing revision",
  cover: "Transmittal cover sheet",
  markup: "Client markup",
  rfi: "RFI attachment",
};

/** A file of the loop: a sheet's revision, a transmittal's cover or markup, an RFI's attachment. */
export const loopFileSchema = z.object({
  source: z.enum(loopFileSources),
  /** What it belongs to: `E-101 rev B`, `P-1-T-003`, `RFI-002`. */
  of: z.string(),
  fileName: z.string(),
  size: z.number().int().nullable(),
  at: z.string(),
  url: z.string(),
});
export type LoopFile = z.infer<typeof loopFileSchema>;

/** GET /api/projects/{job}/files. */
export const projectFilesSchema = z.object({ documents: z.array(projectFileSchema), loop: z.array(loopFileSchema) });
export type ProjectFiles = z.infer<typeof projectFilesSchema>;

export const projectFilePaths = {
  list: (job: string) => `/api/projects/${encodeURIComponent(job)}/files`,
  one: (job: string, id: number) => `/api/projects/${encodeURIComponent(job)}/files/${id}`,
} as const;

/** The fields of POST /api/projects/{job}/files (multipart, beside `file`). */
export const projectFileFieldsSchema = z.object({
  category: z.enum(projectFileCategories, { error: "Choose what kind of file this is" }).default("other"),
  note: z
    .string()
    .trim()
    .max(projectFileLimits.noteMax, `A note has at most ${projectFileLimits.noteMax} characters`)
    .default(""),
});
