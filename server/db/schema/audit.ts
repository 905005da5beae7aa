import { bigserial, index, pgTable, text } from "drizzle-orm/pg-core";
import { timestamptz } from "./columns.ts";

/**
 * DESIGN §11 audit log: every change an admin makes and every admin login. Append-only: no code
 * updates a row (a trigger refuses it), and only the retention sweep deletes, past AUDIT_RETENTION_DAYS.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamptz("at").notNull().defaultNow(),
    /** A username as it was then (an account renamed or deleted later keeps its past entries). */
    actor: text("actor").notNull(),
    action: text("action").notNull(),
    target: text("target"),
    summary: text("summary").notNull().default(""),
    ip: text("ip"),
  },
  (t) => [
    index("audit_log_at_idx").on(t.at),
    index("audit_log_actor_at_idx").on(t.actor, t.at),
    index("audit_log_action_at_idx").on(t.action, t.at),
  ],
);
