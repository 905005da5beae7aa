/**
 * The benchmarks' reports: the figures (rounding, medians, percentiles), the tables they print and
 * the JSON they write to bench/results/ (git-ignored).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The project's root: the benches run their processes there and write under bench/results. */
export const benchRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

export const round = (n: number, digits = 1) => Number(n.toFixed(digits));

const sorted = (values: number[]) => Float64Array.from(values).sort();

/** The nearest-rank value at `q` (0..1) of an ascending list; NaN when it is empty. */
function rank(ascending: Float64Array, q: number): number {
  if (ascending.length === 0) return Number.NaN;
  return ascending[Math.min(ascending.length - 1, Math.floor(q * ascending.length))]!;
}

/** The value at `q` (0..1), nearest rank: at least a `q` share of the values are at or below it. NaN when empty. */
export function percentile(values: number[], q: number): number {
  return rank(sorted(values), q);
}

/** The middle value (the mean of the two middle ones for an even count); NaN when empty. */
export function median(values: number[]): number {
  const ascending = sorted(values);
  const mid = Math.floor(ascending.length / 2);
  if (ascending.length === 0) return Number.NaN;
  return ascending.length % 2 ? ascending[mid]! : (ascending[mid - 1]! + ascending[mid]!) / 2;
}

export interface Percentiles {
  p50: number;
  p99: number;
  max: number;
}

/** p50, p99 and the maximum, to 0.1; NaN for each when there are no values. */
export function percentiles(values: number[]): Percentiles {
  const ascending = sorted(values);
  return {
    p50: round(rank(ascending, 0.5)),
    p99: round(rank(ascending, 0.99)),
    max: round(rank(ascending, 1)),
  };
}

export interface TableOptions {
  /** How many columns, from the first, are aligned left (default none: every cell right-aligned). */
  leftColumns?: number;
}

/** A Markdown table. */
export function renderTable(header: string[], rows: string[][], options: TableOptions = {}): string {
  const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => row[i]?.length ?? 0)));
  const line = (cells: string[]) => tableLine(cells, widths, options.leftColumns ?? 0);
  return [line(header), rule(widths), ...rows.map(line)].join("\n");
}

/**
 * A Markdown table printed a row at a time, as the figures come (its widths cannot wait for the
 * rows): each column as wide as its header, and at least `minWidth`.
 */
export function liveTable(header: string[], minWidth = 7): { head: string; row(cells: string[]): string } {
  const widths = header.map((title) => Math.max(title.length, minWidth));
  return { head: `${tableLine(header, widths, 0)}\n${rule(widths)}`, row: (cells) => tableLine(cells, widths, 0) };
}

function tableLine(cells: string[], widths: number[], leftColumns: number): string {
  const padded = cells.map((cell, i) => (i < leftColumns ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)));
  return `| ${padded.join(" | ")} |`;
}

const rule = (widths: number[]) => `|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`;

/** A result as the benches write it: indented JSON ending in a newline. */
export function resultsJson(data: unknown): string {
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** Writes `data` as JSON to bench/results/`fileName` under `root`; returns the path relative to `root`. */
export function writeResults(fileName: string, data: unknown, root = benchRoot): string {
  const dir = path.join(root, "bench", "results");
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, fileName), resultsJson(data));
  return path.posix.join("bench", "results", fileName);
}
