import { describe, expect, it } from "vitest";
import { hasMoreAfter, isNearBottom, needsReveal, scrollTopAfterPrepend, shouldLoadOlder } from "./scroll.ts";

describe("loading older pages on scroll", () => {
  const idle = { hasMore: true, loading: false };

  it("loads within 100 px of the top", () => {
    expect(shouldLoadOlder(0, idle)).toBe(true);
    expect(shouldLoadOlder(100, idle)).toBe(true);
    expect(shouldLoadOlder(101, idle)).toBe(false);
  });

  it("does not load twice at once, nor past the last page", () => {
    expect(shouldLoadOlder(0, { hasMore: true, loading: true })).toBe(false);
    expect(shouldLoadOlder(0, { hasMore: false, loading: false })).toBe(false);
  });

  it("stops after a page with fewer than 20 messages or marked last", () => {
    const full = Array.from({ length: 20 }, (_, i) => i);
    expect(hasMoreAfter({ content: full })).toBe(true);
    expect(hasMoreAfter({ content: full, last: false })).toBe(true);
    expect(hasMoreAfter({ content: full.slice(0, 19), last: false })).toBe(false);
    expect(hasMoreAfter({ content: full, last: true })).toBe(false);
    expect(hasMoreAfter({ content: [] })).toBe(false);
  });

  it("keeps the reader's place when older messages are inserted above", () => {
    expect(scrollTopAfterPrepend({ scrollTop: 40, scrollHeight: 2000, clientHeight: 500 }, 3200)).toBe(1240);
    expect(scrollTopAfterPrepend({ scrollTop: 0, scrollHeight: 2000, clientHeight: 500 }, 2000)).toBe(0);
  });
});

describe("auto-scroll on a new message", () => {
  it("follows only when within 100 px of the end", () => {
    expect(isNearBottom({ scrollTop: 1500, scrollHeight: 2000, clientHeight: 500 })).toBe(true);
    expect(isNearBottom({ scrollTop: 1400, scrollHeight: 2000, clientHeight: 500 })).toBe(true);
    expect(isNearBottom({ scrollTop: 1399, scrollHeight: 2000, clientHeight: 500 })).toBe(false);
    // A list shorter than its box is always at the end.
    expect(isNearBottom({ scrollTop: 0, scrollHeight: 300, clientHeight: 500 })).toBe(true);
  });
});

describe("showing the whole chat when one is opened", () => {
  it("leaves the window alone when the chat already shows below the header", () => {
    expect(needsReveal({ top: 72, bottom: 800 }, 800, 72)).toBe(false);
  });

  it("scrolls when the chat starts under the header or ends below the viewport", () => {
    expect(needsReveal({ top: 40, bottom: 700 }, 800, 72)).toBe(true);
    expect(needsReveal({ top: 527, bottom: 1260 }, 800, 72)).toBe(true);
  });
});
