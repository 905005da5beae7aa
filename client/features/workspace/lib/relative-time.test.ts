import { describe, expect, it } from "vitest";
import { relativeTime } from "./relative-time.ts";

describe("relativeTime", () => {
  const now = Date.parse("2026-11-27T12:00:00Z");
  it("says now, minutes, hours, yesterday, then the date", () => {
    expect(relativeTime("2026-11-27T11:59:30Z", now)).toBe("now");
    expect(relativeTime("2026-11-27T11:55:00Z", now)).toBe("5 min. ago");
    expect(relativeTime("2026-11-27T09:00:00Z", now)).toBe("3 hr. ago");
    expect(relativeTime("2026-11-26T11:00:00Z", now)).toBe("yesterday");
    expect(relativeTime("2026-11-01T11:00:00Z", now)).toMatch(/2026/);
    expect(relativeTime("not a date", now)).toBe("");
  });
});
