import { describe, expect, it } from "vitest";
import { chatLimits } from "../../../../shared/chat.ts";
import { formatWait, reconnectDelay } from "./backoff.ts";

describe("reconnectDelay", () => {
  it("waits 5 s first, then doubles", () => {
    expect([1, 2, 3, 4, 5].map((attempt) => reconnectDelay(attempt))).toEqual([5_000, 10_000, 20_000, 40_000, 80_000]);
  });

  it("never waits more than 15 minutes", () => {
    expect(reconnectDelay(9)).toBe(chatLimits.maxReconnectDelayMs);
    expect(reconnectDelay(1_000)).toBe(15 * 60_000);
    expect(reconnectDelay(Number.POSITIVE_INFINITY)).toBe(5_000);
  });

  it("treats nonsense attempts as the first", () => {
    expect(reconnectDelay(0)).toBe(5_000);
    expect(reconnectDelay(-2)).toBe(5_000);
  });

  it("formats a wait for people", () => {
    expect(formatWait(4_200)).toBe("5 s");
    expect(formatWait(80_000)).toBe("1 min 20 s");
    expect(formatWait(15 * 60_000)).toBe("15 min");
    expect(formatWait(-1)).toBe("0 s");
  });
});
