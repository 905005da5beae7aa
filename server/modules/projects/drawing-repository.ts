import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { type Drawing, type DrawingStatus, revisionRefusal } from "../../../shared/drawings.ts";
import type { Db } from "../../db/client.ts";
import { drawingRevisions, drawings } from "../../db/schema.ts";
import { badRequest, conflict } from "../../lib/errors.ts";

/** A revision's file as stored: its key in the `drawings` namespace, name and size. */
export interface StoredRevisionFile {
  key: string;
  fileName: string;
  size: number;
}

/** DESIGN §16 drawing register: sheets and their revisions, per project. */
export function drawingRepository(db: Db) {
  return {
    /** The register of a project (or its one sheet `number`): by number, each with its revisions, newest first. */
    async register(projectId: number, number?: string): Promise<Drawing[]> {
      const sheets = await db
        .select()
        .from(drawings)
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
    async addRevision(
      input: {
        projectId: number;
        number: string;
        title: string | undefined;
        revision: string;
        file: StoredRevisionFile;
        by: { id: number; username: string };
      },
      also: (tx: Db) => Promise<void>,
    ): Promise<void> {
      await db.transaction(async (tx) => {
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
        if (!sheet.title && !input.title) {
          throw badRequest("A new sheet needs a title.", { title: "A new sheet needs a title" });
        }
        const last = sheet.revision ? { revision: sheet.revision, status: sheet.status as DrawingStatus } : null;
        const refusal = revisionRefusal(input.number, last, input.revision);
        if (refusal) throw conflict(refusal);
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
      });
    },
  };
}
