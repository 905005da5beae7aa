import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, brotliCompressSync, gzip, gzipSync, constants as zlibConstants } from "node:zlib";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { NOT_FOUND_FILE, NOT_FOUND_PRERENDER_PATH, SPA_FALLBACK_FILE } from "../../shared/site-routes.ts";
import { earlyReads, withEarlyReads } from "../lib/early-reads.ts";
import { routePreloads, withPreloads } from "../lib/route-preloads.ts";

/** A prerendered page held in memory with its compressed forms and its own CSP. */
interface Page {
  raw: Buffer;
  br: Buffer;
  gzip: Buffer;
  etag: string;
  csp: string;
}

const IMMUTABLE = "public, max-age=31536000, immutable";
/** Routes the client renders without a prerendered page (staff area). */
const CLIENT_ONLY_ROUTES = ["/employee-dashboard", "/staff"];
/** Client-only route families: every address under them is the workspace's (DESIGN §15). */
const CLIENT_ONLY_PREFIXES = ["/staff/"];

const inlineScriptPattern = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** CSP for a page: its own inline scripts are allowed by hash, nothing inline beyond that. */
export function contentSecurityPolicy(html: string): string {
  const hashes = new Set<string>();
  for (const match of html.matchAll(inlineScriptPattern)) {
    const body = match[1] ?? "";
    if (body.trim() === "") continue;
    hashes.add(`'sha256-${createHash("sha256").update(body).digest("base64")}'`);
  }
  return [
    "default-src 'self'",
    `script-src 'self' ${[...hashes].join(" ")}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

const loadPage = (file: string): Page => pageOf(readFileSync(file));
const BROTLI_BEST = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } };
/**
 * The brotli a page is swapped in with (decision 066): a millisecond or two a page where the best
 * takes some 100 ms, and some 12 % larger. The best replaces it after the swap, the page the same.
 */
const BROTLI_QUICK = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const bestBrotliOf = (raw: Buffer) => brotliAsync(raw, BROTLI_BEST);

function pageOf(raw: Buffer, br = brotliCompressSync(raw, BROTLI_BEST), gzipped = gzipSync(raw, { level: 9 })): Page {
  return {
    raw,
    br,
    gzip: gzipped,
    etag: `"${createHash("sha1").update(raw).digest("base64url")}"`,
    csp: contentSecurityPolicy(raw.toString("utf8")),
  };
}

/** As pageOf, off the event loop and with the quick brotli: pages replaced while the server is answering. */
async function pageOfAsync(html: string): Promise<Page> {
  const raw = Buffer.from(html);
  const [br, gzipped] = await Promise.all([brotliAsync(raw, BROTLI_QUICK), gzipAsync(raw, { level: 9 })]);
  return pageOf(raw, br, gzipped);
}

/**
 * The prerendered pages' live HTML: the build's until the site's content is published, then the
 * server's renders (DESIGN §17). Only pages the build prerendered can be replaced.
 */
export interface PublicPages {
  /** Whether the client build is served (there is nothing to replace otherwise). */
  readonly served: boolean;
  /** Replaces pages by their address (NOT_FOUND_PRERENDER_PATH: the 404 page); unknown addresses are refused. */
  replace(pages: ReadonlyMap<string, string>): Promise<void>;
  /** The HTML served now at a page's address. */
  html(urlPath: string): string | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    publicPages: PublicPages;
  }
}

/** Maps every prerendered `index.html` under the client build to its URL path. */
function findPages(clientDir: string): Map<string, string> {
  const pages = new Map<string, string>();
  const walk = (dir: string, urlPath: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (entry.name !== "assets") walk(path.join(dir, entry.name), `${urlPath}/${entry.name}`);
      } else if (entry.name === "index.html") {
        pages.set(urlPath === "" ? "/" : urlPath, path.join(dir, entry.name));
      }
    }
  };
  walk(clientDir, "");
  return pages;
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: Page, status = 200, cacheControl = "no-cache") {
  reply
    .status(status)
    .header("content-type", "text/html; charset=utf-8")
    .header("cache-control", cacheControl)
    .header("content-security-policy", page.csp)
    .header("vary", "accept-encoding")
    .header("etag", page.etag);
  if (status === 200 && request.headers["if-none-match"] === page.etag) return reply.status(304).send();
  const accepted = String(request.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accepted)) return reply.header("content-encoding", "br").send(page.br);
  if (/\bgzip\b/.test(accepted)) return reply.header("content-encoding", "gzip").send(page.gzip);
  return reply.send(page.raw);
}

/**
 * A page the browser renders at a secret address (a client's file-request link): the app shell,
 * answered with the status of the thing the address names, which the module owning it decides.
 */
export interface LinkPage {
  /** The address, with a `:token` parameter (`/upload/:token`). */
  url: string;
  /** 200 while the link works, 404 when it names nothing, 410 once it has ended. */
  status: (token: string) => Promise<number>;
}

export interface SitePluginOptions {
  clientDir: string;
  linkPages?: LinkPage[];
  /** A swapped-in page's best brotli, made after the swap (default: quality 11; tests hold it). */
  bestBrotli?: (raw: Buffer) => Promise<Buffer>;
}

/**
 * Serves the built client: prerendered pages (from memory, precompressed, per-page CSP),
 * hashed assets with a long immutable cache, PageNotFound with a real 404 status, and link pages:
 * the app shell with the status of the link (`linkPages`, wired in app.ts from the owning module).
 */
export const sitePlugin = fp<SitePluginOptions>(
  async (app: FastifyInstance, { clientDir, linkPages = [], bestBrotli = bestBrotliOf }) => {
    const built = existsSync(path.join(clientDir, SPA_FALLBACK_FILE)) || existsSync(path.join(clientDir, "index.html"));
    if (!built) {
      app.log.warn({ clientDir }, "client build not found: only the API is served (run npm run build)");
      app.decorate("publicPages", {
        served: false,
        replace: async () => {},
        html: () => undefined,
      } satisfies PublicPages);
      app.setNotFoundHandler((request, reply) =>
        reply.status(404).send({ message: request.url.startsWith("/api/") ? "Not found." : "Not found." }),
      );
      return;
    }

    const pages = new Map<string, Page>();
    for (const [urlPath, file] of findPages(clientDir)) pages.set(urlPath, loadPage(file));
    const fallbackFile = path.join(clientDir, SPA_FALLBACK_FILE);
    const fallback = existsSync(fallbackFile) ? loadPage(fallbackFile) : pages.get("/");
    if (!fallback) throw new Error(`No SPA fallback page in ${clientDir}`);
    // PageNotFound, prerendered: crawlers and visitors without JavaScript see it too.
    // A client-only page's shell names every script its routes load (a waterfall otherwise): one
    // shell per set of matched routes, made on first use.
    const fallbackHtml = fallback.raw.toString("utf8");
    const preloadsOf = routePreloads(clientDir, fallbackHtml);
    const shells = new Map<string, Page>();
    const shellFor = (url: string): Page => {
      const assets = preloadsOf(url.split(/[?#]/)[0] ?? "/");
      if (!assets) return fallback;
      // A section's shell also starts the section's first reads (few: a fixed set per section).
      const reads = earlyReads(url);
      const key = `${assets.key}\u0000${JSON.stringify(reads)}`;
      let shell = shells.get(key);
      if (!shell) {
        shell = pageOf(Buffer.from(withEarlyReads(withPreloads(fallbackHtml, assets), reads)));
        shells.set(key, shell);
      }
      return shell;
    };

    const notFoundFile = path.join(clientDir, NOT_FOUND_FILE);
    let notFound = existsSync(notFoundFile) ? loadPage(notFoundFile) : fallback;
    const servedAt = (urlPath: string) => (urlPath === NOT_FOUND_PRERENDER_PATH ? notFound : pages.get(urlPath));
    const serve = (urlPath: string, page: Page) => {
      if (urlPath === NOT_FOUND_PRERENDER_PATH) notFound = page;
      else pages.set(urlPath, page);
    };

    // The best brotli of the pages swapped in, one page at a time after the swap (a core left to
    // the requests); a page swapped out meanwhile is passed over, its successor coming in its turn.
    let bestCompressions: Promise<void> = Promise.resolve();
    let closing = false;
    const compressBestLater = (swapped: readonly (readonly [string, Page])[]) => {
      bestCompressions = bestCompressions.then(async () => {
        for (const [urlPath, page] of swapped) {
          if (closing || servedAt(urlPath) !== page) continue;
          try {
            const br = await bestBrotli(page.raw);
            // The same page in a smaller encoding: its ETag and CSP stay.
            if (servedAt(urlPath) === page) serve(urlPath, { ...page, br });
          } catch (error) {
            app.log.warn({ err: error, page: urlPath }, "a page's best compression failed: it keeps its quick one");
          }
        }
      });
    };
    app.addHook("onClose", async () => {
      closing = true;
      await bestCompressions;
    });

    app.decorate("publicPages", {
      served: true,
      async replace(replaced) {
        for (const urlPath of replaced.keys()) {
          if (urlPath !== NOT_FOUND_PRERENDER_PATH && !pages.has(urlPath)) throw new Error(`No page at ${urlPath}`);
        }
        const made = await Promise.all(
          [...replaced].map(async ([urlPath, html]) => [urlPath, await pageOfAsync(html)] as const),
        );
        // Swapped together, once all are ready: a visitor never meets half a publish.
        for (const [urlPath, page] of made) serve(urlPath, page);
        compressBestLater(made);
      },
      html: (urlPath) => servedAt(urlPath)?.raw.toString("utf8"),
    } satisfies PublicPages);

    for (const urlPath of pages.keys()) {
      app.get(urlPath, { compress: false, schema: { hide: true } }, (request, reply) =>
        sendPage(request, reply, pages.get(urlPath) ?? fallback),
      );
    }
    // The staff area's entry points: a login-gated app, never indexed (as everything under /staff/).
    for (const urlPath of CLIENT_ONLY_ROUTES) {
      if (pages.has(urlPath)) continue;
      app.get(urlPath, { compress: false, schema: { hide: true } }, (request, reply) => {
        reply.header("x-robots-tag", "noindex, nofollow");
        return sendPage(request, reply, shellFor(request.url));
      });
    }
    for (const prefix of CLIENT_ONLY_PREFIXES) {
      // The workspace's own router answers what it does not know (its not-found page): not private
      // data, but never indexed either.
      app.get(`${prefix}*`, { compress: false, schema: { hide: true } }, (request, reply) => {
        reply.header("x-robots-tag", "noindex, nofollow");
        return sendPage(request, reply, shellFor(request.url));
      });
    }
    // The shell whatever the status: the page itself says what is wrong with the link. The
    // address is a secret (never indexed, never sent on as a referrer, never stored) and its
    // status changes with the thing it names.
    for (const link of linkPages) {
      app.get(link.url, { compress: false, schema: { hide: true } }, async (request, reply) => {
        const status = await link.status((request.params as { token: string }).token);
        reply.header("x-robots-tag", "noindex, nofollow").header("referrer-policy", "no-referrer");
        return sendPage(request, reply, fallback, status, "private, no-store");
      });
    }
    const knownPaths = new Set([...pages.keys(), ...CLIENT_ONLY_ROUTES]);
    // "/about/" is a directory on disk: answer it before the static handler refuses it.
    for (const urlPath of knownPaths) {
      if (urlPath === "/") continue;
      app.get(`${urlPath}/`, { schema: { hide: true } }, (request, reply) => {
        const query = request.url.split(/\?(.*)/s)[1];
        return reply.redirect(query ? `${urlPath}?${query}` : urlPath, 301);
      });
    }

    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: true,
      index: false,
      redirect: false,
      preCompressed: true,
      serveDotFiles: false,
      // serveDotFiles only shapes the file list; without this, /.env in the build folder would be sent.
      dotfiles: "ignore",
      // The built HTML is served from memory by the routes above, each with its CSP: a page's file
      // (/about/index.html, /__not-found.html) is never a second address for it.
      allowedPath: (pathName) => !pathName.toLowerCase().endsWith(".html"),
      schemaHide: true,
      setHeaders(reply, filePath) {
        const relative = path.relative(clientDir, filePath);
        const hashed = relative.startsWith(`assets${path.sep}`) || relative.startsWith(`img${path.sep}gen${path.sep}`);
        reply.header("cache-control", hashed ? IMMUTABLE : "no-cache");
      },
    });

    app.setNotFoundHandler((request, reply) => {
      const [pathname = "/", search = ""] = request.url.split(/\?(.*)/s);
      if (pathname.startsWith("/api/") || pathname === "/api" || request.method !== "GET") {
        return reply.status(404).send({ message: `No route for ${request.method} ${pathname}.` });
      }
      // /Services, /about/, /about/index.html → the canonical lowercase, slash-less address.
      const canonical =
        pathname.length > 1
          ? pathname
              .toLowerCase()
              .replace(/\/index\.html$/, "")
              .replace(/\/+$/, "") || "/"
          : pathname;
      if (canonical !== pathname && knownPaths.has(canonical)) {
        return reply.redirect(search ? `${canonical}?${search}` : canonical, 301);
      }
      const wantsHtml = String(request.headers.accept ?? "").includes("text/html") || !path.extname(pathname);
      if (!wantsHtml) return reply.status(404).type("text/plain; charset=utf-8").send("Not found");
      return sendPage(request, reply, notFound, 404);
    });
  },
  { name: "site" },
);
