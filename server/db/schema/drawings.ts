/** DESIGN §16 drawing register: a project's sheets and their revisions, each revision's file kept for good. */
import { sql } from "drizzle-orm";
import { bigint, bigserial, boolean, check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { drawingStatuses } from "../../../shared/drawings.ts";
import { users } from "./accounts.ts";
import { sqlList, timestamptz } from "./columns.ts";
import { projects } from "./projects.ts";

export const drawings = pgTable(
  "drawings",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    projectId: bigint("project_id", { mode: "number" })
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    number: text("number").notNull(),
    title: text("title").notNull().default(""),
    /** The latest revision ('' for a sheet listed but not yet drawn). */
    revision: text("revision").notNull().default(""),
    status: text("status", { enum: drawingStatuses }).notNull().default("inProgress"),
    onHold: boolean("on_hold").notNull().default(false),
    /** Who the sheet waits on (issue #34 "the employee's day"): one of the team or an admin, or nobody. */
    assigneeId: bigint("assignee_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("drawings_project_number_idx").on(t.projectId, t.number),
    index("drawings_assignee_idx").on(t.assigneeId),
    check("drawings_status_check", sql`${t.status} in (${sqlList(drawingStatuses)})`),
  ],
);

export const drawingRevisions = pgTable(
  "drawing_revisions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    drawingId: bigint("drawing_id", { mode: "number" })
      .notNull()
      .references(() => drawings.id, { onDelete: "cascade" }),
    revision: text("revision").notNull(),
    /** The file's key in the object store's `drawings` namespace: new for every revision. */
    fileKey: text("file_key").notNull(),
    fileName: text("file_name").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    uploadedAt: timestamptz("uploaded_at").notNull().defaultNow(),
    uploadedById: bigint("uploaded_by_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    uploadedByName: text("uploaded_by_name").notNull(),
    /** The sheet's status for this revision (its response once one comes). */
    status: text("status", { enum: drawingStatuses }).notNull().default("inProgress"),
  },
  (t) => [
    uniqueIndex("drawing_revisions_revision_idx").on(t.drawingId, t.revision),
    uniqueIndex("drawing_revisions_file_idx").on(t.fileKey),
    index("drawing_revisions_drawing_idx").on(t.drawingId, t.id),
    check("drawing_revisions_status_check", sql`${t.status} in (${sqlList(drawingStatuses)})`),
  ],
);
