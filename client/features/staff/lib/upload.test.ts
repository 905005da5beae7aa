import { describe, expect, it } from "vitest";
import { ApiError } from "~/lib/api-client";
import { formatBytes, uploadErrorMessage } from "./upload.ts";

describe("uploadErrorMessage", () => {
  it("shows the server's reason for a file that is too large", () => {
    expect(uploadErrorMessage(new ApiError(413, "x", "File too large. The limit is 1 GB."))).toBe(
      "File too large. The limit is 1 GB.",
    );
    expect(uploadErrorMessage(new ApiError(413, "x"))).toBe("File upload failed.");
  });
  it("says 'File upload failed.' otherwise", () => {
    expect(uploadErrorMessage(new ApiError(500, "x", "Internal error"))).toBe("File upload failed.");
    expect(uploadErrorMessage(new TypeError("network"))).toBe("File upload failed.");
  });
});

describe("formatBytes", () => {
  it("uses B, KB, MB, GB", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(14_540)).toBe("14.2 KB");
    expect(formatBytes(3.4 * 1024 ** 2)).toBe("3.4 MB");
    expect(formatBytes(250 * 1024 ** 2)).toBe("250 MB");
    expect(formatBytes(1024 ** 3)).toBe("1.0 GB");
  });
  it("guards against bad input", () => {
    expect(formatBytes(-1)).toBe("–");
  });
});
