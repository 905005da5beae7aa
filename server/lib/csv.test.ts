import { describe, expect, it } from "vitest";
import { csvCell, csvDisposition, toCsv } from "./csv.ts";

describe("csvCell", () => {
  it.each([
    ["plain", "plain"],
    ["", ""],
    [null, ""],
    [undefined, ""],
    [42, "42"],
    ["=1+1", "'=1+1"],
    ["+1 (412) 555-0142", "'+1 (412) 555-0142"],
    ["-2", "'-2"],
    ["@SUM(A1:A2)", "'@SUM(A1:A2)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", `"'\rcmd"`],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ["a,b", `"a,b"`],
    ['say "hi"', `"say ""hi"""`],
    ["two\nlines", `"two\nlines"`],
    ["mid=dle", "mid=dle"],
  ])("%j → %j", (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });
});

describe("toCsv", () => {
  it("writes a BOM, a header row and one CRLF-ended row per record", () => {
    const csv = toCsv(
      [
        { header: "name", value: (row: { name: string; n: number }) => row.name },
        { header: "n", value: (row) => row.n },
      ],
      [
        { name: "Ada", n: 1 },
        { name: "=cmd", n: 2 },
      ],
    );
    expect(csv).toBe("\uFEFFname,n\r\nAda,1\r\n'=cmd,2\r\n");
  });

  it("names the download after the list and the day", () => {
    expect(csvDisposition("applications", new Date("2025-06-02T10:00:00Z"))).toBe(
      'attachment; filename="applications-2025-06-02.csv"',
    );
  });
});
