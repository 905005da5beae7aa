/**
 * DESIGN §16 drawing register as CSV: read as Tekla and SDS2 export it (a header row naming the
 * columns in their words, comma, semicolon or tab separated, quoted cells, a byte-order mark,
 * CRLF), and written for spreadsheets by the shared CSV helper.
 */
import { CsvError, type Info, parse } from "csv-parse/sync";
import {
  type Drawing,
  drawingImportLimits,
  drawingStatusLabels,
  drawingTitleSchema,
  sheetNumberSchema,
} from "../../../shared/drawings.ts";
import { hasControlCharacters } from "../../lib/control-characters.ts";
import { toCsv } from "../../lib/csv.ts";
import { badRequest, type HttpError } from "../../lib/errors.ts";

/** One sheet of an imported register, at its row of the file (the header is row 1). */
export interface RegisterRow {
  row: number;
  number: string;
  /** '' when the file leaves it empty: an existing sheet keeps its title. */
  title: string;
  listedRevision: string;
}

/** The reasons rows of a file are refused, by row; nothing is imported while there is one. */
export class RowProblems {
  readonly #byRow = new Map<number, string[]>();

  add(row: number, reason: string) {
    const reasons = this.#byRow.get(row) ?? [];
    reasons.push(reason);
    this.#byRow.set(row, reasons);
  }

  /** The 400 naming every bad row and its reasons (`errors: {"row 3": "…"}`), or null. */
  refusal(): HttpError | null {
    if (this.#byRow.size === 0) return null;
    const rows = [...this.#byRow.entries()].sort(([a], [b]) => a - b);
    const count = rows.length === 1 ? "1 row is" : `${rows.length} rows are`;
    return badRequest(
      `${count} not valid: nothing was imported.`,
      Object.fromEntries(rows.map(([row, reasons]) => [`row ${row}`, reasons.join(" ")])),
    );
  }
}

/** Header names as detailing software and people write them, lower case with only letters and digits. */
const headerNames = {
  number: [
    "number",
    "no",
    "nr",
    "drawing",
    "drawingno",
    "drawingnumber",
    "drawingnr",
    "dwg",
    "dwgno",
    "dwgnumber",
    "sheet",
    "sheetno",
    "sheetnumber",
  ],
  title: ["title", "description", "desc", "name", "drawingtitle", "drawingname", "drawingdescription", "sheettitle"],
  revision: [
    "rev",
    "revision",
    "revno",
    "revisionno",
    "revisionnumber",
    "revmark",
    "revisionmark",
    "currentrevision",
    "currentrev",
    "latestrevision",
  ],
} as const;
type Column = keyof typeof headerNames;

const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The separator the header line uses most: comma, semicolon or tab (Excel in much of Europe writes semicolons). */
function separatorOf(text: string): string {
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const counts = [",", ";", "\t"].map((separator) => [separator, firstLine.split(separator).length] as const);
  return counts.reduce((best, one) => (one[1] > best[1] ? one : best))[0];
}

const fileProblem = (message: string) => badRequest(message, { file: message });

/**
 * The sheets of a CSV register, each checked on its own and against the others (a duplicate
 * number is refused at its second row). File-level faults (not text, no header, unreadable CSV,
 * too many rows) are thrown as 400s; row faults are collected in `problems`, with the rows
 * holding them left out of `rows`.
 */
export function readRegisterCsv(content: Buffer): { rows: RegisterRow[]; problems: RowProblems } {
  if (content.includes(0)) throw fileProblem("The register must be a CSV text file.");
  const text = content.toString("utf8");
  let records: { record: string[]; info: Info }[];
  try {
    // `info: true` makes each record `{record, info}`, which csv-parse's types do not model.
    records = parse(text, {
      bom: true,
      delimiter: separatorOf(text),
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      trim: true,
      to: drawingImportLimits.maxRows + 2,
    }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError) throw fileProblem(`The CSV cannot be read: ${error.message}.`);
    throw error;
  }
  const [header, ...body] = records;
  if (!header) throw fileProblem("The file holds no rows.");
  const keys = header.record.map(headerKey);
  const columns = Object.fromEntries(
    Object.entries(headerNames).map(([column, names]) => [
      column,
      keys.findIndex((key) => (names as readonly string[]).includes(key)),
    ]),
  ) as Record<Column, number>;
  if (columns.number < 0 || columns.title < 0) {
    throw fileProblem(
      "The first row must name the columns: the sheet number (e.g. Drawing No), the title and, if you like, the revision.",
    );
  }
  if (body.length > drawingImportLimits.maxRows) {
    throw fileProblem(`A register may list at most ${drawingImportLimits.maxRows.toLocaleString("en-US")} sheets.`);
  }

  const problems = new RowProblems();
  const rows: RegisterRow[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { record, info } of body) {
    // The row where the record starts: its cells' own line breaks taken off the line it ends on.
    const row = info.lines - record.reduce((sum, cell) => sum + (cell.match(/\n/g)?.length ?? 0), 0);
    // A leading ' before a formula sign is the escape this register's own CSV adds (server/lib/csv.ts).
    const cell = (column: Column) =>
      (columns[column] < 0 ? "" : (record[columns[column]] ?? "")).replace(/^'(?=[=+\-@])/, "");
    const number = sheetNumberSchema.safeParse(cell("number"));
    const title = drawingTitleSchema.safeParse(cell("title").replace(/\s+/g, " "));
    const listedRevision = cell("revision");
    const before = number.success ? firstRowOf.get(number.data) : undefined;
    if (!number.success) problems.add(row, `${number.error.issues[0]?.message ?? "Not a sheet number"}.`);
    else if (before !== undefined) problems.add(row, `${number.data} is also on row ${before}.`);
    if (!title.success) problems.add(row, `${title.error.issues[0]?.message ?? "Not a title"}.`);
    else if (hasControlCharacters(title.data)) problems.add(row, "The title holds control characters.");
    if (listedRevision.length > drawingImportLimits.listedRevisionMax) {
      problems.add(row, `A revision has at most ${drawingImportLimits.listedRevisionMax} characters.`);
    }
    if (!number.success || before !== undefined) continue;
    firstRowOf.set(number.data, row);
    if (title.success) rows.push({ row, number: number.data, title: title.data, listedRevision });
  }
  return { rows, problems };
}

/** The register as CSV: number, title, revision, status (its label), on hold, updated at. */
export const registerCsv = (sheets: Iterable<Drawing>) =>
  toCsv(
    [
      { header: "number", value: (sheet: Drawing) => sheet.number },
      { header: "title", value: (sheet: Drawing) => sheet.title },
      { header: "revision", value: (sheet: Drawing) => sheet.revision },
      { header: "status", value: (sheet: Drawing) => drawingStatusLabels[sheet.status] },
      { header: "on hold", value: (sheet: Drawing) => (sheet.onHold ? "yes" : "no") },
      { header: "updated at", value: (sheet: Drawing) => sheet.updatedAt },
    ],
    sheets,
  );
