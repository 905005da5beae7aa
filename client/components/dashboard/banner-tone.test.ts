import { describe, expect, it } from "vitest";
import { bannerTone } from "./banner-tone.ts";

describe("bannerTone", () => {
  it("is red for failures and server messages", () => {
    for (const text of ["Employee update failed.", "Username already exists"]) {
      expect(bannerTone(text)).toBe("error");
    }
  });

  it("follows the literal rule: lower-case 'success' anywhere in the text", () => {
    expect(bannerTone("Employee updated successfully!")).toBe("success");
    expect(bannerTone("Upload successful")).toBe("success");
    expect(bannerTone("Success")).toBe("error");
  });
});
