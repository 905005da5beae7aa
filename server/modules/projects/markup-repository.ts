import { and, asc, count, eq, isNotNull, isNull, sql } from "drizzle-orm";
import {
  type CreateMarkup,
  geometryRefusal,
  type Markup,
  type MarkupAuthor,
  type MarkupGeometry,
  type MarkupStatus,
  markupLimits,
  type UpdateMarkup,
} from "../../../shared/markups.ts";
import type { Db } from "../../db/client.ts";
import {
  drawingRevisions,
  drawings,
  markupComments,
  markups,
  rfis,
  transmittalSheets,
  transmittals,
} from "../../db/schema.ts";
import { badRequest, conflict, notFound } from "../../lib/errors.ts";

/** Who writes: one of the staff (by account id), or a client through a review link (by transmittal). */
export type MarkupWriter =
  | { kind: "staff"; id: number; username: string }
  | { kind: "client"; name: string; transmittalId: number };

/** A sheet revision markups are drawn on: its ids, and its number and revision as the path names them. */
export interface SheetRevision {
  drawingId: number;
  revisionId: number;
  number: string;
  revision: string;
}

/** Whose markups a list keeps: one account's, the clients', or one review link's. */
export interface MarkupFilter {
  authorId?: number;
  clients?: boolean;
  /** Only the open ones nobody has checked on a later revision yet: not resolved in it, not carried onto it. */
  unchecked?: boolean;
  transmittalId?: number;
  status?: MarkupStatus;
}

export const noSuchMarkup = "No such markup on this sheet revision.";

const columns = {
  id: markups.id,
  number: drawings.number,
  revision: drawingRevisions.revision,
  page: markups.page,
  kind: markups.kind,
  geometry: markups.geometry,
  color: markups.color,
  text: markups.text,
  authorId: markups.authorId,
  authorName: markups.authorName,
  transmittalId: markups.transmittalId,
  transmittal: transmittals.number,
  status: markups.status,
  resolvedById: markups.resolvedById,
  resolvedByName: markups.resolvedByName,
  resolvedAt: markups.resolvedAt,
  version: markups.version,
  createdAt: markups.createdAt,
  updatedAt: markups.updatedAt,
  rfi: rfis.number,
  resolvedIn: markups.resolvedIn,
  carriedFrom: markups.carriedFromId,
  comments: sql<number>`(select count(*)::int from ${markupComments} where ${markupComments.markupId} = ${markups.id})`,
};

/** Markups with their sheet's number, revision and review link (a client's), as every read takes them. */
const selectMarkups = (from: Db) =>
  from
    .select(columns)
    .from(markups)
    .innerJoin(drawings, eq(drawings.id, markups.drawingId))
    .innerJoin(drawingRevisions, eq(drawingRevisions.id, markups.revisionId))
    .leftJoin(transmittals, eq(transmittals.id, markups.transmittalId))
    .leftJoin(rfis, eq(rfis.id, markups.rfiId));
type MarkupRow = Awaited<ReturnType<typeof selectMarkups>>[number];

/** A markup's or a comment's author from its row. */
export const authorOf = (row: {
  authorId: number | null;
  authorName: string;
  transmittalId: number | null;
  transmittal: string | null;
}): MarkupAuthor =>
  row.transmittalId !== null
    ? { kind: "client", name: row.authorName, transmittal: row.transmittal ?? "" }
    : { kind: "staff", id: row.authorId, name: row.authorName };

const toMarkup = (row: MarkupRow): Markup => ({
  id: row.id,
  sheet: row.number,
  revision: row.revision,
  page: row.page,
  kind: row.kind,
  geometry: row.geometry as MarkupGeometry,
  color: row.color,
  text: row.text,
  author: authorOf(row),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
  status: row.status,
  resolvedBy:
    row.status === "resolved" && row.resolvedByName !== null
      ? { kind: "staff", id: row.resolvedById, name: row.resolvedByName }
      : null,
  resolvedAt: row.resolvedAt?.toISOString() ?? null,
  comments: row.comments,
  rfi: row.rfi,
  resolvedIn: row.resolvedIn,
  carriedFrom: row.carriedFrom,
  version: row.version,
});

/** Markup `id` of the sheet revision, read in `from` (a transaction, or the database). */
export async function markupOn(from: Db, revisionId: number, id: number): Promise<Markup | undefined> {
  const [row] = await selectMarkups(from)
    .where(and(eq(markups.revisionId, revisionId), eq(markups.id, id)))
    .limit(1);
  return row && toMarkup(row);
}

