import { describe, expect, it } from "vitest";
import { sectionOf, sectionsFor, workspaceSections } from "./sections.ts";

describe("workspace sections", () => {
  it("gives employees the overview, their quote requests, their projects and the chat, admins everything", () => {
    expect(sectionsFor("employee").map((section) => section.label)).toEqual([
      "Overview",
      "Quote requests",
      "Projects",
      "Chat",
    ]);
    expect(sectionsFor("admin")).toEqual(workspaceSections);
  });

  it("finds the section of an address, details and query strings included", () => {
    expect(sectionOf("/staff")?.label).toBe("Overview");
    expect(sectionOf("/staff/quotes/Q-2026-0042")?.label).toBe("Quote requests");
    expect(sectionOf("/staff/file-requests")?.label).toBe("File requests");
    expect(sectionOf("/staff/files")?.label).toBe("Files");
    expect(sectionOf("/staff/projects/J-1042")?.label).toBe("Projects");
    expect(sectionOf("/staff/chat/group%3A12")?.label).toBe("Chat");
    expect(sectionOf("/staffing")).toBeUndefined();
  });

  it("has one shortcut key per section", () => {
    const keys = workspaceSections.map((section) => section.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
