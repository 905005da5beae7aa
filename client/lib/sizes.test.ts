import { describe, expect, it } from "vitest";
import { formatBytes } from "./sizes.ts";

describe("formatBytes", () => {
  it("reads as people write sizes, rounded down to three figures", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(14_540)).toBe("14.1 KB");
    expect(formatBytes(3.4 * 1024 ** 2)).toBe("3.4 MB");
    expect(formatBytes(250 * 1024 ** 2)).toBe("250 MB");
    expect(formatBytes(1024 ** 3)).toBe("1 GB");
    expect(formatBytes(2048 * 1024 ** 2)).toBe("2 GB");
    // A little sent from 500 MB leaves less than 500 MB.
    expect(formatBytes(500 * 1024 * 1024 - 300_000)).toBe("499 MB");
  });

  it("shows a dash for what is not a size", () => {
    expect(formatBytes(-1)).toBe("–");
    expect(formatBytes(Number.NaN)).toBe("–");
  });
});
