import { describe, expect, it } from "vitest";
import projects from "../../../../../content/projects.json";
import { ALL, filterProjects, projectCategories } from "./project-filter.ts";

const sample = [
  { id: "a", category: "Commercial" },
  { id: "b", category: "Industrial" },
  { id: "c", category: "Commercial" },
  { id: "d", category: "Residential" },
];

describe("projectCategories", () => {
  it("lists each category once, in first-seen order", () => {
    expect(projectCategories(sample)).toEqual(["Commercial", "Industrial", "Residential"]);
  });

  it("is empty for no projects", () => {
    expect(projectCategories([])).toEqual([]);
  });

  it("derives the four SPEC categories from the real content", () => {
    expect(projectCategories(projects).sort()).toEqual(["Commercial", "Industrial", "Infrastructure", "Residential"]);
  });
});

describe("filterProjects", () => {
  it("returns every project, in order, for All", () => {
    expect(filterProjects(sample, ALL).map((p) => p.id)).toEqual(["a", "b", "c", "d"]);
  });

  it("returns a copy, never the input array", () => {
    expect(filterProjects(sample, ALL)).not.toBe(sample);
  });

  it("keeps only the chosen category, preserving order", () => {
    expect(filterProjects(sample, "Commercial").map((p) => p.id)).toEqual(["a", "c"]);
  });

  it("returns nothing for a category no project has", () => {
    expect(filterProjects(sample, "Bridges")).toEqual([]);
  });

  it("partitions the real projects: each category's results add up to All", () => {
    const total = projectCategories(projects).reduce((sum, c) => sum + filterProjects(projects, c).length, 0);
    expect(total).toBe(filterProjects(projects, ALL).length);
    expect(filterProjects(projects, ALL)).toHaveLength(6);
  });
});
