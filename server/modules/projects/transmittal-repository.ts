import { and, asc, count, desc, eq, inArray, isNull, max, notInArray, sql } from "drizzle-orm";
import { type DrawingStatus, drawingStatusLabels } from "../../../shared/drawings.ts";
import {
  type CreateTransmittal,
  type ResponseKey,
  responseStatus,
  type SubmitReview,
  transmittalLimits,
  transmittalNumber,
} from "../../../shared/transmittals.ts";
import type { Db } from "../../db/client.ts";
import {
  drawingRevisions,
  drawings,
  projectMembers,
  projects,
  transmittalMarkups,
  transmittalSheets,
  transmittals,
} from "../../db/schema.ts";
import { badRequest, conflict, gone } from "../../lib/errors.ts";
import { transmittalViews } from "./transmittal-views.ts";

export type TransmittalRow = typeof transmittals.$inferSelect;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Statuses a sheet leaves for `issued` when it goes out for approval. */
const issuable: DrawingStatus[] = ["inProgress", "issued", "reviseResubmit", "rejected"];

/** Why a review link no longer works (410), or null while it does. */
export function reviewLinkEnd(row: TransmittalRow, now = new Date()): string | null {
  if (row.voidedAt) return "This transmittal was withdrawn. Ask us for a new link.";
  if (now.getTime() > row.dueAt.getTime() + transmittalLimits.linkDaysAfterDue * DAY_MS) {
    return "This link has expired. Ask us for a new one.";
  }
  return null;
}

