import { describe, expect, it } from "vitest";
import { downloadsText, isUsedUp, lastDownloadText } from "./share-stats.ts";

describe("downloadsText", () => {
  it("counts downloads of a link without a limit", () => {
    expect(downloadsText({ downloads: 0, maxDownloads: null })).toBe("No downloads yet");
    expect(downloadsText({ downloads: 1, maxDownloads: null })).toBe("1 download");
    expect(downloadsText({ downloads: 3, maxDownloads: null })).toBe("3 downloads");
  });
  it("counts against the limit", () => {
    expect(downloadsText({ downloads: 2, maxDownloads: 5 })).toBe("2 of 5 downloads");
    expect(downloadsText({ downloads: 0, maxDownloads: 5 })).toBe("0 of 5 downloads");
    expect(downloadsText({ downloads: 0, maxDownloads: 1 })).toBe("0 of 1 download");
  });
  it("says Used up once the limit is reached", () => {
    expect(downloadsText({ downloads: 5, maxDownloads: 5 })).toBe("Used up");
    expect(downloadsText({ downloads: 1, maxDownloads: 1 })).toBe("Used up");
    expect(downloadsText({ downloads: 7, maxDownloads: 5 })).toBe("Used up");
  });
});

describe("isUsedUp", () => {
  it("is true only for a limited link at or past its limit", () => {
    expect(isUsedUp({ downloads: 4, maxDownloads: 5 })).toBe(false);
    expect(isUsedUp({ downloads: 5, maxDownloads: 5 })).toBe(true);
    expect(isUsedUp({ downloads: 10_000, maxDownloads: null })).toBe(false);
  });
});

describe("lastDownloadText", () => {
  const now = Date.parse("2025-06-03T12:00:00.000Z");
  const ago = (ms: number) => new Date(now - ms).toISOString();
  const MIN = 60_000;
  const format = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

  it("is null before the first download or for a date it cannot read", () => {
    expect(lastDownloadText(null, now)).toBeNull();
    expect(lastDownloadText("not a date", now)).toBeNull();
  });
  it("is relative within a day", () => {
    expect(lastDownloadText(ago(20_000), now)).toBe("Last downloaded just now");
    expect(lastDownloadText(ago(12 * MIN + 5_000), now)).toBe("Last downloaded 12 min ago");
    expect(lastDownloadText(ago(59 * MIN), now)).toBe("Last downloaded 59 min ago");
    expect(lastDownloadText(ago(60 * MIN), now)).toBe("Last downloaded 1 h ago");
    expect(lastDownloadText(ago(23 * 60 * MIN + 59 * MIN), now)).toBe("Last downloaded 23 h ago");
  });
  it("treats a time a little ahead of this clock as just now", () => {
    expect(lastDownloadText(ago(-30_000), now)).toBe("Last downloaded just now");
  });
  it("shows the local date and time a day or more back", () => {
    expect(lastDownloadText(ago(24 * 60 * MIN), now, format)).toBe("Last downloaded 2 Jun 2025, 12:00");
    expect(lastDownloadText("2025-05-01T08:30:00.000Z", now, format)).toBe("Last downloaded 1 May 2025, 08:30");
  });
});
