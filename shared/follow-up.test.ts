import { describe, expect, it } from "vitest";
import { dueBefore, followUpState } from "./follow-up.ts";
import { dayBounds, isTimeZone } from "./time-zone.ts";

const iso = (date: Date) => date.toISOString();

describe("dayBounds", () => {
  it("gives the caller's day in their zone, whatever the offset", () => {
    // 10:00 in Chicago (UTC−6 in November).
    const now = new Date("2026-11-25T16:00:00Z");
    expect(Object.values(dayBounds(now, "America/Chicago")).map(iso)).toEqual([
      "2026-11-25T06:00:00.000Z",
      "2026-11-26T06:00:00.000Z",
    ]);
    expect(Object.values(dayBounds(now, "UTC")).map(iso)).toEqual([
      "2026-11-25T00:00:00.000Z",
      "2026-11-26T00:00:00.000Z",
    ]);
    // 21:30 in Kolkata (UTC+5:30) is already the 25th there at 16:00 UTC.
    expect(Object.values(dayBounds(now, "Asia/Kolkata")).map(iso)).toEqual([
      "2026-11-24T18:30:00.000Z",
      "2026-11-25T18:30:00.000Z",
    ]);
    // 02:00 UTC on the 26th is still the 25th in Chicago.
    expect(iso(dayBounds(new Date("2026-11-26T02:00:00Z"), "America/Chicago").today)).toBe("2026-11-25T06:00:00.000Z");
  });

  it("keeps days of 23 and 25 hours whole across clock changes, and rolls over month ends", () => {
    const spring = dayBounds(new Date("2026-03-08T18:00:00Z"), "America/Chicago");
    expect([iso(spring.today), iso(spring.tomorrow)]).toEqual(["2026-03-08T06:00:00.000Z", "2026-03-09T05:00:00.000Z"]);
    const autumn = dayBounds(new Date("2026-11-01T18:00:00Z"), "America/Chicago");
    expect([iso(autumn.today), iso(autumn.tomorrow)]).toEqual(["2026-11-01T05:00:00.000Z", "2026-11-02T06:00:00.000Z"]);
    const newYear = dayBounds(new Date("2026-12-31T20:00:00Z"), "Europe/Berlin");
    expect([iso(newYear.today), iso(newYear.tomorrow)]).toEqual([
      "2026-12-30T23:00:00.000Z",
      "2026-12-31T23:00:00.000Z",
    ]);
  });
});

describe("isTimeZone", () => {
  it("knows IANA zones and refuses anything else", () => {
    for (const zone of ["UTC", "America/Chicago", "Asia/Kolkata", "Etc/GMT+6"])
      expect(isTimeZone(zone), zone).toBe(true);
    for (const zone of ["", "Mars/Olympus_Mons", "../../etc/localtime", "America/"])
      expect(isTimeZone(zone), zone).toBe(false);
  });
});

describe("followUpState and dueBefore", () => {
  const now = new Date("2026-11-25T16:00:00Z");
  const open = (followUpAt: string | null) => ({ followUpAt, status: "contacted" as const });

  it("is overdue before the caller's today, due today during it (even hours ago), later after", () => {
    expect(followUpState(open("2026-11-25T05:59:59Z"), now, "America/Chicago")).toBe("overdue");
    expect(followUpState(open("2026-11-25T06:00:00Z"), now, "America/Chicago")).toBe("today");
    expect(followUpState(open("2026-11-26T05:59:59Z"), now, "America/Chicago")).toBe("today");
    expect(followUpState(open("2026-11-26T06:00:00Z"), now, "America/Chicago")).toBe("later");
    // The same instant is today in Chicago and tomorrow in UTC.
    expect(followUpState(open("2026-11-26T02:00:00Z"), now, "UTC")).toBe("later");
  });

  it("is null without a date, for won and lost requests, or for a date that does not parse", () => {
    expect(followUpState(open(null), now, "UTC")).toBeNull();
    expect(followUpState({ followUpAt: "2026-11-01T00:00:00Z", status: "won" }, now, "UTC")).toBeNull();
    expect(followUpState({ followUpAt: "2026-11-01T00:00:00Z", status: "lost" }, now, "UTC")).toBeNull();
    expect(followUpState(open("not a date"), now, "UTC")).toBeNull();
  });

  it("bounds the filters at the start of today (overdue) and of tomorrow (due today)", () => {
    expect(iso(dueBefore("overdue", now, "America/Chicago"))).toBe("2026-11-25T06:00:00.000Z");
    expect(iso(dueBefore("today", now, "America/Chicago"))).toBe("2026-11-26T06:00:00.000Z");
  });
});
