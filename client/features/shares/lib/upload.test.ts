import { describe, expect, it } from "vitest";
import { HttpError } from "~/lib/http-error";
import { uploadErrorMessage } from "./upload.ts";

describe("uploadErrorMessage", () => {
  it("shows the server's reason for a file that is too large", () => {
    expect(uploadErrorMessage(new HttpError(413, "x", "File too large. The limit is 1 GB."))).toBe(
      "File too large. The limit is 1 GB.",
    );
    expect(uploadErrorMessage(new HttpError(413, "x"))).toBe("File upload failed.");
  });
  it("says 'File upload failed.' otherwise", () => {
    expect(uploadErrorMessage(new HttpError(500, "x", "Internal error"))).toBe("File upload failed.");
    expect(uploadErrorMessage(new TypeError("network"))).toBe("File upload failed.");
  });
});
