/** A cell a spreadsheet would read as a formula (or as a control character) starts with one of these. */
const formulaStart = /^[=+\-@\t\r]/;

/**
 * One CSV cell (RFC 4180): text a spreadsheet would run as a formula gets a leading `'`
 * (OWASP "CSV injection"), and a cell holding a quote, comma or line break is quoted.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (formulaStart.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A CSV document: a header row, then one row per record, CRLF line ends, and a byte-order mark
 * so spreadsheet programs read it as UTF-8.
 */
export function toCsv<Row>(
  columns: readonly { header: string; value: (row: Row) => string | number | null }[],
  rows: Iterable<Row>,
): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(",")];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** `attachment; filename="contact-submissions-2025-06-02.csv"` for an export made now. */
export function csvDisposition(baseName: string, now = new Date()): string {
  return `attachment; filename="${baseName}-${now.toISOString().slice(0, 10)}.csv"`;
}
