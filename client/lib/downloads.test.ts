import { describe, expect, it } from "vitest";
import { fileNameFromDisposition, isViewableType } from "./downloads.ts";

describe("fileNameFromDisposition", () => {
  it("prefers the exact UTF-8 name, then the plain one", () => {
    expect(
      fileNameFromDisposition(`attachment; filename="Z_rich plan.pdf"; filename*=UTF-8''Z%C3%BCrich%20plan.pdf`),
    ).toBe("Zürich plan.pdf");
    expect(fileNameFromDisposition('attachment; filename="contact-submissions-2025-06-02.csv"')).toBe(
      "contact-submissions-2025-06-02.csv",
    );
    expect(fileNameFromDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''%E0%A4%A`)).toBe("a.pdf");
    expect(fileNameFromDisposition(null)).toBeNull();
    expect(fileNameFromDisposition("inline")).toBeNull();
  });
});

describe("isViewableType", () => {
  it("opens PDFs and web images in a tab, saves the rest", () => {
    for (const type of ["application/pdf", "image/png", "image/jpeg", "IMAGE/WEBP"])
      expect(isViewableType(type)).toBe(true);
    for (const type of ["image/tiff", "image/vnd.dwg", "application/zip", "application/octet-stream", null]) {
      expect(isViewableType(type)).toBe(false);
    }
  });
});
