import { eraseAfter } from "../../../shared/applications.ts";
import { toCsv } from "../../lib/csv.ts";
import type { ApplicationRow } from "./repository.ts";

const iso = (date: Date | null) => date?.toISOString() ?? "";

/** The export's columns: SPEC's fields, then the workflow's (DESIGN §11). */
export const applicationColumns = (retentionDays: number) =>
  [
    { header: "id", value: (row: ApplicationRow) => row.id },
    { header: "appliedAt", value: (row: ApplicationRow) => row.appliedAt.toISOString() },
    { header: "name", value: (row: ApplicationRow) => row.name },
    { header: "email", value: (row: ApplicationRow) => row.email },
    { header: "phone", value: (row: ApplicationRow) => row.phone },
    { header: "message", value: (row: ApplicationRow) => row.message },
    { header: "resumeName", value: (row: ApplicationRow) => row.resumeName },
    { header: "position", value: (row: ApplicationRow) => row.position },
    { header: "status", value: (row: ApplicationRow) => row.status },
    { header: "keepForFutureRoles", value: (row: ApplicationRow) => String(row.keepForFutureRoles) },
    { header: "erasedAt", value: (row: ApplicationRow) => iso(row.erasedAt) },
    { header: "eraseAfter", value: (row: ApplicationRow) => iso(eraseAfter(row, retentionDays)) },
  ] as const;

/** Applications as CSV (formula-looking cells escaped by the CSV helper). */
export const applicationsCsv = (rows: Iterable<ApplicationRow>, retentionDays: number) =>
  toCsv(applicationColumns(retentionDays), rows);
