import { describe, expect, it } from "vitest";
import { attachmentDisposition, sanitizeFileName } from "./file-names.ts";

describe("sanitizeFileName", () => {
  it.each([
    ["drawing.pdf", "drawing.pdf"],
    ["/etc/passwd", "passwd"],
    ["C:\\Users\\me\\Desktop\\plan.dwg", "plan.dwg"],
    ["../../../secrets.json", "secrets.json"],
    ["..", "file"],
    ["", "file"],
    [undefined, "file"],
    ["   ", "file"],
    [".env", "env"],
    ["name\r\nSet-Cookie: x=1.txt", "nameSet-Cookie_ x=1.txt"],
    ['quote"d.txt', "quote_d.txt"],
    ["evil\u202Etxt.exe", "eviltxt.exe"],
    ["zero\u200Bwidth.txt", "zerowidth.txt"],
    ["Ǆ-cafe\u0301.txt", "Ǆ-café.txt"],
  ])("%j → %j", (raw, expected) => {
    expect(sanitizeFileName(raw)).toBe(expected);
  });

  it("caps the length, keeping a short extension, without cutting a character in half", () => {
    expect(sanitizeFileName(`${"a".repeat(250)}.tar.gz`)).toBe(`${"a".repeat(197)}.gz`);
    const emoji = sanitizeFileName("😀".repeat(300));
    expect(Array.from(emoji)).toHaveLength(200);
    expect(emoji).toBe("😀".repeat(200));
    expect(sanitizeFileName(`${"b".repeat(300)}.${"x".repeat(30)}`)).toHaveLength(200);
  });
});

describe("attachmentDisposition", () => {
  it("gives an ASCII fallback and the exact UTF-8 name (RFC 6266 / 8187)", () => {
    expect(attachmentDisposition("plan.pdf")).toBe(`attachment; filename="plan.pdf"; filename*=UTF-8''plan.pdf`);
    expect(attachmentDisposition("Zürich (v2)'s.pdf")).toBe(
      `attachment; filename="Z_rich (v2)'s.pdf"; filename*=UTF-8''Z%C3%BCrich%20%28v2%29%27s.pdf`,
    );
    expect(attachmentDisposition("a\\b.txt")).toBe(`attachment; filename="a_b.txt"; filename*=UTF-8''a%5Cb.txt`);
  });
});
