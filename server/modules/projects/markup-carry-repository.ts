import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { CheckMarkup, Markup } from "../../../shared/markups.ts";
import type { Db } from "../../db/client.ts";
import { drawingRevisions, markups } from "../../db/schema.ts";
import { conflict, notFound } from "../../lib/errors.ts";
import {
  assertRoomOn,
  markupOn,
  noSuchMarkup,
  type SheetRevision,
  unchecked,
  type VersionedOutcome,
} from "./markup-repository.ts";

/** What checking a markup did: the last revision's markup resolved in this one, or its copy made here. */
export type CheckOutcome = VersionedOutcome & { previous?: { revisionId: number; revision: string } };

/**
 * DESIGN §18 carry-over: when a sheet has a new revision, its last revision's open markups are to
 * check on it, each resolved in the new revision or carried onto it. Writes `markups` as the
 * markup repository does, under the same locks.
 */
export function markupCarryRepository(db: Db) {
  /** The revision of the sheet before `sheet`'s, or undefined for its first. */
  async function previousOf(from: Db, sheet: SheetRevision) {
    const [row] = await from
      .select({ revisionId: drawingRevisions.id, revision: drawingRevisions.revision })
      .from(drawingRevisions)
      .where(and(eq(drawingRevisions.drawingId, sheet.drawingId), lt(drawingRevisions.id, sheet.revisionId)))
      .orderBy(desc(drawingRevisions.id))
      .limit(1);
    return row;
  }

  return {
    previousOf: (sheet: SheetRevision) => previousOf(db, sheet),

    /**
     * Marks the last revision's markup `id` resolved in `sheet`'s revision, or carries it onto it as
     * a new markup by its author (the 501st of the revision refused), at the version read, with
     * `also` (the audit entry, told the markup written) in the same transaction. 404 for a markup
     * not on the last revision; 409 for one already checked (resolved, or carried).
     */
    async check(
      sheet: SheetRevision,
      id: number,
      input: CheckMarkup,
      by: { id: number; username: string },
      also: (tx: Db, written: Markup) => Promise<void>,
    ): Promise<CheckOutcome> {
      return db.transaction(async (tx) => {
        // The new revision's row first, as a markup's creation locks it: the two never deadlock.
        await tx
          .select({ id: drawingRevisions.id })
          .from(drawingRevisions)
          .where(eq(drawingRevisions.id, sheet.revisionId))
          .for("update");
        const previous = await previousOf(tx, sheet);
        if (!previous) throw notFound(noSuchMarkup);
        const [row] = await tx
          .select()
          .from(markups)
          .where(and(eq(markups.revisionId, previous.revisionId), eq(markups.id, id)))
          .limit(1)
          .for("update");
        if (!row) throw notFound(noSuchMarkup);
        if (row.version !== input.version) return { stale: (await markupOn(tx, previous.revisionId, id))!, previous };
        const [open] = await tx
          .select({ id: markups.id })
          .from(markups)
          .where(and(eq(markups.id, id), unchecked));
        if (!open) throw conflict("This markup was checked already: it is resolved, or carried onto a later revision.");
        if (input.action === "resolved") {
          await tx
            .update(markups)
            .set({
              status: "resolved",
              resolvedIn: sheet.revision,
              resolvedById: by.id,
              resolvedByName: by.username,
              resolvedAt: sql`now()`,
              version: sql`${markups.version} + 1`,
              updatedAt: sql`now()`,
            })
            .where(eq(markups.id, id));
          const markup = (await markupOn(tx, previous.revisionId, id))!;
          await also(tx, markup);
          return { markup, previous };
        }
        await assertRoomOn(tx, sheet.revisionId);
        const [copy] = await tx
          .insert(markups)
          .values({
            drawingId: row.drawingId,
            revisionId: sheet.revisionId,
            page: row.page,
            kind: row.kind,
            geometry: row.geometry,
            color: row.color,
            text: row.text,
            authorId: row.authorId,
            authorName: row.authorName,
            transmittalId: row.transmittalId,
            carriedFromId: row.id,
          })
          .returning({ id: markups.id });
        const markup = (await markupOn(tx, sheet.revisionId, copy!.id))!;
        await also(tx, markup);
        return { markup, previous };
      });
    },
  };
}
