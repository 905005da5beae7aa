import { describe, expect, it } from "vitest";
import { PAGE_HYDRATED_EVENT } from "../../shared/site-routes.ts";
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

/** A stand-in for an element the visitor clicks: `button` is a `type="button"` one, else a link. */
interface Target {
  isConnected: boolean;
  clicks: number;
  click(): void;
  closest(selector: string): Target | null;
}

interface FakeEvent {
  target?: Target;
  stopped?: boolean;
  stopPropagation?(): void;
}

/**
 * Runs the boot script of a deferred page against a window of listeners only (it is loading, so
 * nothing starts by itself), and returns a way to dispatch events and make click targets.
 */
function bootScript() {
  const code = /<script>(\(function\(\)[\s\S]*?)<\/script>/.exec(deferBoot(page))?.[1];
  if (!code) throw new Error("no boot script in the deferred page");
  const listeners = new Map<string, ((event: FakeEvent) => void)[]>();
  const dispatch = (type: string, event: FakeEvent = {}) => {
    for (const listener of listeners.get(type) ?? []) listener(event);
    return event;
  };
  const globals = {
    addEventListener: (type: string, listener: (event: FakeEvent) => void) =>
      listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    removeEventListener: () => undefined,
    document: { readyState: "loading" },
    localStorage: { getItem: () => null },
  };
  new Function(...Object.keys(globals), code)(...Object.values(globals));
  const tap = (target: Target) => {
    const event: FakeEvent = {
      target,
      stopPropagation() {
        event.stopped = true;
      },
    };
    return dispatch("click", event);
  };
  const element = (kind: "button" | "link"): Target => {
    const target: Target = {
      isConnected: true,
      clicks: 0,
      click() {
        target.clicks += 1;
        tap(target);
      },
      closest: (selector) => (kind === "button" && selector === "button[type=button]" ? target : null),
    };
    return target;
  };
  return { element, tap, hydrated: () => dispatch(PAGE_HYDRATED_EVENT) };
}

describe("the boot script's tap replay", () => {
  it("holds a button's clicks back until the page has hydrated, then clicks the last one once more, once", () => {
    const { element, tap, hydrated } = bootScript();
    const [menu, card] = [element("button"), element("button")];
    expect(tap(menu).stopped).toBe(true);
    expect(tap(card).stopped).toBe(true);
    hydrated();
    hydrated();
    expect([menu.clicks, card.clicks]).toEqual([0, 1]);
  });

  it("leaves links alone (they work already), and clicks once the page has hydrated; skips a removed button", () => {
    const first = bootScript();
    const button = first.element("button");
    first.tap(button);
    expect(first.tap(first.element("link")).stopped).toBeUndefined();
    first.hydrated();
    expect(button.clicks).toBe(0);

    const second = bootScript();
    const later = second.element("button");
    second.hydrated();
    expect(second.tap(later).stopped).toBeUndefined();
    second.hydrated();
    expect(later.clicks).toBe(0);

    const third = bootScript();
    const gone = third.element("button");
    third.tap(gone);
    gone.isConnected = false;
    third.hydrated();
    expect(gone.clicks).toBe(0);
  });
});
