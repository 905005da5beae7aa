import { describe, expect, it } from "vitest";
import { SendWindows } from "./send-windows.ts";

describe("SendWindows", () => {
  it("admits perSecond frames a second per limit, and again in the next second", () => {
    let now = 10_000;
    const windows = new SendWindows(() => now);
    const light = { destinations: ["/app/a", "/app/b"], perSecond: 3 };
    const other = { destinations: ["/app/c"], perSecond: 1 };
    expect([1, 2, 3, 4, 5].map(() => windows.admit(light))).toEqual([true, true, true, false, false]);
    expect(windows.admit(other)).toBe(true);
    expect(windows.admit(other)).toBe(false);
    now += 999;
    expect(windows.admit(light)).toBe(false);
    now += 1;
    expect(windows.admit(light)).toBe(true);
  });
});
