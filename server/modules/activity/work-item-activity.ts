import { asc, eq } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Activity, Note } from "../../../shared/activity.ts";
import type { Db } from "../../db/client.ts";
import type { WorkItemActivityTables } from "../../db/schema/work-items.ts";
import { notFound } from "../../lib/errors.ts";
import type { AuditEntry, AuditInTransaction } from "../../plugins/audit.ts";
import { type ActivityInput, type Actor, toActivity, toNote } from "./timeline.ts";

/** Writes a change's audit entry in the change's transaction (`app.audit.as(request, action)`). */
export type RecordAudit = AuditInTransaction<AuditEntry>;

/** How one kind of work item keeps its notes and timeline. */
export interface WorkItemActivityConfig<K extends string> {
  /** The items' id column (`quoteRequests.id`). */
  itemId: AnyPgColumn;
  /** The notes' and timeline's column naming the item (`quoteRequestId`). */
  key: K;
  /** The kind's tables: with the item column `key`, and read as the columns every kind shares. */
  tables: WorkItemActivityTables<K> & WorkItemActivityTables<never>;
  /** The 404's message for an unknown item. */
  notFoundMessage: string;
  /**
   * Finds the item a note is being added to, in the note's transaction: throws what refuses it (a
   * 404, or a 409 for an item that can no longer change; it may lock the row first) and answers
   * its audit target.
   */
  noteTarget: (tx: Db, id: number) => Promise<string>;
  /** The timeline's line for a note (the audit entry says "Note added"). */
  noteLine: (text: string) => string;
}

/**
 * The notes and timeline of one kind of work item (DESIGN §11), written and read the same way for
 * every kind: the repository of the kind configures it with its tables and its rules.
 */
export function workItemActivity<K extends string>(db: Db, config: WorkItemActivityConfig<K>) {
  const { notes, activity }: WorkItemActivityTables<never> = config.tables;
  const noteItem = config.tables.notes[config.key] as AnyPgColumn;
  const lineItem = config.tables.activity[config.key] as AnyPgColumn;
  const forItem = (id: number): Record<string, number> => ({ [config.key]: id });

  async function assertExists(id: number): Promise<void> {
    const [found] = await db
      .select({ id: config.itemId })
      .from(config.itemId.table)
      .where(eq(config.itemId, id))
      .limit(1);
    if (!found) throw notFound(config.notFoundMessage);
  }

  /** Writes timeline lines in `tx`; none writes nothing. */
  const addLines = async (tx: Db, id: number, lines: ActivityInput[]): Promise<void> => {
    if (lines.length === 0) return;
    await tx.insert(activity).values(
      lines.map((line) => ({
        ...forItem(id),
        kind: line.kind,
        summary: line.summary,
        actorId: line.actor?.id ?? null,
        actorName: line.actor?.username ?? null,
      })),
    );
  };

  return {
    addLines,

    /** Notes oldest first; a 404 for an unknown item. */
    async notes(id: number): Promise<Note[]> {
      await assertExists(id);
      const rows = await db.select().from(notes).where(eq(noteItem, id)).orderBy(asc(notes.createdAt), asc(notes.id));
      return rows.map(toNote);
    },

    /**
     * Adds a note, its timeline line and (through `audit`) its audit entry in one transaction. A
     * note does not bump the version: it changes none of the fields an admin edits, so it must not
     * turn another admin's open edit into a 409. The audit log does not repeat the text.
     */
    async addNote(id: number, text: string, author: Actor, audit: RecordAudit): Promise<Note> {
      return db.transaction(async (tx) => {
        const target = await config.noteTarget(tx, id);
        const [note] = await tx
          .insert(notes)
          .values({ ...forItem(id), authorId: author.id, authorName: author.username, text })
          .returning();
        if (!note) throw new Error("insert returned nothing");
        await addLines(tx, id, [{ kind: "note", summary: config.noteLine(text), actor: author }]);
        await audit(tx, { target, summary: "Note added" });
        return toNote(note);
      });
    },

    /** Deletes an item's notes in `tx` (an erasure). */
    async deleteNotes(tx: Db, id: number): Promise<void> {
      await tx.delete(notes).where(eq(noteItem, id));
    },

    /** The timeline, oldest first; a 404 for an unknown item. */
    async timeline(id: number): Promise<Activity[]> {
      await assertExists(id);
      const rows = await db.select().from(activity).where(eq(lineItem, id)).orderBy(asc(activity.at), asc(activity.id));
      return rows.map(toActivity);
    },
  };
}

export type WorkItemActivity = ReturnType<typeof workItemActivity>;
