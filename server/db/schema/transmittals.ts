/**
 * DESIGN §16 transmittals and RFIs: what goes out to a client for approval or to an engineer as a
 * question, each reached by the client through its own link (`/review/{token}`, `/rfi/{token}`).
 */
import { sql } from "drizzle-orm";
import { bigint, bigserial, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { rfiStates } from "../../../shared/rfis.ts";
import { responseKeys, transmittalPurposes } from "../../../shared/transmittals.ts";
import { users } from "./accounts.ts";
import { createdAt, sqlList, timestamptz } from "./columns.ts";
import { drawings } from "./drawings.ts";
import { projects } from "./projects.ts";

export const transmittals = pgTable(
  "transmittals",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    projectId: bigint("project_id", { mode: "number" })
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** 1, 2, … per project: the number is `{job}-T-001`. */
    seq: integer("seq").notNull(),
    number: text("number").notNull(),
    purpose: text("purpose", { enum: transmittalPurposes }).notNull(),
    message: text("message").notNull().default(""),
    recipients: text("recipients").array().notNull(),
    dueAt: timestamptz("due_at").notNull(),
    /** The review link's unguessable token. */
    token: text("token").notNull(),
    passwordHash: text("password_hash"),
    /** The cover sheet's key in the `transmittals` namespace. */
    coverKey: text("cover_key").notNull(),
    createdById: bigint("created_by_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    createdByName: text("created_by_name").notNull(),
    createdAt: createdAt(),
    /** The client's first opening of the review page: the acknowledgement. */
    openedAt: timestamptz("opened_at"),
    submittedAt: timestamptz("submitted_at"),
    voidedAt: timestamptz("voided_at"),
  },
  (t) => [
    uniqueIndex("transmittals_project_seq_idx").on(t.projectId, t.seq),
    uniqueIndex("transmittals_token_idx").on(t.token),
    uniqueIndex("transmittals_cover_idx").on(t.coverKey),
    index("transmittals_due_idx").on(t.dueAt),
    check("transmittals_purpose_check", sql`${t.purpose} in (${sqlList(transmittalPurposes)})`),
  ],
);

/** The sheets a transmittal carries, each at the revision sent, with the client's response once given. */
export const transmittalSheets = pgTable(
  "transmittal_sheets",
  {
    transmittalId: bigint("transmittal_id", { mode: "number" })
      .notNull()
      .references(() => transmittals.id, { onDelete: "cascade" }),
    drawingId: bigint("drawing_id", { mode: "number" })
      .notNull()
      .references(() => drawings.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    number: text("number").notNull(),
    title: text("title").notNull(),
    revision: text("revision").notNull(),
    response: text("response", { enum: responseKeys }),
    comment: text("comment").notNull().default(""),
  },
  (t) => [
    primaryKey({ columns: [t.transmittalId, t.number] }),
    index("transmittal_sheets_drawing_idx").on(t.drawingId),
    check(
      "transmittal_sheets_response_check",
      sql`${t.response} is null or ${t.response} in (${sqlList(responseKeys)})`,
    ),
  ],
);

/** A client's marked-up file for one sheet of a transmittal, kept in the `transmittals` namespace. */
export const transmittalMarkups = pgTable(
  "transmittal_markups",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    transmittalId: bigint("transmittal_id", { mode: "number" })
      .notNull()
      .references(() => transmittals.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    fileKey: text("file_key").notNull(),
    fileName: text("file_name").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    uploadedAt: timestamptz("uploaded_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("transmittal_markups_file_idx").on(t.fileKey),
    index("transmittal_markups_idx").on(t.transmittalId),
  ],
);

/**
 * Reminders sent (or being sent): one row per transmittal and reminder number, claimed before its
 * e-mails go, so two instances (or a restart) never send one reminder twice.
 */
export const transmittalReminders = pgTable(
  "transmittal_reminders",
  {
    transmittalId: bigint("transmittal_id", { mode: "number" })
      .notNull()
      .references(() => transmittals.id, { onDelete: "cascade" }),
    /** 0: the one 3 days before `dueAt`; 1, 2, …: each day overdue. */
    ordinal: integer("ordinal").notNull(),
    sentAt: timestamptz("sent_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.transmittalId, t.ordinal] })],
);

export const rfis = pgTable(
  "rfis",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    projectId: bigint("project_id", { mode: "number" })
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** 1, 2, … per project: the number is `RFI-001`. */
    seq: integer("seq").notNull(),
    number: text("number").notNull(),
    subject: text("subject").notNull(),
    question: text("question").notNull(),
    suggestion: text("suggestion").notNull().default(""),
    to: text("to").notNull(),
    dueAt: timestamptz("due_at").notNull(),
    state: text("state", { enum: rfiStates }).notNull().default("open"),
    token: text("token").notNull(),
    answer: text("answer"),
    answeredAt: timestamptz("answered_at"),
    closedAt: timestamptz("closed_at"),
    createdById: bigint("created_by_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    createdByName: text("created_by_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("rfis_project_seq_idx").on(t.projectId, t.seq),
    uniqueIndex("rfis_token_idx").on(t.token),
    index("rfis_due_idx").on(t.state, t.dueAt),
    check("rfis_state_check", sql`${t.state} in (${sqlList(rfiStates)})`),
  ],
);

/** The sheets an RFI names: each is on hold while the RFI is open. */
export const rfiSheets = pgTable(
  "rfi_sheets",
  {
    rfiId: bigint("rfi_id", { mode: "number" })
      .notNull()
      .references(() => rfis.id, { onDelete: "cascade" }),
    drawingId: bigint("drawing_id", { mode: "number" })
      .notNull()
      .references(() => drawings.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.rfiId, t.drawingId] }), index("rfi_sheets_drawing_idx").on(t.drawingId)],
);

/** Files the person asked sends with the answer, kept in the `rfis` namespace. */
export const rfiFiles = pgTable(
  "rfi_files",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    rfiId: bigint("rfi_id", { mode: "number" })
      .notNull()
      .references(() => rfis.id, { onDelete: "cascade" }),
    fileKey: text("file_key").notNull(),
    fileName: text("file_name").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    uploadedAt: timestamptz("uploaded_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("rfi_files_file_idx").on(t.fileKey), index("rfi_files_rfi_idx").on(t.rfiId)],
);
