import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { TrailingThrottle } from "./trailing-throttle.ts";

describe("TrailingThrottle", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] }));
  afterEach(() => vi.useRealTimers());

  const make = () => {
    const emitted: [string, number, number][] = [];
    const throttle = new TrailingThrottle<number>({
      everyMs: 1_000,
      emit: (key, value) => emitted.push([key, value, Date.now()]),
      merge: Math.max,
    });
    return { throttle, emitted };
  };

  it("sends the first at once and holds the rest of the second, sent at its end with the highest", async () => {
    const { throttle, emitted } = make();
    const start = Date.now();
    throttle.push("a", 1);
    await vi.advanceTimersByTimeAsync(100);
    throttle.push("a", 5);
    throttle.push("a", 3);
    expect(emitted).toEqual([["a", 1, start]]);
    expect(throttle.holding).toBe(1);
    await vi.advanceTimersByTimeAsync(900);
    expect(emitted).toEqual([
      ["a", 1, start],
      ["a", 5, start + 1_000],
    ]);
    // The held one started a new interval: the next is held again, not sent at once.
    throttle.push("a", 6);
    expect(emitted).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(emitted.at(-1)).toEqual(["a", 6, start + 2_000]);
  });

  it("keys do not hold each other up, and a quiet key sends at once again", async () => {
    const { throttle, emitted } = make();
    throttle.push("a", 1);
    throttle.push("b", 1);
    expect(emitted.map(([key]) => key)).toEqual(["a", "b"]);
    await vi.advanceTimersByTimeAsync(1_500);
    throttle.push("a", 2);
    expect(emitted.map(([key, value]) => `${key}${value}`)).toEqual(["a1", "b1", "a2"]);
  });

  it("flush sends what is held, once", () => {
    const { throttle, emitted } = make();
    throttle.push("a", 1);
    throttle.push("a", 2);
    throttle.flush();
    throttle.flush();
    expect(emitted.map(([, value]) => value)).toEqual([1, 2]);
    expect(throttle.holding).toBe(0);
  });
});
