import { and, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { ContactSubmission, JobApplication } from "../../../shared/leads.ts";
import type { Db } from "../../db/client.ts";
import { contactSubmissions, jobApplications, newsletterSubscribers } from "../../db/schema.ts";

export type ContactSubmissionRow = typeof contactSubmissions.$inferSelect;
export type JobApplicationRow = typeof jobApplications.$inferSelect;

/** `\`, `%` and `_` are wildcards to LIKE: a search for "50%" means those three characters. */
const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Every word of `q` must appear (case-insensitively) in at least one of the columns. */
function searchCondition(q: string | undefined, columns: PgColumn[]): SQL | undefined {
  const words = (q ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 10);
  if (words.length === 0) return undefined;
  return and(...words.map((word) => or(...columns.map((column) => ilike(column, likePattern(word))))));
}

export const contactFilePath = (id: number) => `/api/contact/${id}/file`;
export const resumePath = (id: number) => `/api/applications/${id}/resume`;

export const toContactSubmission = (row: ContactSubmissionRow): ContactSubmission => ({
  id: row.id,
  name: row.name,
  email: row.email,
  company: row.company,
  phone: row.phone,
  projectName: row.projectName,
  workTypes: row.workTypes,
  tonsOfSteel: row.tonsOfSteel,
  proposalDate: row.proposalDate,
  projectDate: row.projectDate,
  scopeOfWork: row.scopeOfWork,
  projectUrl: row.projectUrl,
  uploadedFilePath: row.fileKey ? contactFilePath(row.id) : null,
  fileName: row.fileKey ? row.fileName : null,
  fileType: row.fileKey ? row.fileType : null,
  submittedAt: row.submittedAt.toISOString(),
});

export const toJobApplication = (row: JobApplicationRow): JobApplication => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  message: row.message,
  appliedAt: row.appliedAt.toISOString(),
  resumePath: resumePath(row.id),
  resumeName: row.resumeName,
  resumeType: row.resumeType,
});

/** Quote requests, applications and newsletter addresses. */
export function leadRepository(db: Db) {
  return {
    /** Newest first, optionally searched by name, email, company, project and phone. */
    listContacts: (q?: string) =>
      db
        .select()
        .from(contactSubmissions)
        .where(
          searchCondition(q, [
            contactSubmissions.name,
            contactSubmissions.email,
            contactSubmissions.company,
            contactSubmissions.projectName,
            contactSubmissions.phone,
          ]),
        )
        .orderBy(desc(contactSubmissions.submittedAt), desc(contactSubmissions.id)),

    async contactById(id: number): Promise<ContactSubmissionRow | undefined> {
      const [row] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id)).limit(1);
      return row;
    },

    async removeContact(id: number): Promise<ContactSubmissionRow | undefined> {
      const [row] = await db.delete(contactSubmissions).where(eq(contactSubmissions.id, id)).returning();
      return row;
    },

    /** Newest first, optionally searched by name, email, phone and message. */
    listApplications: (q?: string) =>
      db
        .select()
        .from(jobApplications)
        .where(
          searchCondition(q, [
            jobApplications.name,
            jobApplications.email,
            jobApplications.phone,
            jobApplications.message,
          ]),
        )
        .orderBy(desc(jobApplications.appliedAt), desc(jobApplications.id)),

    async applicationById(id: number): Promise<JobApplicationRow | undefined> {
      const [row] = await db.select().from(jobApplications).where(eq(jobApplications.id, id)).limit(1);
      return row;
    },

    async removeApplication(id: number): Promise<JobApplicationRow | undefined> {
      const [row] = await db.delete(jobApplications).where(eq(jobApplications.id, id)).returning();
      return row;
    },

    /** Stores the address once, whatever its letter case; true when it was new. */
    async subscribe(email: string): Promise<boolean> {
      const inserted = await db
        .insert(newsletterSubscribers)
        .values({ email })
        .onConflictDoNothing()
        .returning({ id: newsletterSubscribers.id });
      return inserted.length > 0;
    },

    listSubscribers: () =>
      db
        .select({ email: newsletterSubscribers.email, subscribedAt: newsletterSubscribers.createdAt })
        .from(newsletterSubscribers)
        .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id)),
  };
}

export type LeadRepository = ReturnType<typeof leadRepository>;
