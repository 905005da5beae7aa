import { and, asc, count, inArray, isNull } from "drizzle-orm";
import type { Transmittal, TransmittalSheet } from "../../../shared/transmittals.ts";
import type { Db } from "../../db/client.ts";
import {
  markups as drawnMarkups,
  transmittalMarkups,
  transmittalReminders,
  transmittalSheets,
  type transmittals,
} from "../../db/schema.ts";

type TransmittalRow = typeof transmittals.$inferSelect;

/** Transmittals as the log and the review page show them: with their sheets, markups and reminders. */
export function transmittalViews(db: Db) {
  async function withSheets(rows: TransmittalRow[]): Promise<Map<number, TransmittalSheet[]>> {
    const ids = rows.map((row) => row.id);
    const bySheet = new Map<number, TransmittalSheet[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return bySheet;
    const [sheets, markups, drawn] = await Promise.all([
      db
        .select()
        .from(transmittalSheets)
        .where(inArray(transmittalSheets.transmittalId, ids))
        .orderBy(asc(transmittalSheets.transmittalId), asc(transmittalSheets.position)),
      db
        .select()
        .from(transmittalMarkups)
        .where(inArray(transmittalMarkups.transmittalId, ids))
        .orderBy(asc(transmittalMarkups.id)),
      db
        .select({ transmittalId: drawnMarkups.transmittalId, drawingId: drawnMarkups.drawingId, n: count() })
        .from(drawnMarkups)
        // A markup carried onto a later revision (DESIGN §18) is the team's copy, not another of the review's.
        .where(and(inArray(drawnMarkups.transmittalId, ids), isNull(drawnMarkups.carriedFromId)))
        .groupBy(drawnMarkups.transmittalId, drawnMarkups.drawingId),
    ]);
    const drawnOn = new Map(drawn.map((row) => [`${row.transmittalId}:${row.drawingId}`, row.n]));
    const markupsOf = new Map<string, TransmittalSheet["markups"]>();
    for (const markup of markups) {
      const key = `${markup.transmittalId}:${markup.number}`;
      const list = markupsOf.get(key) ?? [];
      list.push({ id: markup.id, fileName: markup.fileName, size: markup.size });
      markupsOf.set(key, list);
    }
    for (const sheet of sheets) {
      bySheet.get(sheet.transmittalId)?.push({
        number: sheet.number,
        title: sheet.title,
        revision: sheet.revision,
        response: sheet.response,
        comment: sheet.comment,
        markups: markupsOf.get(`${sheet.transmittalId}:${sheet.number}`) ?? [],
        markupsDrawn: drawnOn.get(`${sheet.transmittalId}:${sheet.drawingId}`) ?? 0,
      });
    }
    return bySheet;
  }

  async function remindersSent(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({ id: transmittalReminders.transmittalId, sent: count() })
      .from(transmittalReminders)
      .where(inArray(transmittalReminders.transmittalId, ids))
      .groupBy(transmittalReminders.transmittalId);
    return new Map(rows.map((row) => [row.id, row.sent]));
  }

  /** Transmittals as the log shows them, `url` made from the token by the caller. */
  async function describe(rows: TransmittalRow[], urlOf: (row: TransmittalRow) => string): Promise<Transmittal[]> {
    const ids = rows.map((row) => row.id);
    const [sheets, reminders] = await Promise.all([withSheets(rows), remindersSent(ids)]);
    return rows.map((row) => ({
      number: row.number,
      purpose: row.purpose,
      message: row.message,
      recipients: row.recipients,
      dueAt: row.dueAt.toISOString(),
      createdAt: row.createdAt.toISOString(),
      createdBy: row.createdByName,
      openedAt: row.openedAt?.toISOString() ?? null,
      submittedAt: row.submittedAt?.toISOString() ?? null,
      voidedAt: row.voidedAt?.toISOString() ?? null,
      remindersSent: reminders.get(row.id) ?? 0,
      url: row.voidedAt ? null : urlOf(row),
      sheets: sheets.get(row.id) ?? [],
    }));
  }

  return {
    describe,
    sheetsOf: async (row: TransmittalRow) => (await withSheets([row])).get(row.id) ?? [],
  };
}
