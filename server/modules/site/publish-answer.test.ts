// Issue #54: a publish of the contact details (every page shows them) answered after 3.3–4 s on a
// busy machine. Most of it was not the rendering but the best brotli (quality 11) of every page,
// made before the pages were swapped in, inside the request. Now a page is swapped in with a quick
// brotli and its best one replaces that after the swap (decision 066). Here the best compression
// is held until the test lets it go: the publish answers, and every page serves the new version,
// while it is held; once it is let go, every page is served with it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants as zlibConstants } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PublicSiteContent, sitePaths, siteVersionSchema } from "../../../shared/site-content.ts";
import { NOT_FOUND_FILE, NOT_FOUND_PRERENDER_PATH, SPA_FALLBACK_FILE } from "../../../shared/site-routes.ts";
import { createTestApp, type TestApp } from "../../../test/helpers/app.ts";
import { adminToken, authHeader } from "../../../test/helpers/factories.ts";
import { RENDERED_PAGES } from "./live-pages.ts";
import type { PageRenderer } from "./render.ts";

const BEST = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } };
/** Where a visitor meets each rendered page (the 404 page at any unknown address). */
const addressOf = (page: string) => (page === NOT_FOUND_PRERENDER_PATH ? "/no-such-page" : page);

/** A page of some size and variety, as the real ones are: quick and best brotli differ on it. */
const pageHtml = (page: string, hours: string) =>
  `<!DOCTYPE html><html><head><title>${page}</title></head><body><main>${Array.from(
    { length: 300 },
    (_, line) => `<p>Line ${line} of ${page}: beam ${(line * 7919) % 1009}, plate ${(line * 104_729) % 997}.</p>`,
  ).join("")}</main><footer>${hours}</footer></body></html>`;

/** A client build with every page the server renders, shaped like React Router's output. */
function clientBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "nb-publish-answer-"));
  for (const page of RENDERED_PAGES) {
    if (page === NOT_FOUND_PRERENDER_PATH) writeFileSync(path.join(dir, NOT_FOUND_FILE), pageHtml(page, "built"));
    else {
      mkdirSync(path.join(dir, page), { recursive: true });
      writeFileSync(path.join(dir, page, "index.html"), pageHtml(page, "built"));
    }
  }
  writeFileSync(path.join(dir, SPA_FALLBACK_FILE), pageHtml("shell", "built"));
  return dir;
}

/** Each page with the contact hours in its footer, as every real page has the contact details. */
const renderer: PageRenderer = {
  build: "publish-answer-build",
  async render(pages, content: PublicSiteContent) {
    const hours = String(content.contact[0]?.hours ?? "");
    return new Map(pages.map((page) => [page, pageHtml(page, hours)]));
  },
};

/** The best brotli, made only while not held: held, each call waits until `release`. */
function heldBestBrotli() {
  let holding = false;
  let waiting: (() => void)[] = [];
  return {
    async bestBrotli(raw: Buffer) {
      if (holding) await new Promise<void>((resolve) => waiting.push(resolve));
      return brotliCompressSync(raw, BEST);
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const resolve of waiting) resolve();
      waiting = [];
    },
    get held() {
      return waiting.length;
    },
  };
}

describe("a publish answers without waiting for its pages' best compression (issue #54)", () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let clientDir: string;
  const best = heldBestBrotli();

  beforeAll(async () => {
    clientDir = clientBuild();
    t = await createTestApp({
      serveClient: true,
      clientDir,
      // A long poll: every refresh here is the publish's own.
      livePages: { renderer, pollMs: 3_600_000 },
      publicPages: { bestBrotli: best.bestBrotli },
    });
    admin = authHeader(await adminToken(t));
  });
  afterAll(async () => {
    best.release();
    await t?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  /** A page as served: its HTML, and its brotli as a browser accepting brotli gets it. */
  const served = async (page: string) => {
    const [plain, compressed] = await Promise.all([
      t.app.inject({ url: addressOf(page) }),
      t.app.inject({ url: addressOf(page), headers: { "accept-encoding": "br" } }),
    ]);
    expect(compressed.headers["content-encoding"], page).toBe("br");
    return { html: plain.body, br: compressed.rawPayload };
  };
  const servedBest = async (page: string) => {
    const { html, br } = await served(page);
    return br.equals(brotliCompressSync(Buffer.from(html), BEST));
  };

  const publishHours = async (hours: string) => {
    const content = (await t.app.inject({ url: sitePaths.adminContent, headers: admin })).json();
    const contact = content.contact[0];
    const saved = await t.app.inject({
      method: "PUT",
      url: sitePaths.item("contact", "main"),
      headers: admin,
      payload: { ...contact.published, hours, version: contact.version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return t.app.inject({
      method: "POST",
      url: sitePaths.publish,
      headers: admin,
      payload: { items: [{ collection: "contact", id: "main" }] },
    });
  };

  it("answers a contact publish, every page showing it, while the pages' best compression is held", async () => {
    best.hold();
    const hours = "Monday to Friday, 7:00–15:00 (issue 54)";
    const response = await publishHours(hours);
    expect(response.statusCode, response.body).toBe(200);
    const version = siteVersionSchema.parse(response.json());
    expect(version.pages).toEqual([...RENDERED_PAGES]);
    expect(t.app.livePages.live).toBe(version.id);

    for (const page of RENDERED_PAGES) {
      const { html, br } = await served(page);
      expect(html, page).toContain(`<footer>${hours}</footer>`);
      // Whole and current in every encoding meanwhile, with the quick brotli...
      expect(brotliDecompressSync(br).toString("utf8"), page).toBe(html);
      // ...not the best one: the answer did not wait for it.
      expect(br.equals(brotliCompressSync(Buffer.from(html), BEST)), `${page}: best brotli before the answer`).toBe(
        false,
      );
    }

    // Let go, each page is served with its best brotli, the same page.
    best.release();
    for (const page of RENDERED_PAGES) {
      await expect.poll(() => servedBest(page), { timeout: 15_000, message: page }).toBe(true);
      expect((await served(page)).html, page).toContain(`<footer>${hours}</footer>`);
    }
  });

  it("a page published again before its best compression is made keeps the newer version", async () => {
    best.hold();
    expect((await publishHours("Hours of the first publish")).statusCode).toBe(200);
    // Wait until the first publish's best compression is asked for (and held).
    await expect.poll(() => best.held, { timeout: 15_000 }).toBeGreaterThan(0);
    const newer = await publishHours("Hours of the second publish");
    expect(newer.statusCode, newer.body).toBe(200);
    best.release();
    for (const page of RENDERED_PAGES) {
      await expect.poll(() => servedBest(page), { timeout: 15_000, message: page }).toBe(true);
      const { html } = await served(page);
      expect(html, page).toContain("<footer>Hours of the second publish</footer>");
    }
  });
});
