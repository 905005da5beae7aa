/**
 * DESIGN §18 markups as data: shapes drawn on a sheet revision's page, in the PDF's own points,
 * each with a comment thread (decision 068). Made by the staff (by account id) or by a client
 * through a review link (by the transmittal; the name is the review's recipient).
 */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { markupKinds, markupStatuses } from "../../../shared/markups.ts";
import { users } from "./accounts.ts";
import { createdAt, sqlList, timestamptz } from "./columns.ts";
import { drawingRevisions, drawings } from "./drawings.ts";
import { rfis, transmittals } from "./transmittals.ts";

export const markups = pgTable(
  "markups",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    drawingId: bigint("drawing_id", { mode: "number" })
      .notNull()
      .references(() => drawings.id, { onDelete: "cascade" }),
    revisionId: bigint("revision_id", { mode: "number" })
      .notNull()
      .references(() => drawingRevisions.id, { onDelete: "cascade" }),
    page: integer("page").notNull(),
    kind: text("kind", { enum: markupKinds }).notNull(),
    /** The kind's shape (shared/markups.ts `geometrySchemas`), in points. */
    geometry: jsonb("geometry").notNull(),
    color: text("color").notNull(),
    text: text("text").notNull().default(""),
    /** The staff author; null for a client's markup, or once the account is deleted (the name stays). */
    authorId: bigint("author_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    /** The author's name when the markup was made: a username, or the review's recipient. */
    authorName: text("author_name").notNull(),
    /** The review link a client made it through; null for the staff's. */
    transmittalId: bigint("transmittal_id", { mode: "number" }).references(() => transmittals.id, {
      onDelete: "cascade",
    }),
    status: text("status", { enum: markupStatuses }).notNull().default("open"),
    resolvedById: bigint("resolved_by_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    resolvedByName: text("resolved_by_name"),
    resolvedAt: timestamptz("resolved_at"),
    /** The RFI the markup was asked as ("Ask as RFI"): the RFI links back to the markup through it. */
    rfiId: bigint("rfi_id", { mode: "number" }).references(() => rfis.id, { onDelete: "set null" }),
    /** The later revision this markup was checked on and found resolved in ("resolved in {rev}"). */
    resolvedIn: text("resolved_in"),
    /** The last revision's markup this one carries onto its sheet's new revision. */
    carriedFromId: bigint("carried_from_id", { mode: "number" }).references((): AnyPgColumn => markups.id, {
      onDelete: "set null",
    }),
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("markups_rfi_idx").on(t.rfiId),
    uniqueIndex("markups_carried_from_idx").on(t.carriedFromId),
    index("markups_revision_idx").on(t.revisionId, t.id),
    index("markups_author_idx").on(t.authorId),
    index("markups_transmittal_idx").on(t.transmittalId),
    check("markups_kind_check", sql`${t.kind} in (${sqlList(markupKinds)})`),
    check("markups_status_check", sql`${t.status} in (${sqlList(markupStatuses)})`),
  ],
);

/** A markup's comment thread, oldest first. */
export const markupComments = pgTable(
  "markup_comments",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    markupId: bigint("markup_id", { mode: "number" })
      .notNull()
      .references(() => markups.id, { onDelete: "cascade" }),
    authorId: bigint("author_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    transmittalId: bigint("transmittal_id", { mode: "number" }).references(() => transmittals.id, {
      onDelete: "cascade",
    }),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("markup_comments_markup_idx").on(t.markupId, t.id), index("markup_comments_author_idx").on(t.authorId)],
);
