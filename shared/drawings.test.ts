import { describe, expect, it } from "vitest";
import { expectedRevision, revisionRefusal, revisionSchema, sheetNumberSchema } from "./drawings.ts";

describe("drawing revisions (DESIGN §16)", () => {
  it("expects A for a new sheet, the next letter until approval, then numbers", () => {
    expect(expectedRevision(null)).toBe("A");
    expect(expectedRevision({ revision: "A", status: "inProgress" })).toBe("B");
    expect(expectedRevision({ revision: "B", status: "reviseResubmit" })).toBe("C");
    expect(expectedRevision({ revision: "Z", status: "issued" })).toBe("AA");
    expect(expectedRevision({ revision: "AZ", status: "issued" })).toBe("BA");
    expect(expectedRevision({ revision: "C", status: "approved" })).toBe("0");
    expect(expectedRevision({ revision: "C", status: "approvedAsNoted" })).toBe("0");
    expect(expectedRevision({ revision: "0", status: "reviseResubmit" })).toBe("1");
    expect(expectedRevision({ revision: "9", status: "released" })).toBe("10");
  });

  it("says why a revision cannot come next", () => {
    expect(revisionRefusal("E-101", null, "A")).toBeNull();
    expect(revisionRefusal("E-101", null, "B")).toBe("A new sheet starts at revision A: E-101 has no revision yet.");
    expect(revisionRefusal("E-101", { revision: "A", status: "issued" }, "C")).toBe(
      "C cannot follow A: the next revision of E-101 is B.",
    );
    expect(revisionRefusal("E-101", { revision: "B", status: "approved" }, "C")).toBe(
      "Approved sheets take numbers: the next revision of E-101 is 0.",
    );
    expect(revisionRefusal("E-101", { revision: "B", status: "issued" }, "0")).toBe(
      "Numbers start once a sheet is approved: the next revision of E-101 is C.",
    );
    expect(revisionRefusal("E-101", { revision: "B", status: "issued" }, "B")).toBe(
      "Revision B of E-101 is already in the register: a file is never replaced. The next revision is C.",
    );
    expect(revisionRefusal("E-101", { revision: "0", status: "reviseResubmit" }, "2")).toBe(
      "2 cannot follow 0: the next revision of E-101 is 1.",
    );
  });

  it("reads sheet numbers and revisions as detailing software writes them", () => {
    for (const ok of ["E-101", "S1.01", "GA_3", "1"]) expect(sheetNumberSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ["", "-1", "E 101", "E/101", "x".repeat(41)]) {
      expect(sheetNumberSchema.safeParse(bad).success, bad).toBe(false);
    }
    for (const ok of ["A", "AB", "0", "12", "999"]) expect(revisionSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ["a", "ABC", "1000", "A1", "-1", ""])
      expect(revisionSchema.safeParse(bad).success, bad).toBe(false);
  });
});
