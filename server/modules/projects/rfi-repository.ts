import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { type Rfi, type RfiState, rfiNumber } from "../../../shared/rfis.ts";
import type { Db } from "../../db/client.ts";
import {
  drawingRevisions,
  drawings,
  markups,
  projectMembers,
  projects,
  rfiFiles,
  rfiSheets,
  rfis,
} from "../../db/schema.ts";
import { badRequest } from "../../lib/errors.ts";

export type RfiRow = typeof rfis.$inferSelect;

/** A file sent with an answer, as stored in the `rfis` namespace. */
export interface StoredRfiFile {
  key: string;
  fileName: string;
  size: number;
}

export interface NewRfi {
  projectId: number;
  subject: string;
  question: string;
  suggestion: string;
  sheets: string[];
  to: string;
  dueAt: Date;
  token: string;
  by: { id: number; username: string };
}

/**
 * Locks the sheets' rows (in id order, so two changes never wait on each other in a circle), then
 * sets each one's hold: on exactly while an `open` RFI names it. The recount is its own statement,
 * run after the locks are held, so it sees every change committed before it (DESIGN §16).
 */
export async function recomputeHolds(tx: Db, drawingIds: readonly number[]): Promise<void> {
  if (drawingIds.length === 0) return;
  const ids = [...new Set(drawingIds)].sort((a, b) => a - b);
  await tx
    .select({ id: drawings.id })
    .from(drawings)
    .where(inArray(drawings.id, ids))
    .orderBy(asc(drawings.id))
    .for("update");
  await tx
    .update(drawings)
    .set({
      onHold: sql`exists (select 1 from ${rfiSheets} join ${rfis} on ${rfis.id} = ${rfiSheets.rfiId}
        where ${rfiSheets.drawingId} = ${drawings.id} and ${rfis.state} = 'open')`,
    })
    .where(inArray(drawings.id, ids));
}

/** The markup an RFI was asked from (DESIGN §18 "Ask as RFI"). */
export interface AskedFrom {
  id: number;
  sheet: string;
  revision: string;
  page: number;
}

/** An RFI with the sheets it names, the files of its answer and the markup it was asked from. */
export type RfiView = RfiRow & { sheets: string[]; files: Rfi["files"]; markup: AskedFrom | null };

