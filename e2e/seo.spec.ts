/**
 * What crawlers get: the prerendered HTML of each public page (title, description, canonical, Open Graph,
 * one h1, a main landmark), real robots.txt and sitemap.xml, and the headers pages and assets are served with.
 * The HTML is fetched as a crawler would (no JavaScript, no browser).
 */
import type { APIRequestContext } from "@playwright/test";
import { storageKeys } from "../shared/roles.ts";
import { expect, gotoHydrated, publicPages, test } from "./fixtures.ts";

interface Tag {
  name: string;
  attributes: Record<string, string>;
  /** Text up to the closing tag, for <title> and <h1>. */
  text: string;
}

const decode = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The start tags of `names` in `html`, with their attributes (React writes them as name="value"). */
function tags(html: string, names: string[]): Tag[] {
  const pattern = new RegExp(`<(${names.join("|")})\\b([^>]*)>`, "gi");
  return [...html.matchAll(pattern)].map((match) => {
    const name = (match[1] ?? "").toLowerCase();
    const attributes: Record<string, string> = {};
    for (const attribute of (match[2] ?? "").matchAll(/([\w:-]+)="([^"]*)"/g)) {
      attributes[(attribute[1] ?? "").toLowerCase()] = decode(attribute[2] ?? "");
    }
    const rest = html.slice((match.index ?? 0) + match[0].length);
    const close = rest.search(new RegExp(`</${name}>`, "i"));
    const text = close < 0 ? "" : decode(rest.slice(0, close).replace(/<[^>]*>/g, "")).trim();
    return { name, attributes, text };
  });
}

async function fetchPage(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), `GET ${path}`).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/html");
  const html = await response.text();
  const head = html.slice(0, html.search(/<\/head>/i));
  const found = tags(html, ["html", "title", "meta", "link", "h1", "main"]);
  const headTags = tags(head, ["title", "meta", "link"]);
  const meta = (key: "name" | "property", value: string) =>
    headTags.filter((tag) => tag.name === "meta" && tag.attributes[key] === value).map((tag) => tag.attributes.content);
  return {
    lang: found.find((tag) => tag.name === "html")?.attributes.lang,
    titles: headTags.filter((tag) => tag.name === "title").map((tag) => tag.text),
    descriptions: meta("name", "description"),
    ogTitles: meta("property", "og:title"),
    ogUrls: meta("property", "og:url"),
    canonicals: headTags
      .filter((tag) => tag.name === "link" && tag.attributes.rel === "canonical")
      .map((tag) => tag.attributes.href),
    h1s: found.filter((tag) => tag.name === "h1").map((tag) => tag.text),
    mains: found.filter((tag) => tag.name === "main").length,
  };
}

test.describe("SEO of the prerendered pages", () => {
  for (const { path, title, description } of publicPages) {
    test(`${path} has its title, description, canonical link, og:title, one h1 and a main`, async ({ request }) => {
      const head = await fetchPage(request, path);
      expect(head.lang).toBe("en");
      expect(head.titles).toEqual([title]);
      expect(head.descriptions).toEqual([description]);
      expect(description.length).toBeGreaterThan(50);
      expect(head.canonicals).toHaveLength(1);
      const canonical = new URL(head.canonicals[0] ?? "");
      expect(canonical.pathname).toBe(path);
      expect(canonical.search + canonical.hash).toBe("");
      expect(head.ogTitles).toEqual([title]);
      expect(head.ogUrls).toEqual(head.canonicals);
      expect(head.h1s, "exactly one h1 in the prerendered HTML").toHaveLength(1);
      expect(head.h1s[0]).not.toBe("");
      expect(head.mains).toBe(1);
    });
  }

  test("every page has a title of its own", () => {
    expect(new Set(publicPages.map((page) => page.title)).size).toBe(publicPages.length);
    expect(new Set(publicPages.map((page) => page.description)).size).toBe(publicPages.length);
  });
});

