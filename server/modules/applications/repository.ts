import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import {
  type Application,
  type ApplicationFilters,
  type ApplicationMultipartFields,
  type ApplicationPatch,
  type ApplicationStatus,
  applicationPaths,
  applicationStatusLabels,
  eraseAfter,
  erasedApplicationMessage,
  isClosedApplicationStatus,
  staleApplicationMessage,
} from "../../../shared/applications.ts";
import type { Db } from "../../db/client.ts";
import { applicationActivity, applicationNotes, jobApplications } from "../../db/schema.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import type { SavedUpload } from "../../lib/uploads.ts";
import type { Storage } from "../../plugins/storage.ts";
import { wordSearch } from "../activity/search.ts";
import type { Actor } from "../activity/timeline.ts";
import { type RecordAudit, workItemActivity } from "../activity/work-item-activity.ts";

export type ApplicationRow = typeof jobApplications.$inferSelect;

/** Where CVs are stored (the public form writes them, admins read them, erasure deletes them). */
export const resumeFiles = (storage: Storage) => storage.files("resumes");

export const notFoundMessage = "No such application.";

/** What the audit log and the timeline call an application: never the applicant's name (it outlives the data). */
export const applicationTarget = (id: number) => `application:${id}`;

export const searchCondition = wordSearch([
  jobApplications.name,
  jobApplications.email,
  jobApplications.phone,
  jobApplications.message,
  jobApplications.position,
]);

/** The API's view; an erased application keeps only id, position, status, appliedAt and erasedAt. */
export const toApplication = (row: ApplicationRow, retentionDays: number): Application => ({
  id: row.id,
  name: row.name,
  email: row.email,
  phone: row.phone,
  message: row.message,
  appliedAt: row.appliedAt.toISOString(),
  resumePath: row.resumeKey ? applicationPaths.resume(row.id) : null,
  resumeName: row.resumeName,
  resumeType: row.resumeType,
  position: row.position,
  status: row.status,
  keepForFutureRoles: row.keepForFutureRoles,
  version: row.version,
  erasedAt: row.erasedAt?.toISOString() ?? null,
  eraseAfter: eraseAfter(row, retentionDays)?.toISOString() ?? null,
});

const label = (status: ApplicationStatus) => applicationStatusLabels[status];

/**
 * Job applications (DESIGN §11): the one module that writes them, their notes, their timeline and
 * their erasure. `now` is the clock erasure and closing read (tests move it).
 */
