import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createdFileRequestSchema } from "../../shared/file-requests.ts";
import { createTestApp, type TestApp } from "../../test/helpers/app.ts";
import { adminToken, authHeader } from "../../test/helpers/factories.ts";
import type { Db } from "../db/client.ts";
import { fileRequests } from "../db/schema.ts";
import { fileRequestPageStatus } from "../modules/file-requests/routes.ts";
import { contentSecurityPolicy } from "./site.ts";

const inline = 'window.__ctx = {"a":1};';
const page = (title: string) =>
  `<!DOCTYPE html><html><head><title>${title}</title></head><body><script>${inline}</script><script type="module" src="/assets/entry-abc.js"></script></body></html>`;

/** A miniature client build, shaped like React Router's output. */
function fakeClientBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "nb-site-"));
  writeFileSync(path.join(dir, "index.html"), page("Home"));
  for (const route of ["about", "services"]) {
    mkdirSync(path.join(dir, route));
    writeFileSync(path.join(dir, route, "index.html"), page(route));
  }
  // The shell names React Router's manifest, as the real one does.
  writeFileSync(
    path.join(dir, "__spa-fallback.html"),
    page("Fallback").replace("</head>", '<link rel="modulepreload" href="/assets/manifest-1a2b.js"/></head>'),
  );
  writeFileSync(path.join(dir, "__not-found.html"), page("PageNotFound | Northbeam"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "assets", "entry-abc.js"), "console.log('hi');".repeat(100));
  writeFileSync(path.join(dir, "robots.txt"), "User-agent: *\nAllow: /\n");
  const route = (id: string, fields: object) => ({ id, module: `/assets/${id.replaceAll("/", "-")}.js`, ...fields });
  const routes = {
    root: route("root", { path: "", imports: ["/assets/entry-abc.js"] }),
    "routes/staff/layout": route("routes/staff/layout", {
      parentId: "root",
      path: "staff",
      imports: ["/assets/shell.js", "/assets/icons.js"],
      css: ["/assets/toast.css"],
    }),
    "staff-overview": route("staff-overview", { parentId: "routes/staff/layout", index: true }),
    "staff-quote": route("staff-quote", {
      parentId: "routes/staff/layout",
      path: "quotes/:reference",
      imports: ["/assets/icons.js", "/assets/panel.js"],
    }),
    "staff-chat": route("staff-chat", { parentId: "routes/staff/layout", path: "chat", imports: ["/assets/chat.js"] }),
  };
  writeFileSync(
    path.join(dir, "assets", "manifest-1a2b.js"),
    `window.__reactRouterManifest=${JSON.stringify({ entry: {}, routes, url: "/assets/manifest-1a2b.js" })};`,
  );
  return dir;
}