/** DESIGN §16 transmittals of a project: created with their sheets, reviewed by the client. */
export function transmittalRepository(db: Db) {
  return {
    ...transmittalViews(db),

    /** A project's transmittals, newest first. */
    list: (projectId: number) =>
      db.select().from(transmittals).where(eq(transmittals.projectId, projectId)).orderBy(desc(transmittals.seq)),

    async byNumber(projectId: number, number: string): Promise<TransmittalRow | undefined> {
      const [row] = await db
        .select()
        .from(transmittals)
        .where(and(eq(transmittals.projectId, projectId), eq(transmittals.number, number)))
        .limit(1);
      return row;
    },

    async byToken(token: string) {
      const [row] = await db
        .select({ transmittal: transmittals, job: projects.job, projectName: projects.name })
        .from(transmittals)
        .innerJoin(projects, eq(projects.id, transmittals.projectId))
        .where(eq(transmittals.token, token))
        .limit(1);
      return row;
    },

    /**
     * Creates a transmittal in one transaction: the project's row is locked, so numbers run 1, 2, …
     * without gaps or twins however many are created at once. Every sheet must be in the register
     * at the revision named, its latest. `cover` makes and stores the cover sheet for the number
     * and sheets (its key is in the row; the caller removes it if the transaction fails); `also`
     * writes the audit entry.
     */
    async create(
      input: {
        project: { id: number; job: string };
        fields: CreateTransmittal;
        token: string;
        passwordHash: string | null;
        by: { id: number; username: string };
        now: Date;
      },
      cover: (
        number: string,
        dueAt: Date,
        sheets: { number: string; title: string; revision: string }[],
      ) => Promise<string>,
      also: (tx: Db, row: TransmittalRow) => Promise<void>,
    ): Promise<TransmittalRow> {
      const { project, fields } = input;
      const numbers = fields.sheets.map((sheet) => sheet.number);
      const twice = numbers.filter((number, index) => numbers.indexOf(number) !== index);
      if (twice.length > 0) {
        throw badRequest("A sheet is listed twice.", { sheets: `Listed twice: ${[...new Set(twice)].join(", ")}` });
      }
      return db.transaction(async (tx) => {
        await tx.select({ id: projects.id }).from(projects).where(eq(projects.id, project.id)).for("update");
        const found = await tx
          .select({
            id: drawings.id,
            number: drawings.number,
            title: drawings.title,
            revision: drawings.revision,
            status: drawings.status,
          })
          .from(drawings)
          .where(and(eq(drawings.projectId, project.id), inArray(drawings.number, numbers)))
          // Locked in id order before any of their revisions, as a review's submission does: the
          // two then never deadlock over the same sheets (PostgreSQL answered one of them 500).
          .orderBy(asc(drawings.id))
          .for("update");
        const byNumber = new Map(found.map((sheet) => [sheet.number, sheet]));
        const problems: string[] = [];
        for (const wanted of fields.sheets) {
          const sheet = byNumber.get(wanted.number);
          if (!sheet) problems.push(`${wanted.number} is not in the register`);
          else if (!sheet.revision) problems.push(`${wanted.number} has no revision to send yet`);
          else if (sheet.revision !== wanted.revision) {
            problems.push(`${wanted.number} is at revision ${sheet.revision}: send its latest revision`);
          } else if (sheet.status === "released" && fields.purpose === "approval") {
            problems.push(`${wanted.number} is ${drawingStatusLabels.released.toLowerCase()}`);
          }
        }
        if (problems.length > 0) {
          throw badRequest("Some sheets cannot be sent.", {
            sheets: problems.slice(0, 5).join("; ") + (problems.length > 5 ? `; and ${problems.length - 5} more` : ""),
          });
        }
        const [last] = await tx
          .select({ seq: max(transmittals.seq) })
          .from(transmittals)
          .where(eq(transmittals.projectId, project.id));
        const seq = (last?.seq ?? 0) + 1;
        const number = transmittalNumber(project.job, seq);
        const sent = fields.sheets.map((wanted) => {
          const sheet = byNumber.get(wanted.number)!;
          return { id: sheet.id, number: sheet.number, title: sheet.title, revision: sheet.revision };
        });
        const dueAt = new Date(input.now.getTime() + fields.dueDays * DAY_MS);
        const coverKey = await cover(number, dueAt, sent);
        const [row] = await tx
          .insert(transmittals)
          .values({
            projectId: project.id,
            seq,
            number,
            purpose: fields.purpose,
            message: fields.message,
            recipients: fields.recipients,
            dueAt,
            token: input.token,
            passwordHash: input.passwordHash,
            coverKey,
            createdById: input.by.id,
            createdByName: input.by.username,
            createdAt: input.now,
          })
          .returning();
        if (!row) throw new Error("a transmittal was not inserted");
        await tx.insert(transmittalSheets).values(
          sent.map((sheet, position) => ({
            transmittalId: row.id,
            drawingId: sheet.id,
            position,
            number: sheet.number,
            title: sheet.title,
            revision: sheet.revision,
          })),
        );
        if (fields.purpose === "approval") {
          const ids = sent.map((sheet) => sheet.id);
          await tx
            .update(drawings)
            .set({ status: "issued", updatedAt: sql`now()` })
            .where(and(inArray(drawings.id, ids), inArray(drawings.status, issuable)));
          for (const sheet of sent) {
            await tx
              .update(drawingRevisions)
              .set({ status: "issued" })
              .where(
                and(
                  eq(drawingRevisions.drawingId, sheet.id),
                  eq(drawingRevisions.revision, sheet.revision),
                  inArray(drawingRevisions.status, issuable),
                ),
              );
          }
        }
        await also(tx, row);
        return row;
      });
    },

    /** Records the client's first opening (the acknowledgement); true when this was it. */
    async markOpened(id: number): Promise<boolean> {
      const opened = await db
        .update(transmittals)
        .set({ openedAt: sql`now()` })
        .where(and(eq(transmittals.id, id), isNull(transmittals.openedAt)))
        .returning({ id: transmittals.id });
      return opened.length > 0;
    },

    /**
     * Locks a review's transmittal row in `tx` while the client adds to it (files, markups): refused
     * once the link has ended (410) or the review was sent (409). A submission takes the same lock.
     */
    async lockOpenReview(tx: Db, transmittalId: number): Promise<void> {
      const [row] = await tx.select().from(transmittals).where(eq(transmittals.id, transmittalId)).for("update");
      if (!row) throw gone("This transmittal no longer exists.");
      const end = reviewLinkEnd(row);
      if (end) throw gone(end);
      if (row.submittedAt) throw conflict("Your review was already sent: it can no longer change.");
    },

    /**
     * Adds a client's marked-up file to a sheet in `tx`, under the transmittal's row lock: refused
     * once the link has ended (410), the review was sent (409) or the sheet has its ten (409).
     */
    async addMarkupIn(
      tx: Db,
      transmittalId: number,
      number: string,
      file: { key: string; fileName: string; size: number },
    ): Promise<{ id: number }> {
      await this.lockOpenReview(tx, transmittalId);
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(transmittalMarkups)
        .where(and(eq(transmittalMarkups.transmittalId, transmittalId), eq(transmittalMarkups.number, number)));
      if (n >= transmittalLimits.markupsPerSheet) {
        throw conflict(`A sheet takes at most ${transmittalLimits.markupsPerSheet} marked-up files.`);
      }
      const [markup] = await tx
        .insert(transmittalMarkups)
        .values({ transmittalId, number, fileKey: file.key, fileName: file.fileName, size: file.size })
        .returning({ id: transmittalMarkups.id });
      return markup!;
    },

    async markupFile(transmittalId: number, id: number) {
      const [row] = await db
        .select()
        .from(transmittalMarkups)
        .where(and(eq(transmittalMarkups.transmittalId, transmittalId), eq(transmittalMarkups.id, id)))
        .limit(1);
      return row;
    },

    /** A sheet of a transmittal with the file of the revision sent. */
    async sentFile(transmittalId: number, number: string) {
      const [row] = await db
        .select({ key: drawingRevisions.fileKey, fileName: drawingRevisions.fileName })
        .from(transmittalSheets)
        .innerJoin(
          drawingRevisions,
          and(
            eq(drawingRevisions.drawingId, transmittalSheets.drawingId),
            eq(drawingRevisions.revision, transmittalSheets.revision),
          ),
        )
        .where(and(eq(transmittalSheets.transmittalId, transmittalId), eq(transmittalSheets.number, number)))
        .limit(1);
      return row;
    },

    /**
     * The client's review, whole or not at all: a response for every sheet, once. Each sheet's
     * revision sent takes the response's status, and so does the sheet while that revision is its
     * latest (a newer one uploaded meanwhile keeps its own). `also` writes the audit entry and the
     * team's notices in the same transaction.
     */
    async submit(
      transmittalId: number,
      review: SubmitReview,
      also: (tx: Db, row: TransmittalRow, responses: ResponseKey[]) => Promise<void>,
    ): Promise<TransmittalRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(transmittals).where(eq(transmittals.id, transmittalId)).for("update");
        if (!row) throw gone("This transmittal no longer exists.");
        const end = reviewLinkEnd(row);
        if (end) throw gone(end);
        if (row.submittedAt) throw conflict("Your review was already sent. Thank you: it cannot be sent twice.");
        const sheets = await tx
          .select()
          .from(transmittalSheets)
          .where(eq(transmittalSheets.transmittalId, transmittalId));
        const given = new Map(review.responses.map((response) => [response.number, response]));
        const missing = sheets.filter((sheet) => !given.has(sheet.number)).map((sheet) => sheet.number);
        const unknown = [...given.keys()].filter((number) => !sheets.some((sheet) => sheet.number === number));
        if (missing.length > 0 || unknown.length > 0 || given.size !== review.responses.length) {
          throw badRequest("Answer every sheet of this transmittal once.", {
            responses: missing.length
              ? `No response for ${missing.slice(0, 5).join(", ")}${missing.length > 5 ? ", …" : ""}`
              : `Not in this transmittal: ${unknown.slice(0, 5).join(", ") || "a sheet listed twice"}`,
          });
        }
        // The sheets' drawings first, in id order, then their revisions: the order a transmittal's
        // creation takes them in, so that the two never deadlock.
        await tx
          .select({ id: drawings.id })
          .from(drawings)
          .where(inArray(drawings.id, [...new Set(sheets.map((sheet) => sheet.drawingId))]))
          .orderBy(asc(drawings.id))
          .for("update");
        for (const sheet of sheets) {
          const answer = given.get(sheet.number)!;
          const status = responseStatus[answer.response];
          await tx
            .update(transmittalSheets)
            .set({ response: answer.response, comment: answer.comment })
            .where(and(eq(transmittalSheets.transmittalId, transmittalId), eq(transmittalSheets.number, sheet.number)));
          await tx
            .update(drawingRevisions)
            .set({ status })
            .where(and(eq(drawingRevisions.drawingId, sheet.drawingId), eq(drawingRevisions.revision, sheet.revision)));
          await tx
            .update(drawings)
            .set({ status, updatedAt: sql`now()` })
            .where(
              and(
                eq(drawings.id, sheet.drawingId),
                eq(drawings.revision, sheet.revision),
                notInArray(drawings.status, ["released"]),
              ),
            );
        }
        const [submitted] = await tx
          .update(transmittals)
          .set({ submittedAt: sql`now()`, openedAt: sql`coalesce(${transmittals.openedAt}, now())` })
          .where(eq(transmittals.id, transmittalId))
          .returning();
        await also(
          tx,
          submitted!,
          sheets.map((sheet) => given.get(sheet.number)!.response),
        );
        return submitted!;
      });
    },

    /** Withdraws a transmittal's link (410 from then on); false when it was void already. */
    async voidLink(id: number, also: (tx: Db) => Promise<void>): Promise<boolean> {
      return db.transaction(async (tx) => {
        const voided = await tx
          .update(transmittals)
          .set({ voidedAt: sql`now()` })
          .where(and(eq(transmittals.id, id), isNull(transmittals.voidedAt)))
          .returning({ id: transmittals.id });
        if (voided.length === 0) return false;
        await also(tx);
        return true;
      });
    },

    /** The team of a project, by account id (who hears of responses). */
    async teamIds(tx: Db, projectId: number): Promise<number[]> {
      const rows = await tx
        .select({ id: projectMembers.userId })
        .from(projectMembers)
        .where(eq(projectMembers.projectId, projectId));
      return rows.map((row) => row.id);
    },
  };
}

export type TransmittalRepository = ReturnType<typeof transmittalRepository>;
