import { describe, expect, it } from "vitest";
import { bannerTone } from "./banner-tone.ts";
import { staffMessages } from "./messages.ts";

describe("bannerTone", () => {
  it("is green for every success text of the catalogue", () => {
    for (const text of [
      staffMessages.registered,
      staffMessages.updated,
      staffMessages.deleted,
      staffMessages.uploaded,
    ]) {
      expect(bannerTone(text)).toBe("success");
    }
  });

  it("is red for failures and server messages", () => {
    for (const text of [
      staffMessages.registerFailed,
      staffMessages.updateFailed,
      staffMessages.deleteFailed,
      staffMessages.listFailed,
      staffMessages.uploadFailed,
      "Username already exists",
    ]) {
      expect(bannerTone(text)).toBe("error");
    }
  });

  it("follows the literal rule: lower-case 'success' anywhere in the text", () => {
    expect(bannerTone("Upload successful")).toBe("success");
    expect(bannerTone("Success")).toBe("error");
  });
});
