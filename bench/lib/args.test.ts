import { describe, expect, it } from "vitest";
import { parseWholeNumber } from "./args.ts";

describe("a whole-number option", () => {
  it("is taken within its bounds", () => {
    expect(parseWholeNumber("1024", 1, 10240)).toBe(1024);
    expect(parseWholeNumber("1", 1, 20)).toBe(1);
    expect(parseWholeNumber("20", 1, 20)).toBe(20);
  });

  it("is refused outside them, or when not a whole number", () => {
    for (const raw of ["0", "21", "2.5", "ten", "", " ", "-3"]) expect(parseWholeNumber(raw, 1, 20)).toBeUndefined();
  });
});