/** An open markup nobody has checked on a later revision: not resolved in one, not carried onto one. */
export const unchecked = and(
  eq(markups.status, "open"),
  isNull(markups.resolvedIn),
  sql`not exists (select 1 from ${markups} as carried where carried.carried_from_id = ${markups.id})`,
);

/** The writer's columns on a row it makes. */
export const writtenBy = (by: MarkupWriter) =>
  by.kind === "staff"
    ? { authorId: by.id, authorName: by.username, transmittalId: null }
    : { authorId: null, authorName: by.name, transmittalId: by.transmittalId };

/**
 * What runs first in a change's transaction and may refuse it by throwing (a review link's: its
 * transmittal locked, still open and not yet sent).
 */
/**
 * Refuses a markup more on a sheet revision that holds its limit (DESIGN §18, a 400 naming it).
 * Called with the revision's row locked, so two writers never both take the last place.
 */
export async function assertRoomOn(tx: Db, revisionId: number): Promise<void> {
  const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(markups).where(eq(markups.revisionId, revisionId));
  if (n >= markupLimits.perRevision) {
    throw badRequest(`A sheet revision takes at most ${markupLimits.perRevision} markups.`, {
      markups: `At most ${markupLimits.perRevision} markups on one sheet revision`,
    });
  }
}

export type Guard = (tx: Db) => Promise<void>;

/** The outcome of a change made at a version: done, or stale (the markup as it is now). */
export type VersionedOutcome = { markup: Markup } | { stale: Markup };

