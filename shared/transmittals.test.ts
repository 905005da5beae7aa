import { describe, expect, it } from "vitest";
import { defaultResponseLabels, responseTally } from "./transmittals.ts";

describe("a response tally", () => {
  it("counts each response, in the order of the keys, in the office's words", () => {
    expect(responseTally(["rejected", "approved", null, "approved"], defaultResponseLabels)).toBe(
      "2 approved, 1 rejected",
    );
    expect(responseTally([], defaultResponseLabels)).toBe("no responses");
    expect(responseTally(["rejected"], { ...defaultResponseLabels, rejected: "Not Accepted" })).toBe("1 not accepted");
  });
});
