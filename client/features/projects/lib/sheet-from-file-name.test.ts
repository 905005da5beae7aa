import { describe, expect, it } from "vitest";
import { sheetFromFileName } from "./sheet-from-file-name.ts";

const register = ["E-101", "E-1010", "E-102", "S1.01", "GA_3"];

describe("sheetFromFileName", () => {
  it.each([
    ["E-101_RevB.pdf", "E-101", "B"],
    ["E-101 rev B.pdf", "E-101", "B"],
    ["E-101-B.pdf", "E-101", "B"],
    ["E-101.pdf", "E-101", null],
    ["e-101 rev c.PDF", "E-101", "C"],
    ["E-101 Rev. 2.pdf", "E-101", "2"],
    ["E-101_Revision_AA.pdf", "E-101", "AA"],
    ["JOB-7 E-102 (Rev 0).pdf", "E-102", "0"],
    ["E-1010_A.pdf", "E-1010", "A"],
    ["S1.01-A.pdf", "S1.01", "A"],
    ["GA_3.pdf", "GA_3", null],
    ["E-101 Anchor bolt plan.pdf", "E-101", null],
  ])("%s is %s at %s", (fileName, number, revision) => {
    expect(sheetFromFileName(fileName, register)).toEqual({ number, revision });
  });

  it.each([["E-103_A.pdf"], ["E-1011.pdf"], ["XE-101.pdf"], ["E-101.5.pdf"], ["notes.pdf"]])(
    "%s names no sheet of the register",
    (fileName) => {
      expect(sheetFromFileName(fileName, register)).toBeNull();
    },
  );
});
