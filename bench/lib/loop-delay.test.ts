import { describe, expect, it } from "vitest";
import { loopDelayPercentiles, watchLoopDelay } from "./loop-delay.ts";

describe("event-loop delay", () => {
  it("gives ms beyond the sampling period, never below zero, and zeros for an empty histogram", () => {
    const histogram = { count: 3, max: 255_000_000, percentile: (q: number) => (q === 50 ? 4_900_000 : 104_960_000) };
    expect(loopDelayPercentiles(histogram, 5)).toEqual({ p50: 0, p99: 100, max: 250 });
    expect(loopDelayPercentiles({ count: 0, max: 0, percentile: () => Number.NaN }, 5)).toEqual({
      p50: 0,
      p99: 0,
      max: 0,
    });
  });

  it("sees a loop held by synchronous work as late", async () => {
    const stop = watchLoopDelay();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const until = performance.now() + 120;
    while (performance.now() < until) {
      // Holds the loop, as a long task would.
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stop().max).toBeGreaterThanOrEqual(100);
  });
});
