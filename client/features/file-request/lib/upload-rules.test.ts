import { describe, expect, it } from "vitest";
import { HttpError } from "~/lib/http-error";
import {
  bytesLeft,
  passwordFailureText,
  percentText,
  refusalFor,
  timeLeftText,
  uploadFailureText,
} from "./upload-rules.ts";

const MB = 1024 * 1024;

describe("bytesLeft", () => {
  it("takes what arrived and what is on its way from the total, never below zero", () => {
    expect(bytesLeft({ maxTotalBytes: 10 * MB, receivedBytes: 3 * MB }, 2 * MB)).toBe(5 * MB);
    expect(bytesLeft({ maxTotalBytes: 10 * MB, receivedBytes: 9 * MB }, 2 * MB)).toBe(0);
  });
});

describe("refusalFor", () => {
  it("accepts a file that fits", () => {
    expect(refusalFor({ name: "a.pdf", size: MB }, 2 * MB)).toBeNull();
    expect(refusalFor({ name: "a.pdf", size: 2 * MB }, 2 * MB)).toBeNull();
  });
  it("says how much may still be sent", () => {
    expect(refusalFor({ name: "model.ifc", size: 3 * MB }, 2 * MB)).toBe(
      "model.ifc (3 MB) is larger than the 2 MB that may still be sent.",
    );
    expect(refusalFor({ name: "model.ifc", size: 1 }, 0)).toBe("model.ifc cannot be sent: this link has no room left.");
  });
  it("names the limit of one file", () => {
    expect(refusalFor({ name: "scan.zip", size: 3 * MB }, 100 * MB, 2 * MB)).toBe(
      "scan.zip is larger than 2 MB, the most one file may have.",
    );
  });
});

describe("percentText", () => {
  it("shows a whole percent with a space", () => {
    expect(percentText(42, 100)).toBe("42 %");
    expect(percentText(0, 0)).toBe("100 %");
  });
});

describe("uploadFailureText", () => {
  it("explains the statuses a client meets", () => {
    expect(uploadFailureText(new HttpError(0, "Network error"))).toBe(
      "The connection dropped. Press Resume to continue.",
    );
    expect(uploadFailureText(new HttpError(410, "x"))).toBe("This link has expired.");
    expect(uploadFailureText(new HttpError(413, "x", "Only 2 MB may still be sent."))).toBe(
      "Only 2 MB may still be sent.",
    );
    expect(uploadFailureText(new HttpError(403, "x"))).toBe(
      "The password is needed again: reload the page and enter it.",
    );
  });
});

describe("passwordFailureText", () => {
  it("tells a wrong password from too many tries", () => {
    expect(passwordFailureText(new HttpError(401, "x"))).toBe("That password is not right. Please try again.");
    expect(passwordFailureText(new HttpError(429, "x"))).toBe("Too many tries, wait 15 minutes.");
  });
});

describe("timeLeftText", () => {
  const now = Date.parse("2026-11-26T10:00:00Z");
  it("counts days, then hours", () => {
    expect(timeLeftText("2026-12-03T10:00:00Z", now)).toBe("7 days left");
    expect(timeLeftText("2026-11-27T15:00:00Z", now)).toBe("29 hours left");
    expect(timeLeftText("2026-11-26T11:00:00Z", now)).toBe("1 hour left");
    expect(timeLeftText("2026-11-26T10:30:00Z", now)).toBe("less than an hour left");
    expect(timeLeftText("2026-11-26T09:00:00Z", now)).toBe("expired");
  });
});