/** DESIGN §16 RFIs of a project: numbered per project, each naming sheets it holds while open. */
export function rfiRepository(db: Db) {
  /** Sheets' numbers and files of the RFIs given, each list in order. */
  async function details(ids: number[], tx: Db = db) {
    const sheets = new Map<number, string[]>(ids.map((id) => [id, []]));
    const files = new Map<number, Rfi["files"]>(ids.map((id) => [id, []]));
    const asked = new Map<number, AskedFrom>();
    if (ids.length === 0) return { sheets, files, asked };
    const named = await tx
      .select({ rfiId: rfiSheets.rfiId, number: drawings.number })
      .from(rfiSheets)
      .innerJoin(drawings, eq(drawings.id, rfiSheets.drawingId))
      .where(inArray(rfiSheets.rfiId, ids))
      .orderBy(asc(drawings.number));
    for (const row of named) sheets.get(row.rfiId)?.push(row.number);
    const sent = await tx.select().from(rfiFiles).where(inArray(rfiFiles.rfiId, ids)).orderBy(asc(rfiFiles.id));
    for (const file of sent) {
      files.get(file.rfiId)?.push({
        id: file.id,
        fileName: file.fileName,
        size: file.size,
        uploadedAt: file.uploadedAt.toISOString(),
      });
    }
    const from = await tx
      .select({
        rfiId: markups.rfiId,
        id: markups.id,
        sheet: drawings.number,
        revision: drawingRevisions.revision,
        page: markups.page,
      })
      .from(markups)
      .innerJoin(drawings, eq(drawings.id, markups.drawingId))
      .innerJoin(drawingRevisions, eq(drawingRevisions.id, markups.revisionId))
      .where(inArray(markups.rfiId, ids));
    for (const { rfiId, ...markup } of from) if (rfiId !== null) asked.set(rfiId, markup);
    return { sheets, files, asked };
  }

  return {
    /**
     * Writes an RFI with the next number of its project, the sheets it names (every one in the
     * register, or 400 naming those that are not) and their holds, then `also` (audit, e-mail's
     * record), in one transaction. The project's row is locked, so two RFIs made at once take turns
     * for their numbers.
     */
    async create(input: NewRfi, also: (tx: Db, row: RfiRow) => Promise<void>): Promise<RfiRow> {
      return db.transaction(async (tx) => {
        await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, input.projectId)).for("update");
        const wanted = [...new Set(input.sheets)];
        const found =
          wanted.length === 0
            ? []
            : await tx
                .select({ id: drawings.id, number: drawings.number })
                .from(drawings)
                .where(and(eq(drawings.projectId, input.projectId), inArray(drawings.number, wanted)));
        const known = new Set(found.map((sheet) => sheet.number));
        const unknown = wanted.filter((number) => !known.has(number));
        if (unknown.length > 0) {
          const list =
            unknown.slice(0, 10).join(", ") + (unknown.length > 10 ? ` and ${unknown.length - 10} more` : "");
          throw badRequest(`Some sheets are not in the register: ${list}.`, { sheets: `Not in the register: ${list}` });
        }
        const [last] = await tx
          .select({ seq: sql<number>`coalesce(max(${rfis.seq}), 0)::int` })
          .from(rfis)
          .where(eq(rfis.projectId, input.projectId));
        const seq = (last?.seq ?? 0) + 1;
        const [row] = await tx
          .insert(rfis)
          .values({
            projectId: input.projectId,
            seq,
            number: rfiNumber(seq),
            subject: input.subject,
            question: input.question,
            suggestion: input.suggestion,
            to: input.to,
            dueAt: input.dueAt,
            token: input.token,
            createdById: input.by.id,
            createdByName: input.by.username,
          })
          .returning();
        if (!row) throw new Error("rfi insert returned nothing");
        if (found.length > 0) {
          await tx.insert(rfiSheets).values(found.map((sheet) => ({ rfiId: row.id, drawingId: sheet.id })));
          await recomputeHolds(
            tx,
            found.map((sheet) => sheet.id),
          );
        }
        await also(tx, row);
        return row;
      });
    },

    /** The project's RFIs, by number. */
    async list(projectId: number): Promise<RfiView[]> {
      const rows = await db.select().from(rfis).where(eq(rfis.projectId, projectId)).orderBy(asc(rfis.seq));
      const { sheets, files, asked } = await details(rows.map((row) => row.id));
      return rows.map((row) => ({
        ...row,
        sheets: sheets.get(row.id) ?? [],
        files: files.get(row.id) ?? [],
        markup: asked.get(row.id) ?? null,
      }));
    },

    async byNumber(projectId: number, number: string) {
      const [row] = await db
        .select()
        .from(rfis)
        .where(and(eq(rfis.projectId, projectId), eq(rfis.number, number)))
        .limit(1);
      if (!row) return undefined;
      const { sheets, files, asked } = await details([row.id]);
      return {
        ...row,
        sheets: sheets.get(row.id) ?? [],
        files: files.get(row.id) ?? [],
        markup: asked.get(row.id) ?? null,
      };
    },

    async byToken(token: string): Promise<RfiRow | undefined> {
      const [row] = await db.select().from(rfis).where(eq(rfis.token, token)).limit(1);
      return row;
    },

    /** The project's job and name, and the sheets (number, title) an RFI names: its public view's facts. */
    async publicFacts(row: RfiRow) {
      const [project] = await db
        .select({ job: projects.job, name: projects.name })
        .from(projects)
        .where(eq(projects.id, row.projectId));
      const sheets = await db
        .select({ number: drawings.number, title: drawings.title })
        .from(rfiSheets)
        .innerJoin(drawings, eq(drawings.id, rfiSheets.drawingId))
        .where(eq(rfiSheets.rfiId, row.id))
        .orderBy(asc(drawings.number));
      return { project: project ?? { job: "", name: "" }, sheets };
    },

    /** A file sent with an RFI's answer. */
    async file(rfiId: number, fileId: number) {
      const [row] = await db
        .select()
        .from(rfiFiles)
        .where(and(eq(rfiFiles.rfiId, rfiId), eq(rfiFiles.id, fileId)))
        .limit(1);
      return row;
    },

    /**
     * Moves an RFI from one of `from` to `to` in one transaction with `also`, recomputing the holds
     * of its sheets; the row is locked first, and `check` sees it as locked (and may refuse). With
     * `answer`, writes the answer and its files too.
     */
    async transition(
      id: number,
      to: RfiState,
      check: (row: RfiRow) => void,
      also: (tx: Db, row: RfiRow) => Promise<void>,
      answer?: { text: string; files: StoredRfiFile[] },
    ): Promise<RfiRow> {
      return db.transaction(async (tx) => {
        const [locked] = await tx.select().from(rfis).where(eq(rfis.id, id)).for("update");
        if (!locked) throw new Error("an RFI vanished while it was locked");
        check(locked);
        const now = new Date();
        const [row] = await tx
          .update(rfis)
          .set({
            state: to,
            ...(answer ? { answer: answer.text, answeredAt: now } : {}),
            ...(to === "closed" || to === "void" ? { closedAt: now } : {}),
          })
          .where(eq(rfis.id, id))
          .returning();
        if (!row) throw new Error("an RFI vanished while it was locked");
        if (answer && answer.files.length > 0) {
          await tx
            .insert(rfiFiles)
            .values(
              answer.files.map((file) => ({ rfiId: id, fileKey: file.key, fileName: file.fileName, size: file.size })),
            );
        }
        const named = await tx
          .select({ drawingId: rfiSheets.drawingId })
          .from(rfiSheets)
          .where(eq(rfiSheets.rfiId, id));
        await recomputeHolds(
          tx,
          named.map((sheet) => sheet.drawingId),
        );
        await also(tx, row);
        return row;
      });
    },

    /** Who hears of a project's RFIs: its team, and whoever asked the question. */
    async listeners(tx: Db, row: RfiRow): Promise<number[]> {
      const team = await tx
        .select({ id: projectMembers.userId })
        .from(projectMembers)
        .where(eq(projectMembers.projectId, row.projectId));
      return [...new Set([...team.map((member) => member.id), ...(row.createdById === null ? [] : [row.createdById])])];
    },

    /** Open RFIs due by `until`, with their project's job, soonest first. */
    async dueBy(until: Date) {
      return db
        .select({ rfi: rfis, job: projects.job })
        .from(rfis)
        .innerJoin(projects, eq(projects.id, rfis.projectId))
        .where(and(eq(rfis.state, "open"), lte(rfis.dueAt, until)))
        .orderBy(asc(rfis.dueAt), desc(rfis.id));
    },
  };
}

export type RfiRepository = ReturnType<typeof rfiRepository>;
