import { describe, expect, it } from "vitest";
import { formatBytes } from "../../../../shared/bytes.ts";
import { cvFileRule, quoteFileRule } from "../../../../shared/public-form-limits.ts";
import { describeFile, fileProblem } from "./file-check.ts";

describe("fileProblem", () => {
  it("accepts the CV formats, whatever the letter case, up to 10 MB", () => {
    for (const name of ["cv.pdf", "CV.DOC", "cv.docx", "portfolio.zip"]) {
      expect(fileProblem({ name, size: 1000 }, cvFileRule), name).toBeNull();
    }
    expect(fileProblem({ name: "cv.pdf", size: 10 * 1024 * 1024 }, cvFileRule)).toBeNull();
  });

  it("names the problem: type, emptiness, size", () => {
    expect(fileProblem({ name: "cv.png", size: 10 }, cvFileRule)).toBe(
      "This type of file is not accepted. Send PDF, DOC, DOCX or ZIP.",
    );
    expect(fileProblem({ name: "cv.pdf", size: 0 }, cvFileRule, "Your CV")).toBe("Your CV is empty.");
    expect(fileProblem({ name: "cv.pdf", size: 10 * 1024 * 1024 + 1 }, cvFileRule, "Your CV")).toBe(
      "Your CV is larger than the 10 MB limit.",
    );
    expect(fileProblem({ name: "model.ifc", size: 101 * 1024 * 1024 }, quoteFileRule)).toBe(
      "The file is larger than the 100 MB limit.",
    );
  });

  it("accepts drawings, models and archives for a quote", () => {
    for (const name of ["a.dwg", "a.dxf", "a.ifc", "a.7z", "a.rar", "a.tiff", "a.xlsx", "a.ppt"]) {
      expect(fileProblem({ name, size: 1 }, quoteFileRule), name).toBeNull();
    }
    expect(fileProblem({ name: "setup.exe", size: 1 }, quoteFileRule)).toMatch(/not accepted/);
  });
});

describe("formatting", () => {
  it("shows limits and files in KB and MB", () => {
    expect(formatBytes(10 * 1024 * 1024)).toBe("10 MB");
    expect(formatBytes(100 * 1024 * 1024)).toBe("100 MB");
    expect(describeFile({ name: "plan.pdf", size: 3_565_158 })).toBe("plan.pdf, 3.4 MB");
    expect(describeFile({ name: "a.txt", size: 2048 })).toBe("a.txt, 2 KB");
  });
});
