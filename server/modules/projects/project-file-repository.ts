import { and, desc, eq } from "drizzle-orm";
import {
  type LoopFile,
  type ProjectFile,
  type ProjectFileCategory,
  projectFileLimits,
} from "../../../shared/project-files.ts";
import type { Db } from "../../db/client.ts";
import {
  drawingRevisions,
  drawings,
  projectFiles,
  rfiFiles,
  rfis,
  transmittalMarkups,
  transmittals,
  users,
} from "../../db/schema.ts";

/** A project document as stored: its key in the `project-files` namespace, name, size and type. */
export interface StoredProjectFile {
  key: string;
  fileName: string;
  size: number;
  contentType: string;
}

const api = (job: string) => `/api/projects/${encodeURIComponent(job)}`;
const part = encodeURIComponent;

/** A project's Files tab: its own documents, and every file its loop made, newest first. */
export function projectFileRepository(db: Db) {
  return {
    /** The project's documents (or its one document `id`), newest first. */
    async documents(projectId: number, job: string, id?: number): Promise<ProjectFile[]> {
      const rows = await db
        .select({
          id: projectFiles.id,
          category: projectFiles.category,
          fileName: projectFiles.fileName,
          size: projectFiles.size,
          note: projectFiles.note,
          uploadedBy: users.username,
          uploadedAt: projectFiles.uploadedAt,
        })
        .from(projectFiles)
        .leftJoin(users, eq(users.id, projectFiles.uploadedBy))
        .where(and(eq(projectFiles.projectId, projectId), id === undefined ? undefined : eq(projectFiles.id, id)))
        .orderBy(desc(projectFiles.uploadedAt), desc(projectFiles.id))
        .limit(projectFileLimits.listMax);
      return rows.map((row) => ({
        ...row,
        category: row.category as ProjectFileCategory,
        uploadedAt: row.uploadedAt.toISOString(),
        url: `${api(job)}/files/${row.id}`,
      }));
    },

    /** One document of the project, with who uploaded it (by id), or undefined. */
    async document(projectId: number, id: number) {
      const [row] = await db
        .select()
        .from(projectFiles)
        .where(and(eq(projectFiles.projectId, projectId), eq(projectFiles.id, id)))
        .limit(1);
      return row;
    },

    /** Records a stored document in the caller's transaction; its id. */
    async insert(
      tx: Db,
      input: { projectId: number; category: ProjectFileCategory; note: string; file: StoredProjectFile; by: number },
    ): Promise<number> {
      const [row] = await tx
        .insert(projectFiles)
        .values({
          projectId: input.projectId,
          category: input.category,
          note: input.note,
          fileKey: input.file.key,
          fileName: input.file.fileName,
          size: input.file.size,
          contentType: input.file.contentType,
          uploadedBy: input.by,
        })
        .returning({ id: projectFiles.id });
      if (!row) throw new Error("project file insert returned nothing");
      return row.id;
    },

    /** Deletes a document's row in the caller's transaction; its key, or undefined when it was gone. */
    async remove(tx: Db, projectId: number, id: number): Promise<string | undefined> {
      const [row] = await tx
        .delete(projectFiles)
        .where(and(eq(projectFiles.projectId, projectId), eq(projectFiles.id, id)))
        .returning({ key: projectFiles.fileKey });
      return row?.key;
    },

    /**
     * Every file the project's loop made, newest first: each sheet's revisions, each transmittal's
     * cover sheet and client markups, each RFI's answer files. Each links to the route that already
     * serves it (with that route's own checks).
     */
    async loop(projectId: number, job: string): Promise<LoopFile[]> {
      const limit = projectFileLimits.listMax;
      const [revisions, covers, markups, answers] = await Promise.all([
        db
          .select({
            number: drawings.number,
            revision: drawingRevisions.revision,
            fileName: drawingRevisions.fileName,
            size: drawingRevisions.size,
            at: drawingRevisions.uploadedAt,
          })
          .from(drawingRevisions)
          .innerJoin(drawings, eq(drawings.id, drawingRevisions.drawingId))
          .where(eq(drawings.projectId, projectId))
          .orderBy(desc(drawingRevisions.id))
          .limit(limit),
        db
          .select({ number: transmittals.number, at: transmittals.createdAt })
          .from(transmittals)
          .where(eq(transmittals.projectId, projectId))
          .orderBy(desc(transmittals.id))
          .limit(limit),
        db
          .select({
            id: transmittalMarkups.id,
            transmittal: transmittals.number,
            sheet: transmittalMarkups.number,
            fileName: transmittalMarkups.fileName,
            size: transmittalMarkups.size,
            at: transmittalMarkups.uploadedAt,
          })
          .from(transmittalMarkups)
          .innerJoin(transmittals, eq(transmittals.id, transmittalMarkups.transmittalId))
          .where(eq(transmittals.projectId, projectId))
          .orderBy(desc(transmittalMarkups.id))
          .limit(limit),
        db
          .select({
            id: rfiFiles.id,
            rfi: rfis.number,
            fileName: rfiFiles.fileName,
            size: rfiFiles.size,
            at: rfiFiles.uploadedAt,
          })
          .from(rfiFiles)
          .innerJoin(rfis, eq(rfis.id, rfiFiles.rfiId))
          .where(eq(rfis.projectId, projectId))
          .orderBy(desc(rfiFiles.id))
          .limit(limit),
      ]);
      const files: (LoopFile & { time: number })[] = [
        ...revisions.map((row) => ({
          source: "revision" as const,
          of: `${row.number} rev ${row.revision}`,
          fileName: row.fileName,
          size: row.size,
          at: row.at,
          url: `${api(job)}/drawings/${part(row.number)}/revisions/${part(row.revision)}/file`,
        })),
        ...covers.map((row) => ({
          source: "cover" as const,
          of: row.number,
          fileName: `${row.number} cover sheet.pdf`,
          size: null,
          at: row.at,
          url: `${api(job)}/transmittals/${part(row.number)}/cover`,
        })),
        ...markups.map((row) => ({
          source: "markup" as const,
          of: `${row.transmittal} · ${row.sheet}`,
          fileName: row.fileName,
          size: row.size,
          at: row.at,
          url: `${api(job)}/transmittals/${part(row.transmittal)}/markups/${row.id}`,
        })),
        ...answers.map((row) => ({
          source: "rfi" as const,
          of: row.rfi,
          fileName: row.fileName,
          size: row.size,
          at: row.at,
          url: `${api(job)}/rfis/${part(row.rfi)}/files/${row.id}`,
        })),
      ].map(({ at, ...file }) => ({ ...file, at: at.toISOString(), time: at.getTime() }));
      return files
        .sort((a, b) => b.time - a.time)
        .slice(0, limit)
        .map(({ time: _time, ...file }) => file);
    },
  };
}
