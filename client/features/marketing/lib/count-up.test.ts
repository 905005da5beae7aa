import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { COUNTER_DURATION_MS, counterValue, easeOutCubic, progressAt } from "./count-up.ts";

describe("easeOutCubic", () => {
  it("starts at 0 and ends at 1", () => {
    expect(easeOutCubic(0)).toBe(0);
    expect(easeOutCubic(1)).toBe(1);
  });

  it("eases out: ahead of linear in the middle", () => {
    expect(easeOutCubic(0.5)).toBeCloseTo(0.875, 10);
  });

  it("never goes backwards", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(easeOutCubic(lo)).toBeLessThanOrEqual(easeOutCubic(hi));
      }),
    );
  });
});

describe("progressAt", () => {
  it("is clamped to [0, 1]", () => {
    expect(progressAt(-100, 2500)).toBe(0);
    expect(progressAt(0, 2500)).toBe(0);
    expect(progressAt(1250, 2500)).toBe(0.5);
    expect(progressAt(2500, 2500)).toBe(1);
    expect(progressAt(99_999, 2500)).toBe(1);
  });

  it("is complete at once for a zero duration", () => {
    expect(progressAt(0, 0)).toBe(1);
  });
});

describe("counterValue", () => {
  it("animates over 2500 ms", () => {
    expect(COUNTER_DURATION_MS).toBe(2500);
  });

  it("starts at 0 and reaches the target exactly at 2500 ms", () => {
    expect(counterValue(90, 0)).toBe(0);
    expect(counterValue(90, 2500)).toBe(90);
    expect(counterValue(90, 2499)).toBeLessThanOrEqual(90);
  });

  it("is still counting before the end", () => {
    expect(counterValue(90, 500)).toBeGreaterThan(0);
    expect(counterValue(90, 500)).toBeLessThan(90);
    // Ease-out: at half time it is well past half the target (90 × 0.875 = 78.75).
    expect(counterValue(90, 1250)).toBe(79);
  });

  it("holds the target after the end and 0 before the start", () => {
    expect(counterValue(90, 10_000)).toBe(90);
    expect(counterValue(90, -5)).toBe(0);
  });

  it("shows whole numbers between 0 and the target that never decrease", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.nat(3000), fc.nat(3000), (target, a, b) => {
        const [early, late] = a <= b ? [a, b] : [b, a];
        const value = counterValue(target, early);
        expect(Number.isInteger(value)).toBe(true);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThanOrEqual(target);
        expect(value).toBeLessThanOrEqual(counterValue(target, late));
      }),
    );
  });

  it("honours a custom duration and easing", () => {
    const linear = (t: number) => t;
    expect(counterValue(100, 250, 1000, linear)).toBe(25);
    expect(counterValue(100, 1000, 1000, linear)).toBe(100);
  });
});
