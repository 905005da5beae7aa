import { and, asc, desc, eq, exists, inArray, or, sql } from "drizzle-orm";
import { type Drawing, type DrawingStatus, releaseRefusal, revisionRefusal } from "../../../shared/drawings.ts";
import type { Db } from "../../db/client.ts";
import { drawingRevisions, drawings, projectMembers, users } from "../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";

/** A revision's file as stored: its key in the `drawings` namespace, name and size. */
export interface StoredRevisionFile {
  key: string;
  fileName: string;
  size: number;
}

/**
 * Throws why `revision` of sheet `number` (as it is now; undefined when the register has none)
 * cannot be added: a new sheet needs a title (400), and a revision must follow the last (409,
 * DESIGN §16). A resumable upload asks at its creation, addRevision again under the sheet's lock.
 */
export function refuseRevision(
  number: string,
  sheet: { title: string; revision: string; status: string } | undefined,
  revision: string,
  title: string | null | undefined,
): void {
  if (!sheet?.title && !title) throw badRequest("A new sheet needs a title.", { title: "A new sheet needs a title" });
  const last = sheet?.revision ? { revision: sheet.revision, status: sheet.status as DrawingStatus } : null;
  const refusal = revisionRefusal(number, last, revision);
  if (refusal) throw conflict(refusal);
}

/** A revision to add: the sheet (a new one needs a title), the revision, its stored file and who sent it. */
export interface NewRevision {
  projectId: number;
  number: string;
  title: string | undefined;
  revision: string;
  file: StoredRevisionFile;
  by: { id: number; username: string };
}

