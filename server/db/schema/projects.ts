/** DESIGN §16 projects: a job, its client and fabricator, and its team. */
import { bigint, bigserial, date, index, integer, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { chatGroups } from "./chat.ts";
import { createdAt, timestamptz } from "./columns.ts";

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
