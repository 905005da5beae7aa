import { describe, expect, it } from "vitest";
import { wrapIndex } from "./wrap-index.ts";

describe("wrapIndex", () => {
  it("keeps indexes inside the range", () => {
    expect(wrapIndex(3, 10)).toBe(3);
  });
  it("wraps past the end to the start", () => {
    expect(wrapIndex(10, 10)).toBe(0);
  });
  it("wraps before the start to the end", () => {
    expect(wrapIndex(-1, 10)).toBe(9);
  });
});
