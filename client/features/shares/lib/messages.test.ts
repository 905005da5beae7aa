import { describe, expect, it } from "vitest";
import { bannerTone } from "~/components/dashboard/banner-tone";
import { shareMessages } from "./messages.ts";

describe("shareMessages", () => {
  it("turns the banner green for the success text and red for the failure", () => {
    expect(bannerTone(shareMessages.uploaded)).toBe("success");
    expect(bannerTone(shareMessages.uploadFailed)).toBe("error");
  });
});
