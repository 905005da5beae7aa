import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DownloadCount, LastDownload, PasswordLock } from "./share-details.tsx";

describe("PasswordLock", () => {
  it("is an image named Password protected", () => {
    const html = renderToStaticMarkup(<PasswordLock />);
    expect(html).toMatch(/^<span role="img" aria-label="Password protected"/);
    // The lock itself is hidden, so the name is read once.
    expect(html).toMatch(/<svg [^>]*class="lucide lucide-lock" aria-hidden="true"/);
  });
});

describe("DownloadCount", () => {
  it("shows the count against the limit", () => {
    const html = renderToStaticMarkup(<DownloadCount file={{ downloads: 2, maxDownloads: 5 }} />);
    expect(html).toContain("2 of 5 downloads");
    expect(html).not.toContain("text-red-800");
  });
  it("marks a used-up link in red", () => {
    const html = renderToStaticMarkup(<DownloadCount file={{ downloads: 5, maxDownloads: 5 }} />);
    expect(html).toContain("Used up");
    expect(html).toContain("text-red-800");
  });
});

describe("LastDownload", () => {
  const now = Date.parse("2025-06-03T12:00:00.000Z");
  it("renders nothing before the first download", () => {
    expect(renderToStaticMarkup(<LastDownload lastDownloadAt={null} now={now} />)).toBe("");
  });
  it("is a time element with the machine-readable date", () => {
    const at = "2025-06-03T11:48:00.000Z";
    const html = renderToStaticMarkup(<LastDownload lastDownloadAt={at} now={now} />);
    expect(html).toContain(`<time dateTime="${at}"`);
    expect(html).toContain(">Last downloaded 12 min ago</time>");
  });
});
