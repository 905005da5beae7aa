import { toCsv } from "../../lib/csv.ts";
import type { QuoteRequestView } from "./repository.ts";

type Column = { header: string; value: (row: QuoteRequestView) => string | number | null };

/** The export's columns: SPEC's fields, then the workflow's (DESIGN §11). */
export const quoteRequestColumns: readonly Column[] = [
  { header: "id", value: (row) => row.id },
  { header: "reference", value: (row) => row.reference },
  { header: "submittedAt", value: (row) => row.submittedAt.toISOString() },
  { header: "name", value: (row) => row.name },
  { header: "email", value: (row) => row.email },
  { header: "company", value: (row) => row.company },
  { header: "phone", value: (row) => row.phone },
  { header: "projectName", value: (row) => row.projectName },
  { header: "workTypes", value: (row) => row.workTypes.join("; ") },
  { header: "tonsOfSteel", value: (row) => row.tonsOfSteel },
  { header: "proposalDate", value: (row) => row.proposalDate },
  { header: "projectDate", value: (row) => row.projectDate },
  { header: "scopeOfWork", value: (row) => row.scopeOfWork },
  { header: "projectUrl", value: (row) => row.projectUrl },
  { header: "fileName", value: (row) => (row.fileKey ? row.fileName : "") },
  { header: "status", value: (row) => row.status },
  { header: "assignee", value: (row) => row.assignee ?? "" },
  { header: "followUpAt", value: (row) => row.followUpAt?.toISOString() ?? "" },
  { header: "lostReason", value: (row) => row.lostReason ?? "" },
  { header: "contactedAt", value: (row) => row.contactedAt?.toISOString() ?? "" },
  { header: "related", value: (row) => row.related },
];

/** Quote requests as CSV (formula-looking cells escaped by the CSV helper). */
export const quoteRequestsCsv = (rows: Iterable<QuoteRequestView>) => toCsv(quoteRequestColumns, rows);