/** DESIGN §18 markups of a sheet revision: the one writer of `markups`. */
export function markupRepository(db: Db) {
  const select = (from: Db = db) => selectMarkups(from);

  const one = markupOn;

  /** The markup's row locked in `tx`, within the sheet revision (404 otherwise: another sheet's id is none). */
  const locked = async (tx: Db, revisionId: number, id: number) => {
    const [row] = await tx
      .select()
      .from(markups)
      .where(and(eq(markups.revisionId, revisionId), eq(markups.id, id)))
      .limit(1)
      .for("update");
    if (!row) throw notFound(noSuchMarkup);
    return row;
  };

  return {
    /** Sheet `number` at `revision` in the project, or undefined. */
    async sheetRevision(projectId: number, number: string, revision: string): Promise<SheetRevision | undefined> {
      const [row] = await db
        .select({
          drawingId: drawings.id,
          revisionId: drawingRevisions.id,
          number: drawings.number,
          revision: drawingRevisions.revision,
        })
        .from(drawingRevisions)
        .innerJoin(drawings, eq(drawings.id, drawingRevisions.drawingId))
        .where(
          and(eq(drawings.projectId, projectId), eq(drawings.number, number), eq(drawingRevisions.revision, revision)),
        )
        .limit(1);
      return row;
    },

    /** Sheet `number` at `revision` if the transmittal carries it at that revision, or undefined. */
    async sentSheetRevision(
      transmittalId: number,
      number: string,
      revision: string,
    ): Promise<SheetRevision | undefined> {
      const [row] = await db
        .select({
          drawingId: drawingRevisions.drawingId,
          revisionId: drawingRevisions.id,
          number: transmittalSheets.number,
          revision: drawingRevisions.revision,
        })
        .from(transmittalSheets)
        .innerJoin(
          drawingRevisions,
          and(
            eq(drawingRevisions.drawingId, transmittalSheets.drawingId),
            eq(drawingRevisions.revision, transmittalSheets.revision),
          ),
        )
        .where(
          and(
            eq(transmittalSheets.transmittalId, transmittalId),
            eq(transmittalSheets.number, number),
            eq(transmittalSheets.revision, revision),
          ),
        )
        .limit(1);
      return row;
    },

    /** A sheet revision's markups, oldest first. */
    async list(revisionId: number, filter: MarkupFilter = {}): Promise<Markup[]> {
      const rows = await select()
        .where(
          and(
            eq(markups.revisionId, revisionId),
            filter.authorId === undefined ? undefined : eq(markups.authorId, filter.authorId),
            filter.clients ? isNotNull(markups.transmittalId) : undefined,
            filter.transmittalId === undefined ? undefined : eq(markups.transmittalId, filter.transmittalId),
            filter.status === undefined ? undefined : eq(markups.status, filter.status),
            filter.unchecked ? unchecked : undefined,
          ),
        )
        .orderBy(asc(markups.id));
      return rows.map(toMarkup);
    },

    one: (revisionId: number, id: number) => one(db, revisionId, id),

    /** The markup's row as stored (its writer and kind), within the sheet revision. */
    async row(revisionId: number, id: number) {
      const [row] = await db
        .select()
        .from(markups)
        .where(and(eq(markups.revisionId, revisionId), eq(markups.id, id)))
        .limit(1);
      return row;
    },

    /**
     * Adds a markup in one transaction with `also` (the audit entry). The revision's row is locked,
     * so two markups made at once cannot both be the 500th; the 501st is a 400 naming the limit.
     */
    async create(
      sheet: SheetRevision,
      input: CreateMarkup,
      by: MarkupWriter,
      also: (tx: Db, markup: Markup) => Promise<void>,
      before?: Guard,
    ): Promise<Markup> {
      return db.transaction(async (tx) => {
        await before?.(tx);
        await tx
          .select({ id: drawingRevisions.id })
          .from(drawingRevisions)
          .where(eq(drawingRevisions.id, sheet.revisionId))
          .for("update");
        await assertRoomOn(tx, sheet.revisionId);
        const [row] = await tx
          .insert(markups)
          .values({
            drawingId: sheet.drawingId,
            revisionId: sheet.revisionId,
            page: input.page,
            kind: input.kind,
            geometry: input.geometry,
            color: input.color,
            text: input.text,
            ...writtenBy(by),
          })
          .returning({ id: markups.id });
        const markup = await one(tx, sheet.revisionId, row!.id);
        await also(tx, markup!);
        return markup!;
      });
    },

    /**
     * Changes a markup at the version read, in one transaction with `also` (the audit entry, told
     * the markup before and after): stale when someone changed it since (nothing written). A new
     * geometry must be the shape of the markup's kind (400 naming `geometry`); a markup resolved
     * is marked with who resolved it and when, one opened again loses both.
     */
    async update(
      revisionId: number,
      id: number,
      changes: UpdateMarkup,
      by: MarkupWriter,
      also: (tx: Db, before: typeof markups.$inferSelect, after: Markup) => Promise<void>,
      guard?: Guard,
    ): Promise<VersionedOutcome> {
      return db.transaction(async (tx) => {
        await guard?.(tx);
        const row = await locked(tx, revisionId, id);
        if (row.version !== changes.version) return { stale: (await one(tx, revisionId, id))! };
        if (changes.geometry !== undefined) {
          const refusal = geometryRefusal(row.kind, changes.geometry);
          if (refusal) throw badRequest("Some fields are not valid.", { geometry: refusal });
        }
        const resolving = changes.status !== undefined && changes.status !== row.status;
        const resolver =
          resolving && changes.status === "resolved" && by.kind === "staff"
            ? { resolvedById: by.id, resolvedByName: by.username, resolvedAt: sql`now()` }
            : resolving
              ? { resolvedById: null, resolvedByName: null, resolvedAt: null }
              : {};
        await tx
          .update(markups)
          .set({
            ...(changes.page === undefined ? {} : { page: changes.page }),
            ...(changes.geometry === undefined ? {} : { geometry: changes.geometry }),
            ...(changes.color === undefined ? {} : { color: changes.color }),
            ...(changes.text === undefined ? {} : { text: changes.text }),
            ...(changes.status === undefined ? {} : { status: changes.status }),
            ...resolver,
            version: sql`${markups.version} + 1`,
            updatedAt: sql`now()`,
          })
          .where(eq(markups.id, id));
        const markup = (await one(tx, revisionId, id))!;
        await also(tx, row, markup);
        return { markup };
      });
    },

    /** Removes a markup (and its thread) at the version read, with `also` (the audit entry); stale as update. */
    async remove(
      revisionId: number,
      id: number,
      version: number,
      also: (tx: Db, before: typeof markups.$inferSelect) => Promise<void>,
      guard?: Guard,
    ): Promise<VersionedOutcome> {
      return db.transaction(async (tx) => {
        await guard?.(tx);
        const row = await locked(tx, revisionId, id);
        const markup = (await one(tx, revisionId, id))!;
        if (row.version !== version) return { stale: markup };
        await tx.delete(markups).where(eq(markups.id, id));
        await also(tx, row);
        return { markup };
      });
    },

    /**
     * Links a markup to the RFI asked from it, in the RFI's transaction: 409 when it was asked
     * already (the row's update locks it, so two asks at once cannot both link).
     */
    async linkRfi(tx: Db, markupId: number, rfiId: number): Promise<void> {
      const linked = await tx
        .update(markups)
        .set({ rfiId, version: sql`${markups.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(markups.id, markupId), isNull(markups.rfiId)))
        .returning({ id: markups.id });
      if (linked.length === 0) throw conflict("This markup was already asked as an RFI.");
    },
  };
}

export type MarkupRepository = ReturnType<typeof markupRepository>;
