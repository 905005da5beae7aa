/**
 * DESIGN §11 audit log: every change an admin makes and every admin login, append-only.
 */
import { z } from "zod";

export const auditActions = [
  "employee.create",
  "employee.update",
  "employee.delete",
  "quote.update",
  "quote.note",
  "application.update",
  "application.note",
  "application.erase",
  "share.create",
  "share.delete",
  // Not in DESIGN §11's list: extending a link (issue #15) is a change an admin makes (decision 023).
  "share.update",
  "fileRequest.create",
  "fileRequest.delete",
  "group.create",
  "group.update",
  "group.delete",
  "project.create",
  "project.update",
  // Not in DESIGN §16's list: a project's own documents (its Files tab) come and go like its drawings.
  "project.fileAdd",
  "project.fileRemove",
  "drawing.upload",
  "drawing.import",
  "drawing.release",
  // Not in DESIGN §16's list: giving a sheet to someone (issue #34) is a change like the others.
  "drawing.assign",
  "transmittal.create",
  "transmittal.response",
  // Not in DESIGN §16's list: voiding a review link (its page then answers 410) is a change like the others.
  "transmittal.void",
  // Not in DESIGN §16's list: renaming the review's responses changes what every client reads.
  "transmittal.labels",
  "rfi.create",
  "rfi.answer",
  "rfi.close",
  "markup.create",
  "markup.update",
  "markup.delete",
  "site.edit",
  "site.publish",
  "site.restore",
  "auth.login",
  "auth.loginFailed",
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.iso.datetime(),
  /** The admin's username; for auth.loginFailed the username tried. */
  actor: z.string(),
  action: z.enum(auditActions),
  /** What it acted on, e.g. `employee:12`, `quote:Q-2026-0042`; null when nothing in particular. */
  target: z.string().nullable(),
  summary: z.string(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const isoTime = z.iso.datetime({ offset: true, error: "Use an ISO time, e.g. 2026-11-25T09:00:00Z" });

/** GET /api/admin/audit?actor=&action=&from=&to=&page=&size=&format= (exact matches; ISO times). */
export const auditQuerySchema = z.object({
  actor: z.string().trim().min(1).max(64).optional(),
  action: z.enum(auditActions, { error: "Unknown action" }).optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(200).default(50),
  format: z.enum(["json", "csv"]).default("json"),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditPageSchema = z.object({
  content: z.array(auditEntrySchema),
  page: z.number().int(),
  size: z.number().int(),
  totalElements: z.number().int(),
  last: z.boolean(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const auditCsvColumns = ["at", "actor", "action", "target", "summary", "ip"] as const;

export const auditPaths = {
  list: "/api/admin/audit",
} as const;
