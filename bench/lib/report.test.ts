import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { liveTable, median, percentile, percentiles, renderTable, resultsJson, round, writeResults } from "./report.ts";

describe("the figures", () => {
  it("percentile: the nearest rank, whatever the order the values came in", () => {
    const values = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(percentile(values, 0.5)).toBe(6);
    expect(percentile(values, 0.9)).toBe(10);
    expect(percentile(values, 0.99)).toBe(10);
    expect(percentile(values, 0)).toBe(1);
    expect(percentile([42], 0.99)).toBe(42);
    expect(percentile([], 0.5)).toBeNaN();
    // Numbers, not strings: 10 sorts after 9.
    expect(percentile([9, 10, 100], 0.5)).toBe(10);
  });

  it("percentiles: p50, p99 and max to 0.1 ms", () => {
    const latencies = Array.from({ length: 200 }, (_, i) => (i + 1) * 1.234);
    expect(percentiles(latencies)).toEqual({ p50: 124.6, p99: 245.6, max: 246.8 });
    expect(percentiles([])).toEqual({ p50: Number.NaN, p99: Number.NaN, max: Number.NaN });
  });

  it("median: the middle value, or the mean of the two middle ones", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it("round: to one decimal unless told", () => {
    expect(round(1.25)).toBe(1.3);
    expect(round(2 / 3, 2)).toBe(0.67);
    expect(round(1234.5, 0)).toBe(1235);
  });
});

describe("the tables", () => {
  it("renders Markdown with the cells right-aligned, the first columns left if asked", () => {
    const rows = [
      ["/", "98", "1234.5"],
      ["/career", "100", "7"],
    ];
    expect(renderTable(["route", "perf", "JS"], rows)).toBe(
      [
        "|   route | perf |     JS |",
        "|---------|------|--------|",
        "|       / |   98 | 1234.5 |",
        "| /career |  100 |      7 |",
      ].join("\n"),
    );
    expect(renderTable(["route", "perf", "JS"], rows, { leftColumns: 1 }).split("\n")[2]).toBe(
      "| /       |   98 | 1234.5 |",
    );
  });

  it("prints a live table row by row, each column as wide as its header and at least 7", () => {
    const table = liveTable(["min", "RSS gc MB"]);
    expect(table.head).toBe("|     min | RSS gc MB |\n|---------|-----------|");
    expect(table.row(["1*", "123.4"])).toBe("|      1* |     123.4 |");
  });
});

describe("the results", () => {
  it("is indented JSON ending in a newline, written under bench/results", () => {
    const data = { date: "2026-11-30T10:00:00.000Z", results: [{ p50: 1.5, lost: Number.NaN }] };
    expect(resultsJson(data)).toBe(
      '{\n  "date": "2026-11-30T10:00:00.000Z",\n  "results": [\n    {\n      "p50": 1.5,\n      "lost": null\n    }\n  ]\n}\n',
    );
    const root = mkdtempSync(path.join(tmpdir(), "bench-report-"));
    try {
      expect(writeResults("x.json", data, root)).toBe("bench/results/x.json");
      expect(readFileSync(path.join(root, "bench", "results", "x.json"), "utf8")).toBe(resultsJson(data));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