export function applicationRepository(db: Db, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());

  async function byId(id: number, tx: Db = db): Promise<ApplicationRow | undefined> {
    const [row] = await tx.select().from(jobApplications).where(eq(jobApplications.id, id)).limit(1);
    return row;
  }

  /** The row, locked until the transaction ends: erasure and writes on the same application take turns. */
  async function locked(tx: Db, id: number): Promise<ApplicationRow> {
    const [row] = await tx.select().from(jobApplications).where(eq(jobApplications.id, id)).limit(1).for("update");
    if (!row) throw notFound(notFoundMessage);
    return row;
  }

  // The row is locked before a note is written: a note and an erasure of the same application never
  // interleave (no note outlives the erasure). The timeline does not repeat the text: it outlives
  // the personal data.
  const trail = workItemActivity(db, {
    itemId: jobApplications.id,
    key: "applicationId",
    tables: { notes: applicationNotes, activity: applicationActivity },
    notFoundMessage,
    async noteTarget(tx, id) {
      const application = await locked(tx, id);
      if (application.erasedAt) throw conflict(erasedApplicationMessage);
      return applicationTarget(id);
    },
    noteLine: () => "Note added",
  });

  return {
    byId,

    /** Newest first; `q` searches name, e-mail, phone, message and position. */
    list: (filters: ApplicationFilters = {}) =>
      db
        .select()
        .from(jobApplications)
        .where(
          and(
            searchCondition(filters.q),
            filters.status ? eq(jobApplications.status, filters.status) : undefined,
            filters.position ? eq(jobApplications.position, filters.position) : undefined,
          ),
        )
        .orderBy(desc(jobApplications.appliedAt), desc(jobApplications.id)),

    /** Stores an application from the career form in `tx` (the captcha's transaction), with its `created` line. */
    async create(tx: Db, fields: ApplicationMultipartFields, file: SavedUpload & { name: string }) {
      const [row] = await tx
        .insert(jobApplications)
        .values({ ...fields, resumeName: file.name, resumeKey: file.key, resumeType: file.contentType })
        .returning();
      if (!row) throw new Error("insert returned nothing");
      await trail.addLines(tx, row.id, [
        { kind: "created", summary: `Received from the career page (${row.position})`, actor: null },
      ]);
      return row;
    },

    /**
     * Applies a PATCH made from version `patch.version` (one UPDATE … WHERE id AND version; a stale
     * one is a 409 and changes nothing). Closing (hired, rejected) records `closedAt`, from which
     * retention counts; reopening clears it. An erased application cannot change.
     */
    async update(id: number, patch: ApplicationPatch, actor: Actor, record: RecordAudit): Promise<ApplicationRow> {
      return db.transaction(async (tx) => {
        const current = await byId(id, tx);
        if (!current) throw notFound(notFoundMessage);
        if (current.erasedAt) throw conflict(erasedApplicationMessage);
        if (current.version !== patch.version) throw conflict(staleApplicationMessage);
        const status = patch.status ?? current.status;
        if (status === current.status) return current;

        const closing = isClosedApplicationStatus(status);
        const closedAt = closing ? (isClosedApplicationStatus(current.status) ? current.closedAt : now()) : null;
        const [updated] = await tx
          .update(jobApplications)
          .set({ status, closedAt, version: sql`${jobApplications.version} + 1` })
          .where(and(eq(jobApplications.id, id), eq(jobApplications.version, patch.version)))
          .returning();
        // Another admin's change (or an erasure) committed since this one read the row.
        if (!updated) throw conflict(staleApplicationMessage);
        const summary = `Status: ${label(current.status)} → ${label(status)}`;
        await trail.addLines(tx, id, [{ kind: "status", summary, actor }]);
        await record(tx, { target: applicationTarget(id), summary });
        return updated;
      });
    },

    /** Notes oldest first (none once erased); a 404 for an unknown application. */
    notes: trail.notes,
    /** Adds a note with its timeline line and audit entry; a 409 once erased. */
    addNote: trail.addNote,
    /** The timeline, oldest first; a 404 for an unknown application. */
    activity: trail.timeline,

    /**
     * Erases an application's personal data: the fields are emptied, the notes deleted, the
     * version bumped (an open edit of it gets a 409) and an `erased` line written, in one
     * transaction; `record` adds the audit entry of an admin's erasure. Answers the erased row
     * and the CV's storage key, which the caller deletes once this has committed (a crash in
     * between leaves a file no row names, removed at the next start). Erasing an erased
     * application changes nothing (`key` undefined).
     */
    async erase(
      id: number,
      by: { actor: Actor; record: RecordAudit } | { reason: string },
    ): Promise<{ row: ApplicationRow; key?: string }> {
      return db.transaction(async (tx) => {
        const current = await locked(tx, id);
        if (current.erasedAt) return { row: current };
        const [row] = await tx
          .update(jobApplications)
          .set({
            name: "",
            email: "",
            phone: "",
            message: "",
            resumeName: "",
            resumeKey: null,
            resumeType: "",
            erasedAt: now(),
            version: sql`${jobApplications.version} + 1`,
          })
          .where(eq(jobApplications.id, id))
          .returning();
        if (!row) throw notFound(notFoundMessage);
        await trail.deleteNotes(tx, id);
        if ("actor" in by) {
          await trail.addLines(tx, id, [{ kind: "erased", summary: "Personal data and CV erased", actor: by.actor }]);
          await by.record(tx, { target: applicationTarget(id), summary: "Personal data and CV erased" });
        } else {
          await trail.addLines(tx, id, [{ kind: "erased", summary: by.reason, actor: null }]);
        }
        return { row, key: current.resumeKey ?? undefined };
      });
    },

    /**
     * Ids of applications whose retention period has ended at `at`: `retentionDays` after closing
     * (or after coming in, while open), twice that with the applicant's consent. Oldest first.
     */
    async dueForErasure(at: Date, retentionDays: number, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: jobApplications.id })
        .from(jobApplications)
        .where(
          and(
            isNull(jobApplications.erasedAt),
            // To the millisecond, as `eraseAfter` shows it (PostgreSQL keeps microseconds).
            sql`date_trunc('milliseconds', coalesce(${jobApplications.closedAt}, ${jobApplications.appliedAt}))
              + make_interval(days => ${retentionDays}::int * (case when ${jobApplications.keepForFutureRoles} then 2 else 1 end))
              <= ${at.toISOString()}::timestamptz`,
          ),
        )
        .orderBy(asc(jobApplications.id))
        .limit(limit);
      return rows.map((row) => row.id);
    },

    /** Deletes an application with its notes and timeline; the caller removes its CV. */
    async remove(id: number): Promise<ApplicationRow | undefined> {
      const [row] = await db.delete(jobApplications).where(eq(jobApplications.id, id)).returning();
      return row;
    },
  };
}

export type ApplicationRepository = ReturnType<typeof applicationRepository>;
