/**
 * Quote requests from the contact page (DESIGN §11: work the office runs). `reference` is
 * `Q-YYYY-NNNN`, numbered within the year it came in (quote_request_counters).
 */
import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { quoteStatuses } from "../../../shared/quote-requests.ts";
import { users } from "./accounts.ts";
import { timestamptz } from "./columns.ts";
import { statusCheck, workItemActivityTables, workItemColumns } from "./work-items.ts";

export const quoteRequests = pgTable(
  "quote_requests",
  {
    ...workItemColumns(quoteStatuses),
    reference: text("reference").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    company: text("company").notNull().default(""),
    phone: text("phone").notNull().default(""),
    projectName: text("project_name").notNull().default(""),
    workTypes: jsonb("work_types").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    tonsOfSteel: text("tons_of_steel").notNull().default(""),
    proposalDate: text("proposal_date").notNull().default(""),
    projectDate: text("project_date").notNull().default(""),
    scopeOfWork: text("scope_of_work").notNull().default(""),
    projectUrl: text("project_url").notNull().default(""),
    fileName: text("file_name"),
    fileKey: text("file_key"),
    fileType: text("file_type"),
    submittedAt: timestamptz("submitted_at").notNull().defaultNow(),
    /** An admin account; answered as its username. */
    assigneeId: bigint("assignee_id", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    followUpAt: timestamptz("follow_up_at"),
    lostReason: text("lost_reason"),
    /** The first time it left `new`. */
    contactedAt: timestamptz("contacted_at"),
  },
  (t) => [
    uniqueIndex("quote_requests_reference_idx").on(t.reference),
    index("quote_requests_submitted_at_idx").on(t.submittedAt),
    index("quote_requests_email_lower_idx").on(sql`lower(${t.email})`),
    index("quote_requests_company_lower_idx").on(sql`lower(${t.company})`),
    index("quote_requests_assignee_id_idx").on(t.assigneeId),
    index("quote_requests_follow_up_at_idx").on(t.followUpAt),
    statusCheck("quote_requests", t.status, quoteStatuses),
    check("quote_requests_lost_reason_check", sql`(${t.status} = 'lost') = (${t.lostReason} is not null)`),
  ],
);

/** The last reference number given in each year: the insert locks its year's row to take the next. */
export const quoteRequestCounters = pgTable("quote_request_counters", {
  year: integer("year").primaryKey(),
  last: integer("last").notNull(),
});

export const { notes: quoteRequestNotes, activity: quoteRequestActivity } = workItemActivityTables(
  "quote_request",
  "quoteRequestId",
  () => quoteRequests.id,
);