test.describe("robots.txt and sitemap.xml", () => {
  test("robots.txt is a real text file that points to the sitemap", async ({ request }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/plain");
    const body = await response.text();
    expect(body).not.toContain("<html");
    expect(body).toMatch(/^User-agent: \*$/m);
    expect(body).toMatch(/^Disallow: \/api\/$/m);
    // Links that are secrets (shares, file requests) are never crawled.
    expect(body).toMatch(/^Disallow: \/share\/$/m);
    expect(body).toMatch(/^Disallow: \/upload\/$/m);
    // The staff area (/staff and everything under it) is never crawled.
    expect(body).toMatch(/^Disallow: \/staff$/m);
    expect(body).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  });

  test("sitemap.xml is real XML listing the 7 public routes", async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toMatch(/xml/);
    const xml = await response.text();
    expect(xml.startsWith("<?xml")).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const urls = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((match) => match[1] ?? "");
    expect(urls).toHaveLength(publicPages.length);
    const locs = urls.map((url) => /<loc>([^<]+)<\/loc>/.exec(url)?.[1] ?? "");
    expect(locs.map((loc) => new URL(loc).pathname).sort()).toEqual(publicPages.map((page) => page.path).sort());
  });
});

test.describe("headers", () => {
  test("pages are compressed, revalidated and protected by a CSP without unsafe-inline scripts", async ({
    request,
  }) => {
    const response = await request.get("/projects", { headers: { "accept-encoding": "br, gzip" } });
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers["content-encoding"]).toBe("br");
    expect(headers["cache-control"]).toBe("no-cache");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    const csp = headers["content-security-policy"] ?? "";
    const scriptSrc = csp.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? "";
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain("unsafe-inline");
    expect(scriptSrc).not.toContain("unsafe-eval");
    expect(csp).toContain("frame-ancestors 'none'");
  });

  test("the stylesheet leads <head>, and no script is fetched while the page is parsed", async ({ request }) => {
    for (const page of publicPages) {
      const html = await (await request.get(page.path)).text();
      const head = html.slice(0, html.indexOf("</head>"));
      const links = [...head.matchAll(/<link [^>]*>/g)].map((match) => match[0]);
      expect(
        links.findIndex((link) => link.includes('rel="stylesheet"')),
        page.path,
      ).toBe(0);
      // No preload, no external script, no module: the boot script starts them after the first paint.
      expect(html, page.path).not.toMatch(/<link[^>]*modulepreload/);
      expect(html, page.path).not.toMatch(/<script[^>]*\bsrc=/);
      expect(html, page.path).not.toMatch(/<script[^>]*type="module"/);
      const preload = /<script type="text\/plain" id="boot-module" data-preload="([^"]+)">/.exec(html)?.[1] ?? "";
      expect(preload.split(" ").length, page.path).toBeGreaterThan(3);
    }
  });

  test("a page paints before it requests its first script, then hydrates", async ({ page }) => {
    await gotoHydrated(page, "/career");
    const { firstPaint, firstScript } = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      firstScript: Math.min(
        ...performance
          .getEntriesByType("resource")
          .filter((entry) => entry.name.endsWith(".js"))
          .map((entry) => entry.startTime),
      ),
    }));
    expect(firstPaint).toBeGreaterThan(0);
    expect(firstScript).toBeGreaterThan(firstPaint);
  });

  test("a visitor's page starts its scripts after it painted; a signed-in person's at once", async ({ page }) => {
    // Whether the module is already in the document when the HTML has been parsed.
    await page.addInitScript(() => {
      document.addEventListener("DOMContentLoaded", () => {
        sessionStorage.setItem(
          "booted-while-parsing",
          String(document.querySelector('script[type="module"]') !== null),
        );
      });
    });
    const bootedWhileParsing = () => page.evaluate(() => sessionStorage.getItem("booted-while-parsing"));
    await gotoHydrated(page, "/services");
    expect(await bootedWhileParsing()).toBe("false");

    await page.evaluate((key) => window.localStorage.setItem(key, "signed-in"), storageKeys.token);
    await gotoHydrated(page, "/services");
    expect(await bootedWhileParsing()).toBe("true");
  });

  test("hashed scripts and styles are cached for a year", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const linked = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1] ?? "");
    const booted = /data-preload="([^"]+)"/.exec(html)?.[1]?.split(" ") ?? [];
    const assets = [...linked, ...booted];
    expect(assets.length).toBeGreaterThan(2);
    for (const asset of new Set(assets)) {
      const response = await request.get(asset);
      expect(response.status(), asset).toBe(200);
      expect(response.headers()["cache-control"], asset).toContain("immutable");
    }
  });
});
