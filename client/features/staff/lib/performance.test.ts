import { describe, expect, it } from "vitest";
import { clampPerformance, formatPercent, initials, performanceBand } from "./performance.ts";

describe("performance", () => {
  it("shows the score as a whole percent within 0–100", () => {
    expect(formatPercent(82)).toBe("82%");
    expect(formatPercent(82.6)).toBe("83%");
    expect(formatPercent(140)).toBe("100%");
    expect(formatPercent(-3)).toBe("0%");
    expect(clampPerformance(Number.NaN)).toBe(0);
  });
  it("names the band", () => {
    expect(performanceBand(90).label).toBe("Excellent");
    expect(performanceBand(70).tone).toBe("high");
    expect(performanceBand(55).tone).toBe("mid");
    expect(performanceBand(10).tone).toBe("low");
    expect(performanceBand(0)).toEqual({ label: "Not rated yet", tone: "none" });
  });
  it("makes initials", () => {
    expect(initials("Jane Doe")).toBe("JD");
    expect(initials("  maria  de la  cruz ")).toBe("MC");
    expect(initials("jdoe")).toBe("J");
    expect(initials("")).toBe("?");
  });
});
