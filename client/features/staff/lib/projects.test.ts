import { describe, expect, it } from "vitest";
import { formatProjects, parseProjects } from "./projects.ts";

describe("parseProjects", () => {
  it("splits on commas and new lines and trims", () => {
    expect(parseProjects(" Harbor Bridge, Riverside Tower \nDC-7 Warehouse")).toEqual([
      "Harbor Bridge",
      "Riverside Tower",
      "DC-7 Warehouse",
    ]);
  });
  it("drops blanks and case-insensitive repeats, keeping the first spelling", () => {
    expect(parseProjects("A,, ,a, B ,b,")).toEqual(["A", "B"]);
  });
  it("collapses inner whitespace", () => {
    expect(parseProjects("Mill   Building")).toEqual(["Mill Building"]);
  });
  it("reads an empty field as no projects", () => {
    expect(parseProjects("")).toEqual([]);
    expect(parseProjects("  ,  ")).toEqual([]);
  });
  it("round-trips with formatProjects", () => {
    const projects = ["Harbor Bridge", "Riverside Tower"];
    expect(parseProjects(formatProjects(projects))).toEqual(projects);
  });
});
