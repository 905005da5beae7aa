import { describe, expect, it } from "vitest";
import { bannerTone } from "~/components/dashboard/banner-tone";
import { staffMessages } from "./messages.ts";

describe("staffMessages", () => {
  it("turns the banner green for every success text and red for every failure", () => {
    for (const text of [staffMessages.registered, staffMessages.updated, staffMessages.deleted]) {
      expect(bannerTone(text)).toBe("success");
    }
    for (const text of [
      staffMessages.registerFailed,
      staffMessages.updateFailed,
      staffMessages.deleteFailed,
      staffMessages.listFailed,
    ]) {
      expect(bannerTone(text)).toBe("error");
    }
  });
});
