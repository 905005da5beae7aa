/** DESIGN §16 projects: a job, its client and fabricator, and its team. */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { projectFileCategories } from "../../../shared/project-files.ts";
import { users } from "./accounts.ts";
import { chatGroups } from "./chat.ts";
import { createdAt, sqlList, timestamptz } from "./columns.ts";

export const projects = pgTable(
  "projects",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    job: text("job").notNull(),
    name: text("name").notNull(),
    clientCompany: text("client_company").notNull(),
    clientContact: text("client_contact").notNull().default(""),
    clientEmail: text("client_email").notNull(),
    fabricator: text("fabricator").notNull().default(""),
    dueDate: date("due_date", { mode: "string" }),
    /** The project's chat group, kept in step with the team; null if someone deleted it in the chat. */
    chatGroupId: bigint("chat_group_id", { mode: "number" }).references(() => chatGroups.id, { onDelete: "set null" }),
    version: integer("version").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("projects_job_idx").on(t.job)],
);

/** Who works on a project (its team), by account id: a username can change. */
export const projectMembers = pgTable(
  "project_members",
  {
    projectId: bigint("project_id", { mode: "number" })
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: bigint("user_id", { mode: "number" })
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index("project_members_user_idx").on(t.userId)],
);

/**
 * A project's own documents (the Files tab): what the client sent (contract drawings,
 * specifications, models) and what the office keeps with the job. A file is never replaced: a
 * new one is a new row and a new key.
 */
export const projectFiles = pgTable(
  "project_files",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    projectId: bigint("project_id", { mode: "number" })
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    /** `contract`, `specification`, `model`, `correspondence` or `other` (shared/project-files.ts). */
    category: text("category").notNull(),
    fileKey: text("file_key").notNull(),
    fileName: text("file_name").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    /** What its content is, read from its bytes when it was stored (served as this). */
    contentType: text("content_type").notNull(),
    note: text("note").notNull().default(""),
    uploadedBy: bigint("uploaded_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    uploadedAt: timestamptz("uploaded_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("project_files_key_idx").on(t.fileKey),
    index("project_files_project_idx").on(t.projectId, t.uploadedAt),
    check("project_files_category_check", sql`${t.category} in (${sqlList(projectFileCategories)})`),
  ],
);

/**
 * The office's settings an admin may change, one JSON value per name (e.g. `responseLabels`, the
 * words of DESIGN §16's review responses), with a version for stale writes (409).
 */
export const officeSettings = pgTable("office_settings", {
  name: text("name").primaryKey(),
  value: jsonb("value").notNull(),
  version: integer("version").notNull().default(1),
  updatedBy: bigint("updated_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});
