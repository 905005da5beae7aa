import { describe, expect, it } from "vitest";
import { expiryText, expiryUrgency, hoursToMinutes } from "./expiry.ts";

const now = Date.parse("2025-06-01T12:00:00.000Z");
const at = (ms: number) => new Date(now + ms).toISOString();
const MIN = 60_000;

describe("hoursToMinutes", () => {
  it("multiplies by 60", () => {
    expect(hoursToMinutes(10)).toBe(600);
    expect(hoursToMinutes(1)).toBe(60);
    expect(hoursToMinutes(72)).toBe(4320);
  });
  it("rounds fractions of hours to whole minutes", () => {
    expect(hoursToMinutes(1.5)).toBe(90);
    expect(hoursToMinutes(0.01)).toBe(1);
  });
});

describe("expiryText", () => {
  it("counts down a fresh 10-hour link as 9 h 59 min", () => {
    expect(expiryText(at(10 * 60 * MIN - 1000), now)).toBe("expires in 9 h 59 min");
  });
  it("drops zero minutes and shows days for long links", () => {
    expect(expiryText(at(3 * 60 * MIN), now)).toBe("expires in 3 h");
    expect(expiryText(at((2 * 24 + 3) * 60 * MIN + 30 * MIN), now)).toBe("expires in 2 d 3 h");
    expect(expiryText(at(24 * 60 * MIN), now)).toBe("expires in 1 d");
  });
  it("shows minutes under an hour and less than a minute at the end", () => {
    expect(expiryText(at(42 * MIN + 10_000), now)).toBe("expires in 42 min");
    expect(expiryText(at(30_000), now)).toBe("expires in less than a minute");
  });
  it("says expired at and after the expiry date", () => {
    expect(expiryText(at(0), now)).toBe("expired");
    expect(expiryText(at(-5 * MIN), now)).toBe("expired");
  });
  it("copes with a date it cannot read", () => {
    expect(expiryText("not a date", now)).toBe("expiry unknown");
  });
});

describe("expiryUrgency", () => {
  it("is soon under one hour, expired when past", () => {
    expect(expiryUrgency(at(2 * 60 * MIN), now)).toBe("ok");
    expect(expiryUrgency(at(59 * MIN), now)).toBe("soon");
    expect(expiryUrgency(at(-1), now)).toBe("expired");
    expect(expiryUrgency("nope", now)).toBe("expired");
  });
});
