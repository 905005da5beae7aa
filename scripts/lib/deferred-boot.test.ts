import { describe, expect, it } from "vitest";
import { BOOT_ELEMENT_ID, deferBoot } from "./deferred-boot.ts";

const boot = `import * as route0 from "/assets/root-a.js";\nimport("/assets/entry.client-b.js");`;
/** The shape of a page React Router prerenders: preloads hoisted into <head>, the module at the end. */
const page = `<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" href="/assets/entry.client-b.js"/><link rel="modulepreload" fetchpriority="low" href="/assets/root-a.js"/></head><body><main>Hi</main><script>window.__reactRouterContext = {};</script><script type="module" async="">${boot}</script></body></html>`;

describe("deferBoot", () => {
  const out = deferBoot(page);

  it("leaves no script or preload the browser would fetch while parsing", () => {
    expect(out).not.toMatch(/<link[^>]*modulepreload/);
    expect(out).not.toMatch(/<script[^>]*type="module"/);
    expect(out).not.toMatch(/<script[^>]*\bsrc=/);
  });

  it("keeps the module's text byte for byte (its CSP hash stays valid) and the preload list beside it", () => {
    const element = new RegExp(
      `<script type="text/plain" id="${BOOT_ELEMENT_ID}" data-preload="([^"]*)">([\\s\\S]*?)</script>`,
    ).exec(out);
    expect(element?.[2]).toBe(boot);
    expect(element?.[1]).toBe("/assets/entry.client-b.js /assets/root-a.js");
  });

  it("keeps the rest of the page and is idempotent", () => {
    expect(out).toContain('<link rel="stylesheet" href="/assets/app.css"/>');
    expect(out).toContain("<main>Hi</main><script>window.__reactRouterContext = {};</script>");
    expect(deferBoot(out)).toBe(out);
    expect(deferBoot("<html><body>no scripts</body></html>")).toBe("<html><body>no scripts</body></html>");
  });
});
