import { auditCsvColumns } from "../../../shared/audit.ts";
import { toCsv } from "../../lib/csv.ts";
import type { AuditRow } from "./repository.ts";

const values: Record<(typeof auditCsvColumns)[number], (row: AuditRow) => string | null> = {
  at: (row) => row.at.toISOString(),
  actor: (row) => row.actor,
  action: (row) => row.action,
  target: (row) => row.target,
  summary: (row) => row.summary,
  ip: (row) => row.ip,
};

/** The audit log as CSV: at, actor, action, target, summary, ip (formula-looking cells escaped). */
export const auditCsv = (rows: Iterable<AuditRow>) =>
  toCsv(
    auditCsvColumns.map((header) => ({ header, value: values[header] })),
    rows,
  );
