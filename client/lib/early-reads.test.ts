import { afterEach, describe, expect, it, vi } from "vitest";
import { takeEarlyRead } from "./early-reads.ts";

const answer = () => Promise.resolve(new Response("[]"));

describe("takeEarlyRead", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("gives the shell's answer once, to the same URL and token", () => {
    const list = answer();
    // The page's first render: the clock of the page, not of the process the test runs in.
    vi.stubGlobal("performance", { now: () => 1_000 });
    vi.stubGlobal("window", { __earlyReads: { token: "t1", answers: { "/api/contact/all": list } } });
    expect(takeEarlyRead("/api/contact/all?q=x", "t1")).toBeUndefined();
    expect(takeEarlyRead("/api/contact/all", "t1")).toBe(list);
    expect(takeEarlyRead("/api/contact/all", "t1")).toBeUndefined();
  });

  it("drops an answer read with another token, or taken after the first render's time", () => {
    vi.stubGlobal("performance", { now: () => 1_000 });
    vi.stubGlobal("window", { __earlyReads: { token: "t1", answers: { "/a": answer(), "/b": answer() } } });
    expect(takeEarlyRead("/a", "t2")).toBeUndefined();
    expect(takeEarlyRead("/a", "t1")).toBeUndefined();
    vi.stubGlobal("performance", { now: () => 60_000 });
    expect(takeEarlyRead("/b", "t1")).toBeUndefined();
  });

  it("is nothing without a shell's reads, or outside a browser", () => {
    vi.stubGlobal("window", {});
    expect(takeEarlyRead("/a", "t1")).toBeUndefined();
    vi.stubGlobal("window", undefined);
    expect(takeEarlyRead("/a", "t1")).toBeUndefined();
  });
});
