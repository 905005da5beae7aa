/**
 * The scripts a public page loads on its first view, as Chromium counts them (issue #54, decision
 * 065): every script of the site the page requests by itself (its modules and preloads, then what
 * it fetches once hydrated and idle, like the projects' dialog), until nothing is left in flight.
 * "Transferred" is what the network carried, headers included, as Lighthouse's transfer size and
 * the browser's network panel show it (the server sends brotli); "decoded" is the JavaScript itself.
 */
import { expect, type Page, type Request } from "@playwright/test";
import { PAGE_HYDRATED_EVENT } from "../shared/site-routes.ts";

/** The guard: at most this many bytes of script transferred for a public page's first view. */
export const FIRST_LOAD_JS_LIMIT_BYTES = 150 * 1024;

export interface LoadedScript {
  path: string;
  transferred: number;
  decoded: number;
}

export interface FirstLoadJs {
  scripts: LoadedScript[];
  transferred: number;
  decoded: number;
}

/**
 * Starts counting the page's scripts: call it before the page is opened. `settled()` waits until the
 * page has hydrated (the client entry's event, sent after every effect of the page ran, so the
 * page's own idle callbacks are registered), has then been idle twice (those callbacks, and what
 * they started, have run) and every script it asked for has arrived, then gives the totals.
 */
export async function countFirstLoadJs(page: Page, origin: string) {
  await page.addInitScript((event) => {
    addEventListener(event, () => Object.assign(window, { firstLoadHydrated: true }));
  }, PAGE_HYDRATED_EVENT);
  const inFlight = new Set<Request>();
  const scripts: LoadedScript[] = [];
  const isSiteScript = (request: Request) =>
    request.resourceType() === "script" && new URL(request.url()).origin === origin;

  page.on("request", (request) => {
    if (isSiteScript(request)) inFlight.add(request);
  });
  page.on("requestfailed", (request) => inFlight.delete(request));
  page.on("requestfinished", async (request) => {
    if (!inFlight.has(request)) return;
    try {
      const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
      scripts.push({
        path: new URL(request.url()).pathname,
        transferred: sizes.responseHeadersSize + sizes.responseBodySize,
        decoded: (await response?.body())?.length ?? 0,
      });
    } finally {
      inFlight.delete(request);
    }
  });

  return {
    async settled(): Promise<FirstLoadJs> {
      await page.waitForFunction(() => "firstLoadHydrated" in window);
      for (let idle = 0; idle < 2; idle += 1) {
        await page.evaluate(() => new Promise<void>((done) => requestIdleCallback(() => done())));
      }
      await expect.poll(() => inFlight.size, { message: "scripts still loading" }).toBe(0);
      const sum = (key: "transferred" | "decoded") => scripts.reduce((total, script) => total + script[key], 0);
      return { scripts: [...scripts], transferred: sum("transferred"), decoded: sum("decoded") };
    },
  };
}

/** "159.2 KB" (1 KB = 1024 bytes, as the guard and bench:web count). */
export const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The scripts, largest first, for a failure message: what to look at when the guard trips. */
export function describeScripts(load: FirstLoadJs): string {
  return [...load.scripts]
    .sort((a, b) => b.transferred - a.transferred)
    .map((script) => `${kilobytes(script.transferred).padStart(9)}  ${script.path}`)
    .join("\n");
}
