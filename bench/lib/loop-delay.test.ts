import { describe, expect, it } from "vitest";
import { loopDelayPercentiles, watchLoopDelay } from "./loop-delay.ts";

describe("event-loop delay", () => {
  it("converts the histogram's nanoseconds to ms, and an empty one to zeros", () => {
    const histogram = { count: 3, max: 250_000_000, percentile: (q: number) => (q === 50 ? 1_230_000 : 99_960_000) };
    expect(loopDelayPercentiles(histogram)).toEqual({ p50: 1.2, p99: 100, max: 250 });
    expect(loopDelayPercentiles({ count: 0, max: 0, percentile: () => Number.NaN })).toEqual({
      p50: 0,
      p99: 0,
      max: 0,
    });
  });

  it("sees the loop held by synchronous work", async () => {
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
