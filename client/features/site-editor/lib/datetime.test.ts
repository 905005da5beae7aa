import { describe, expect, it } from "vitest";
import { isoToLocalInput, localInputToIso } from "./datetime.ts";

describe("datetime-local and ISO", () => {
  it("goes there and back in the reader's zone", () => {
    const iso = new Date(2026, 11, 3, 9, 30).toISOString();
    expect(isoToLocalInput(iso)).toBe("2026-12-03T09:30");
    expect(localInputToIso("2026-12-03T09:30")).toBe(iso);
  });

  it("reads nothing from empty or unreadable values", () => {
    expect(isoToLocalInput(null)).toBe("");
    expect(isoToLocalInput("soon")).toBe("");
    expect(localInputToIso("")).toBeUndefined();
  });
});
