import { describe, expect, it } from "vitest";
import { formatBytes } from "./bytes.ts";

describe("formatBytes", () => {
  it("counts bytes below 1 KB one by one", () => {
    expect(formatBytes(0)).toBe("0 B");
    expect(formatBytes(7)).toBe("7 B");
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1023)).toBe("1023 B");
  });

  it("reads as people write sizes: powers of 1024, three figures, rounded to the nearest", () => {
    expect(formatBytes(1024)).toBe("1 KB");
    expect(formatBytes(2048)).toBe("2 KB");
    expect(formatBytes(4300)).toBe("4.2 KB");
    expect(formatBytes(14_540)).toBe("14.2 KB");
    expect(formatBytes(0.05 * 1024 * 1024)).toBe("51.2 KB");
    expect(formatBytes(1.5 * 1024 ** 2)).toBe("1.5 MB");
    expect(formatBytes(3_565_158)).toBe("3.4 MB");
    expect(formatBytes(10 * 1024 ** 2)).toBe("10 MB");
    expect(formatBytes(52_428_801)).toBe("50 MB");
    expect(formatBytes(100 * 1024 ** 2)).toBe("100 MB");
    expect(formatBytes(250 * 1024 ** 2)).toBe("250 MB");
    expect(formatBytes(500 * 1024 ** 2 - 300_000)).toBe("500 MB");
    expect(formatBytes(1024 ** 3)).toBe("1 GB");
    expect(formatBytes(1.5 * 1024 ** 3)).toBe("1.5 GB");
    expect(formatBytes(2048 * 1024 ** 2)).toBe("2 GB");
    expect(formatBytes(5 * 1024 ** 4)).toBe("5 TB");
    expect(formatBytes(3000 * 1024 ** 4)).toBe("3000 TB");
  });

  it("moves up a unit when rounding reaches 1024", () => {
    expect(formatBytes(1023.6)).toBe("1 KB");
    expect(formatBytes(1024 ** 2 - 1)).toBe("1 MB");
    expect(formatBytes(1024 ** 3 - 50 * 1024)).toBe("1 GB");
  });

  it("shows a dash for what is not a size", () => {
    expect(formatBytes(-1)).toBe("–");
    expect(formatBytes(Number.NaN)).toBe("–");
    expect(formatBytes(Number.POSITIVE_INFINITY)).toBe("–");
  });
});