/** DESIGN §16 drawing register: sheets and their revisions, per project. */
export function drawingRepository(db: Db) {
  return {
    /** The register of a project (or its one sheet `number`): by number, each with its revisions, newest first. */
    async register(projectId: number, number?: string): Promise<Drawing[]> {
      const sheets = await db
        .select({
          id: drawings.id,
          number: drawings.number,
          title: drawings.title,
          revision: drawings.revision,
          status: drawings.status,
          onHold: drawings.onHold,
          assignee: users.username,
          updatedAt: drawings.updatedAt,
        })
        .from(drawings)
        .leftJoin(users, eq(users.id, drawings.assigneeId))
        .where(and(eq(drawings.projectId, projectId), number === undefined ? undefined : eq(drawings.number, number)))
        .orderBy(asc(drawings.number));
      if (sheets.length === 0) return [];
      const revisions = await db
        .select()
        .from(drawingRevisions)
        .where(
          inArray(
            drawingRevisions.drawingId,
            sheets.map((sheet) => sheet.id),
          ),
        )
        .orderBy(desc(drawingRevisions.id));
      const bySheet = new Map<number, Drawing["revisions"]>(sheets.map((sheet) => [sheet.id, []]));
      for (const revision of revisions) {
        bySheet.get(revision.drawingId)?.push({
          revision: revision.revision,
          fileName: revision.fileName,
          size: revision.size,
          uploadedAt: revision.uploadedAt.toISOString(),
          uploadedBy: revision.uploadedByName,
          status: revision.status,
        });
      }
      return sheets.map((sheet) => ({
        number: sheet.number,
        title: sheet.title,
        revision: sheet.revision,
        status: sheet.status,
        onHold: sheet.onHold,
        assignee: sheet.assignee,
        updatedAt: sheet.updatedAt.toISOString(),
        revisions: bySheet.get(sheet.id) ?? [],
      }));
    },

    /** A revision's stored file, by sheet number and revision. */
    async revisionFile(projectId: number, number: string, revision: string) {
      const [row] = await db
        .select({ key: drawingRevisions.fileKey, fileName: drawingRevisions.fileName })
        .from(drawingRevisions)
        .innerJoin(drawings, eq(drawings.id, drawingRevisions.drawingId))
        .where(
          and(eq(drawings.projectId, projectId), eq(drawings.number, number), eq(drawingRevisions.revision, revision)),
        )
        .limit(1);
      return row;
    },

    /**
     * Adds a revision to a sheet (and the sheet, when it is new), in one transaction with `also`
     * (the audit entry): refused with the reason when the revision does not follow the sheet's
     * last one (DESIGN §16). The sheet's row is locked, so two uploads of one sheet take turns.
     */
    async addRevision(input: NewRevision, also: (tx: Db) => Promise<void>): Promise<void> {
      await db.transaction((tx) => this.addRevisionIn(tx, input, also));
    },

    /** addRevision in the caller's transaction (a resumable upload's, which ends with it). */
    async addRevisionIn(tx: Db, input: NewRevision, also: (tx: Db) => Promise<void>): Promise<void> {
      await tx
        .insert(drawings)
        .values({ projectId: input.projectId, number: input.number, title: input.title ?? "" })
        .onConflictDoNothing();
      const [sheet] = await tx
        .select()
        .from(drawings)
        .where(and(eq(drawings.projectId, input.projectId), eq(drawings.number, input.number)))
        .limit(1)
        .for("update");
      if (!sheet) throw new Error("a sheet vanished while it was locked");
      refuseRevision(input.number, sheet, input.revision, input.title);
      await tx.insert(drawingRevisions).values({
        drawingId: sheet.id,
        revision: input.revision,
        fileKey: input.file.key,
        fileName: input.file.fileName,
        size: input.file.size,
        uploadedById: input.by.id,
        uploadedByName: input.by.username,
      });
      await tx
        .update(drawings)
        .set({
          revision: input.revision,
          status: "inProgress",
          title: input.title || sheet.title,
          updatedAt: sql`now()`,
        })
        .where(eq(drawings.id, sheet.id));
      await also(tx);
    },

    /**
     * A sheet's title and last revision as they are now, read without a lock (undefined when the
     * register has no such sheet): a resumable upload is refused before its bytes are sent, and
     * addRevision checks again under the lock.
     */
    async sheetNow(projectId: number, number: string) {
      const [sheet] = await db
        .select({ title: drawings.title, revision: drawings.revision, status: drawings.status })
        .from(drawings)
        .where(and(eq(drawings.projectId, projectId), eq(drawings.number, number)))
        .limit(1);
      return sheet;
    },

    /**
     * Lists sheets by number and title (an imported register), in one transaction with `also`
     * (the audit entry): adds the sheets that are new (no revision yet), changes the titles that
     * differ (an empty title keeps the sheet's), never touches a revision. `check` is told which
     * numbers exist (their rows locked) and throws to refuse the whole list.
     */
    async importSheets(
      projectId: number,
      rows: readonly { number: string; title: string }[],
      check: (existing: ReadonlySet<string>) => void,
      also: (tx: Db, counts: { created: number; updated: number }) => Promise<void>,
    ): Promise<{ created: Set<string>; updated: Set<string> }> {
      return db.transaction(async (tx) => {
        const numbers = rows.map((row) => row.number);
        const existing = numbers.length
          ? await tx
              .select({ number: drawings.number, title: drawings.title })
              .from(drawings)
              .where(and(eq(drawings.projectId, projectId), inArray(drawings.number, numbers)))
              .for("update")
          : [];
        const titles = new Map(existing.map((sheet) => [sheet.number, sheet.title]));
        check(new Set(titles.keys()));
        const created = rows.filter((row) => !titles.has(row.number));
        const changed = rows.filter(
          (row) => titles.has(row.number) && row.title && row.title !== titles.get(row.number),
        );
        for (let start = 0; start < created.length; start += 1000) {
          await tx
            .insert(drawings)
            .values(
              created.slice(start, start + 1000).map((row) => ({ projectId, number: row.number, title: row.title })),
            )
            // Listed at the same moment by another import or upload: its title is this list's.
            .onConflictDoUpdate({
              target: [drawings.projectId, drawings.number],
              set: { title: sql`excluded.title`, updatedAt: sql`now()` },
            });
        }
        for (let start = 0; start < changed.length; start += 1000) {
          const values = sql.join(
            changed.slice(start, start + 1000).map((row) => sql`(${row.number}, ${row.title})`),
            sql`, `,
          );
          await tx.execute(sql`
            update ${drawings} set title = listed.title, updated_at = now()
            from (values ${values}) as listed(number, title)
            where ${drawings.projectId} = ${projectId} and ${drawings.number} = listed.number`);
        }
        await also(tx, { created: created.length, updated: changed.length });
        return {
          created: new Set(created.map((row) => row.number)),
          updated: new Set(changed.map((row) => row.number)),
        };
      });
    },

    /** The active account named (any case) if it may be given a sheet of the project: on its team, or an admin. */
    async assignable(projectId: number, username: string): Promise<{ id: number; username: string } | undefined> {
      const [row] = await db
        .select({ id: users.id, username: users.username })
        .from(users)
        .where(
          and(
            eq(sql`lower(${users.username})`, username.toLowerCase()),
            eq(users.status, "active"),
            or(
              eq(users.kind, "admin"),
              exists(
                db
                  .select({ one: sql`1` })
                  .from(projectMembers)
                  .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, users.id))),
              ),
            ),
          ),
        )
        .limit(1);
      return row;
    },

    /**
     * Sets who sheet `number` waits on (null: nobody), in one transaction with `also` (the audit
     * entry, told who it waited on before): 404 for no such sheet. Not a change of the sheet's
     * drawing, so `updatedAt` stays.
     */
    async assign(
      projectId: number,
      number: string,
      assigneeId: number | null,
      also: (tx: Db, before: string | null) => Promise<void>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
        const [sheet] = await tx
          .select({ id: drawings.id, before: users.username })
          .from(drawings)
          .leftJoin(users, eq(users.id, drawings.assigneeId))
          .where(and(eq(drawings.projectId, projectId), eq(drawings.number, number)))
          .limit(1)
          .for("update", { of: drawings });
        if (!sheet) throw notFound("No such sheet.");
        await tx.update(drawings).set({ assigneeId }).where(eq(drawings.id, sheet.id));
        await also(tx, sheet.before);
      });
    },

    /**
     * Releases sheet `number` for fabrication (the sheet and its latest revision), in one
     * transaction with `also` (the audit entry): 404 for no such sheet, 409 with the reason when
     * it is not approved or is on hold. The sheet's row is locked, so two releases take turns.
     */
    async release(projectId: number, number: string, also: (tx: Db) => Promise<void>): Promise<void> {
      await db.transaction(async (tx) => {
        const [sheet] = await tx
          .select()
          .from(drawings)
          .where(and(eq(drawings.projectId, projectId), eq(drawings.number, number)))
          .limit(1)
          .for("update");
        if (!sheet) throw notFound("No such sheet.");
        const refusal = releaseRefusal(sheet.number, sheet);
        if (refusal) throw conflict(refusal);
        await tx.update(drawings).set({ status: "released", updatedAt: sql`now()` }).where(eq(drawings.id, sheet.id));
        const [latest] = await tx
          .select({ id: drawingRevisions.id })
          .from(drawingRevisions)
          .where(eq(drawingRevisions.drawingId, sheet.id))
          .orderBy(desc(drawingRevisions.id))
          .limit(1);
        if (latest) {
          await tx.update(drawingRevisions).set({ status: "released" }).where(eq(drawingRevisions.id, latest.id));
        }
        await also(tx);
      });
    },
  };
}
