import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy } from "../plugins/site.ts";
import { type EarlyRead, earlyReads, withEarlyReads } from "./early-reads.ts";

const urls = (url: string) => earlyReads(url).map((read) => read.url);

describe("earlyReads", () => {
  it("starts a section's list for the section and for one of its items", () => {
    expect(earlyReads("/staff/quotes")).toEqual([{ url: "/api/contact/all", for: ["admin", "employee"] }]);
    expect(urls("/staff/quotes/Q-2026-0001")).toEqual(["/api/contact/all"]);
    expect(urls("/staff/quotes/Q-2026-0001?view=board#top")).toEqual(["/api/contact/all"]);
    // Only an admin's page reads the applications (an employee's would be refused).
    expect(earlyReads("/staff/applications/12?stage=interview")).toEqual([
      { url: "/api/applications", for: ["admin"] },
    ]);
  });

  it("reads nothing where the page's first query would differ, or outside the sections", () => {
    for (const url of [
      "/staff/quotes?stage=new",
      "/staff/quotes/Q-1?assignee=ann",
      "/staff/quotes?due=today",
      "/staff/quotes/Q-1/notes",
      "/staff/quotesx",
      "/staff",
      "/staff/chat/private:ann",
      "/",
      "/api/contact/all",
    ]) {
      expect(urls(url), url).toEqual([]);
    }
  });
});

describe("withEarlyReads", () => {
  const shell = '<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>x</title></head><body></body></html>';

  it("puts one script right after the charset, which the page's CSP then allows by hash", () => {
    const html = withEarlyReads(shell, earlyReads("/staff/quotes"));
    expect(html.startsWith('<!DOCTYPE html><html><head><meta charSet="utf-8"/><script>(function(reads)')).toBe(true);
    expect(html).toContain('localStorage.getItem("jwtToken")');
    expect(html).toContain('})([["/api/contact/all",["admin","employee"]]])</script><title>');
    expect(contentSecurityPolicy(html)).toMatch(/script-src 'self' 'sha256-[\w+/=]+'/);
    expect(contentSecurityPolicy(shell)).toMatch(/script-src 'self';/);
  });

  it("leaves a shell with nothing to read as it is", () => {
    expect(withEarlyReads(shell, [])).toBe(shell);
  });

  it("never lets a URL out of its string", () => {
    const html = withEarlyReads(shell, [{ url: '/api/"</script><script>alert(1)//', for: ["admin"] }]);
    expect(html.match(/<script>/g)).toHaveLength(1);
  });
});

describe("the shell's script", () => {
  /** Runs the script of a shell in a bare context with this storage; the URLs it fetched, and what it left. */
  function run(reads: EarlyRead[], storage: Record<string, string>) {
    const html = withEarlyReads('<head><meta charSet="utf-8"/></head>', reads);
    const script = html.match(/<script>(.*)<\/script>/s)?.[1] ?? "";
    const fetched: { url: string; authorization: string }[] = [];
    const window: { fetch?: unknown; __earlyReads?: { token: string; answers: Record<string, unknown> } } = {};
    window.fetch = (url: string, init: { headers: Record<string, string> }) => {
      fetched.push({ url, authorization: init.headers.authorization ?? "" });
      return Promise.reject(new Error("offline"));
    };
    const localStorage = { getItem: (key: string) => storage[key] ?? null };
    runInNewContext(script, { window, localStorage, fetch: window.fetch });
    return { fetched, early: window.__earlyReads };
  }
  const signedIn = (role: string) => ({ jwtToken: "t1", user: JSON.stringify({ username: "ann", role }) });

  it("reads with the person's token what their kind of account reads", () => {
    const reads: EarlyRead[] = [
      { url: "/api/contact/all", for: ["admin", "employee"] },
      { url: "/api/applications", for: ["admin"] },
    ];
    const admin = run(reads, signedIn("admin"));
    expect(admin.fetched).toEqual([
      { url: "/api/contact/all", authorization: "Bearer t1" },
      { url: "/api/applications", authorization: "Bearer t1" },
    ]);
    expect(admin.early?.token).toBe("t1");
    expect(Object.keys(admin.early?.answers ?? {})).toEqual(["/api/contact/all", "/api/applications"]);
    expect(run(reads, signedIn("employee")).fetched.map((read) => read.url)).toEqual(["/api/contact/all"]);
  });

  it("reads nothing signed out, or with storage it cannot read", () => {
    const reads: EarlyRead[] = [{ url: "/api/contact/all", for: ["admin"] }];
    const stores: Record<string, string>[] = [{}, { jwtToken: "t1" }, { jwtToken: "t1", user: "{not json" }];
    for (const storage of stores) {
      const { fetched, early } = run(reads, storage);
      expect(fetched).toEqual([]);
      expect(early).toBeUndefined();
    }
  });
});
