import { describe, expect, it } from "vitest";
import { continuesBlock, dayKey, dayLabel, formatTime, groupByDay } from "./dates.ts";

// Local-time constructors keep these tests independent of the machine's time zone.
const now = new Date(2025, 5, 2, 10, 30);

describe("dayLabel", () => {
  it("says Today for any time today", () => {
    expect(dayLabel(new Date(2025, 5, 2, 0, 0), now)).toBe("Today");
    expect(dayLabel(new Date(2025, 5, 2, 23, 59), now)).toBe("Today");
  });

  it("says Yesterday for the day before, across a month boundary too", () => {
    expect(dayLabel(new Date(2025, 5, 1, 23, 59), now)).toBe("Yesterday");
    expect(dayLabel(new Date(2025, 4, 31, 12), new Date(2025, 5, 1, 8))).toBe("Yesterday");
    expect(dayLabel(new Date(2024, 11, 31, 12), new Date(2025, 0, 1, 8))).toBe("Yesterday");
  });

  it("writes older days as a date, with the year only when it is not this year", () => {
    expect(dayLabel(new Date(2025, 4, 31, 12), now, "en-US")).toBe("Saturday, May 31");
    expect(dayLabel(new Date(2024, 4, 31, 12), now, "en-US")).toBe("Friday, May 31, 2024");
  });
});

describe("groupByDay", () => {
  it("starts a new separator whenever the calendar day changes", () => {
    const items = [
      new Date(2025, 4, 31, 9),
      new Date(2025, 5, 1, 8),
      new Date(2025, 5, 1, 22),
      new Date(2025, 5, 2, 7),
      new Date(2025, 5, 2, 9),
    ];
    const groups = groupByDay(items, (date) => date, now, "en-US");
    expect(groups.map((group) => [group.label, group.items.length])).toEqual([
      ["Saturday, May 31", 1],
      ["Yesterday", 2],
      ["Today", 2],
    ]);
    expect(groups[2]!.key).toBe(dayKey(now));
  });

  it("returns nothing for no messages", () => {
    expect(groupByDay([], (date: Date) => date, now)).toEqual([]);
  });
});

describe("formatTime and blocks", () => {
  it("formats hours and minutes in the given locale", () => {
    expect(formatTime(new Date(2025, 5, 2, 14, 5), "en-US")).toBe("2:05 PM");
    expect(formatTime(new Date(2025, 5, 2, 14, 5), "en-GB")).toBe("14:05");
  });

  it("joins messages from one sender within five minutes into one block", () => {
    const first = { sender: "alice", timestamp: "2025-06-02T09:00:00.000Z" };
    expect(continuesBlock(first, { sender: "alice", timestamp: "2025-06-02T09:04:59.000Z" })).toBe(true);
    expect(continuesBlock(first, { sender: "alice", timestamp: "2025-06-02T09:05:00.000Z" })).toBe(false);
    expect(continuesBlock(first, { sender: "bob", timestamp: "2025-06-02T09:01:00.000Z" })).toBe(false);
    expect(continuesBlock(undefined, first)).toBe(false);
  });
});