describe("site plugin", () => {
  let t: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = fakeClientBuild();
    t = await createTestApp({ serveClient: true, clientDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  it("serves prerendered pages with no-cache, an ETag and a CSP that allows only their own inline scripts", async () => {
    const response = await t.app.inject({ url: "/about" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["cache-control"]).toBe("no-cache");
    expect(response.body).toContain("<title>about</title>");
    const csp = String(response.headers["content-security-policy"]);
    const hash = createHash("sha256").update(inline).digest("base64");
    expect(csp).toContain(`'sha256-${hash}'`);
    expect(csp).not.toContain("'unsafe-inline' 'sha");
    expect(csp).toMatch(/script-src 'self' 'sha256-[^;]+;/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-frame-options"]).toBe("DENY");
    expect(response.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  });

  it("answers a matching If-None-Match with 304", async () => {
    const first = await t.app.inject({ url: "/" });
    const second = await t.app.inject({ url: "/", headers: { "if-none-match": String(first.headers.etag) } });
    expect(second.statusCode).toBe(304);
  });

  it("sends pages brotli- or gzip-compressed as the browser accepts", async () => {
    const br = await t.app.inject({ url: "/services", headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain("<title>services</title>");
    const gz = await t.app.inject({ url: "/services", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
  });

  it("caches hashed assets for a year, immutable", async () => {
    const response = await t.app.inject({ url: "/assets/entry-abc.js" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("serves robots.txt as a real file, revalidated", async () => {
    const response = await t.app.inject({ url: "/robots.txt" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("redirects /Services and /about/ to the canonical lowercase address, keeping the query", async () => {
    const upper = await t.app.inject({ url: "/Services?x=1" });
    expect(upper.statusCode).toBe(301);
    expect(upper.headers.location).toBe("/services?x=1");
    const slash = await t.app.inject({ url: "/about/" });
    expect(slash.statusCode).toBe(301);
    expect(slash.headers.location).toBe("/about");
  });

  it("never serves the built HTML files as files: a page's index.html redirects to it, the others are not found", async () => {
    for (const [url, location] of [
      ["/about/index.html", "/about"],
      ["/index.html", "/"],
      ["/Services/INDEX.html?x=1", "/services?x=1"],
    ]) {
      const response = await t.app.inject({ url, headers: { accept: "text/html" } });
      expect(response.statusCode, url).toBe(301);
      expect(response.headers.location, url).toBe(location);
    }
    for (const url of ["/__not-found.html", "/__spa-fallback.html", "/nowhere/index.html"]) {
      const response = await t.app.inject({ url, headers: { accept: "text/html" } });
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toContain("<title>PageNotFound | Northbeam</title>");
      expect(String(response.headers["content-security-policy"]), url).toContain("'sha256-");
    }
  });

  it("serves the app shell for client-only routes with 200, the workspace's addresses included", async () => {
    for (const url of [
      "/employee-dashboard",
      "/staff",
      "/staff/quotes/Q-2026-0042",
      "/staff/chat/group%3A12?m=40",
      "/staff/anything/else",
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain("<title>Fallback</title>");
      // The staff area is never indexed: /staff itself as much as every address under it.
      expect(response.headers["x-robots-tag"], url).toBe("noindex, nofollow");
    }
    expect((await t.app.inject({ url: "/staff/" })).headers.location).toBe("/staff");
    expect((await t.app.inject({ url: "/staff/quotes" })).headers["x-robots-tag"]).toBe("noindex, nofollow");
  });

  it("names every script a workspace address's routes load in its shell, so none waits for the one above it", async () => {
    const preloads = (body: string) =>
      [...body.matchAll(/<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"/g)].map((match) => match[1]);
    const quote = await t.app.inject({
      url: "/staff/quotes/Q-2026-0042?tab=notes",
      headers: { "accept-encoding": "br" },
    });
    expect(quote.statusCode).toBe(200);
    const body = brotliDecompressSync(quote.rawPayload).toString("utf8");
    expect(preloads(body)).toEqual([
      "/assets/manifest-1a2b.js",
      "/assets/toast.css",
      "/assets/root.js",
      "/assets/routes-staff-layout.js",
      "/assets/shell.js",
      "/assets/icons.js",
      "/assets/staff-quote.js",
      "/assets/panel.js",
    ]);
    // The shell is the same page otherwise: its inline script keeps its hash, and the section's
    // early read of its list (decision 046) is allowed by its own.
    const plainPolicy = (await t.app.inject({ url: "/employee-dashboard" })).headers["content-security-policy"];
    const early = body.match(/<script>(\(function\(reads\).*?)<\/script>/)?.[1] ?? "";
    expect(early).toContain('[["/api/contact/all",["admin","employee"]]]');
    expect(quote.headers["content-security-policy"]).toBe(
      String(plainPolicy).replace(
        "script-src 'self'",
        `script-src 'self' 'sha256-${createHash("sha256").update(early).digest("base64")}'`,
      ),
    );
    // Another address of the same routes gets the same shell; a filtered list reads nothing early;
    // the chat has its own shell, with nothing read early.
    const other = await t.app.inject({ url: "/staff/quotes/Q-2026-0043" });
    expect(other.headers.etag).toBe(quote.headers.etag);
    const filtered = await t.app.inject({ url: "/staff/quotes?stage=new" });
    expect(filtered.body).not.toContain("__earlyReads");
    expect(filtered.headers["content-security-policy"]).toBe(plainPolicy);
    const chat = await t.app.inject({ url: "/staff/chat" });
    expect(preloads(chat.body)).toContain("/assets/chat.js");
    expect(preloads(chat.body)).not.toContain("/assets/panel.js");
    expect(chat.headers["content-security-policy"]).toBe(plainPolicy);
    // An address no route knows (the workspace's own not-found page) is the plain shell.
    const unknown = await t.app.inject({ url: "/staff/anything/else" });
    expect(preloads(unknown.body)).toEqual(["/assets/manifest-1a2b.js"]);
  });

  describe("a file request's upload page (DESIGN §12)", () => {
    let admin: Record<string, string>;
    beforeAll(async () => {
      admin = authHeader(await adminToken(t));
    });
    const createRequest = async () => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/admin/file-requests",
        headers: admin,
        payload: { title: "Harbor Point drawings", expiryHours: 24 },
      });
      expect(response.statusCode).toBe(201);
      const created = createdFileRequestSchema.parse(response.json());
      return { id: created.id, path: new URL(created.url).pathname };
    };
    /** GET and HEAD answer alike: the app shell (the page says what is wrong), never indexed, referred or stored. */
    const expectShell = async (url: string, status: number) => {
      const get = await t.app.inject({ url, headers: { accept: "text/html" } });
      expect(get.statusCode, url).toBe(status);
      expect(get.headers["content-type"], url).toBe("text/html; charset=utf-8");
      expect(get.body, url).toContain("<title>Fallback</title>");
      expect(String(get.headers["content-security-policy"]), url).toContain("'sha256-");
      expect(get.headers["cache-control"], url).toBe("private, no-store");
      expect(get.headers["x-robots-tag"], url).toBe("noindex, nofollow");
      expect(get.headers["referrer-policy"], url).toBe("no-referrer");
      const head = await t.app.inject({ method: "HEAD", url });
      expect(head.statusCode, url).toBe(status);
      expect(head.body, url).toBe("");
      expect(head.headers["cache-control"], url).toBe("private, no-store");
    };

    it("answers an open request's link with 200", async () => {
      const { path: link } = await createRequest();
      await expectShell(link, 200);
    });

    it("answers a link that names no request with 404", async () => {
      await expectShell(`/upload/${randomBytes(24).toString("base64url")}`, 404);
    });

    it("answers an expired request's link with 410", async () => {
      const { id, path: link } = await createRequest();
      await t.app.db
        .update(fileRequests)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(fileRequests.id, id));
      await expectShell(link, 410);
    });

    it("answers a deleted request's link with 404, as its public view does (the row is gone)", async () => {
      const { id, path: link } = await createRequest();
      await expectShell(link, 200);
      const removed = await t.app.inject({ method: "DELETE", url: `/api/admin/file-requests/${id}`, headers: admin });
      expect(removed.statusCode).toBe(204);
      await expectShell(link, 404);
      expect((await t.app.inject({ url: `/api/file-requests${link.slice("/upload".length)}` })).statusCode).toBe(404);
    });

    it("answers a token that cannot be one with 404, without asking the database", async () => {
      for (const token of [
        "short",
        "A".repeat(33),
        "A".repeat(190),
        "ABCDEFGHIJKLMNOPQRSTUVWXYZ01234%2B",
        "%27%20OR%201%3D1--%20ABCDEFGHIJKLMNOPQR",
        "..%2F..%2F..%2Fetc%2Fpasswd",
        "..%5C..%5Cwindows%5Cwin.ini",
        "%E2%80%AEABCDEFGHIJKLMNOPQRSTUVWXYZ0123",
      ]) {
        await expectShell(`/upload/${token}`, 404);
      }
      // Not a token the route takes at all (longer than a path parameter may be, or several segments): PageNotFound.
      for (const url of [`/upload/${"A".repeat(201)}`, "/upload/../../etc/passwd", "/upload/a/b"]) {
        const response = await t.app.inject({ url, headers: { accept: "text/html" } });
        expect(response.statusCode, url).toBe(404);
        expect(response.body, url).toContain("<title>PageNotFound | Northbeam</title>");
      }
      const noDatabase = new Proxy({} as Db, {
        get() {
          throw new Error("the database was asked");
        },
      });
      const status = fileRequestPageStatus(noDatabase);
      for (const token of ["", "A".repeat(33), "../../../etc/passwd", "ABCDEFGHIJKLMNOPQRSTUVWXYZ01234+"]) {
        expect(await status(token), token).toBe(404);
      }
    });
  });

  it("answers unknown pages with the prerendered PageNotFound and a real 404", async () => {
    const response = await t.app.inject({ url: "/no/such/page", headers: { accept: "text/html" } });
    expect(response.statusCode).toBe(404);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.body).toContain("<title>PageNotFound | Northbeam</title>");
    expect(response.headers["content-security-policy"]).toContain("'sha256-");
  });

  it("answers unknown assets and unknown API paths without HTML", async () => {
    const asset = await t.app.inject({ url: "/assets/missing.js", headers: { accept: "*/*" } });
    expect(asset.statusCode).toBe(404);
    expect(asset.headers["content-type"]).toMatch(/^text\/plain/);
    const api = await t.app.inject({ url: "/api/missing", headers: { accept: "text/html" } });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ message: "No route for GET /api/missing." });
  });
});

describe("contentSecurityPolicy", () => {
  it("hashes each distinct non-empty inline script once and ignores external ones", () => {
    const html = `<script>a()</script><script>a()</script><script src="/x.js"></script><script> </script><script type="module">b()</script>`;
    const csp = contentSecurityPolicy(html);
    const hashes = csp.match(/'sha256-[^']+'/g) ?? [];
    expect(hashes).toHaveLength(2);
  });
});
