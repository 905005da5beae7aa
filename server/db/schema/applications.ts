/**
 * Job applications from the career page. The CV is personal data: admins only. Erased (by hand or
 * by the retention sweep) the personal fields are emptied and `resumeKey` is null; the row stays.
 */
import { boolean, index, pgTable, text } from "drizzle-orm/pg-core";
import { applicationStatuses } from "../../../shared/applications.ts";
import { timestamptz } from "./columns.ts";
import { statusCheck, workItemActivityTables, workItemColumns } from "./work-items.ts";

export const jobApplications = pgTable(
  "job_applications",
  {
    ...workItemColumns(applicationStatuses),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    message: text("message").notNull().default(""),
    resumeName: text("resume_name").notNull(),
    resumeKey: text("resume_key"),
    resumeType: text("resume_type").notNull(),
    appliedAt: timestamptz("applied_at").notNull().defaultNow(),
    position: text("position").notNull().default("Open application"),
    /** The applicant's consent to keep the application for future roles: the retention period doubles. */
    keepForFutureRoles: boolean("keep_for_future_roles").notNull().default(false),
    /** When it was last closed (hired or rejected); null while open. Retention counts from here. */
    closedAt: timestamptz("closed_at"),
    erasedAt: timestamptz("erased_at"),
  },
  (t) => [
    index("job_applications_applied_at_idx").on(t.appliedAt),
    statusCheck("job_applications", t.status, applicationStatuses),
  ],
);

export const { notes: applicationNotes, activity: applicationActivity } = workItemActivityTables(
  "application",
  "applicationId",
  () => jobApplications.id,
);
