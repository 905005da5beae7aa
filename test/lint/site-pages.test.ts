/**
 * DESIGN §17: a publish renders again the pages that show what changed, and only those. Which pages
 * show a collection is written down once (shared/site-content.ts `siteCollectionPages`); this test
 * derives it from the code, following each prerendered page's imports (its route module, the
 * layout and the root, statically) to the content file the collection was seeded from, so that a page that
 * starts showing a collection cannot be left out of its re-render.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runtimeImports } from "../../scripts/lib/test-selection.ts";
import { type SiteCollection, siteCollectionPages, siteCollections } from "../../shared/site-content.ts";
import { NOT_FOUND_PRERENDER_PATH, publicRoutes } from "../../shared/site-routes.ts";

const root = path.resolve(import.meta.dirname, "../..");
const client = path.join(root, "client");

/** The content file each collection was seeded from (server/modules/site/seed.ts). */
const sourceOf: Record<SiteCollection, string> = {
  jobs: "content/jobs.json",
  projects: "content/projects.json",
  gallery: "content/gallery.json",
  services: "content/services.json",
  keyNumbers: "content/home.json",
  contact: "content/site.json",
  about: "content/about.json",
};

/** Each prerendered page's own route module (client/routes.ts); all of them sit in the site layout. */
const routeModules: Record<string, string> = {
  "/": "routes/home.tsx",
  "/services": "routes/services.tsx",
  "/contactus": "routes/contact.tsx",
  "/projects": "routes/projects.tsx",
  "/gallery": "routes/gallery.tsx",
  "/career": "routes/career.tsx",
  "/about": "routes/about.tsx",
  [NOT_FOUND_PRERENDER_PATH]: "routes/not-found.tsx",
};

function resolveModule(from: string, spec: string): string | undefined {
  const base = spec.startsWith("~/") ? path.join(client, spec.slice(2)) : path.resolve(path.dirname(from), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, "index.ts"),
    path.join(base, "index.tsx"),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The content files a page's modules import, directly or through others (relative to the repo). */
function contentReachedFrom(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const reached = new Set<string>();
  const queue = entries.map((entry) => path.join(client, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.endsWith(".json")) {
      reached.add(path.relative(root, file));
      continue;
    }
    // Static imports only: what `import()` loads comes after the page is shown (the dashboards a
    // signed-in person gets on "/", the forms' code), never into the prerendered HTML.
    const source = readFileSync(file, "utf8").replace(/\bimport\(\s*["'][^"']+["']\s*\)/g, "");
    for (const spec of runtimeImports(source)) {
      if (spec.startsWith("node:") || spec.endsWith("?url")) continue;
      const resolved = resolveModule(file, spec);
      if (resolved) queue.push(resolved);
    }
  }
  return reached;
}

describe("the pages each collection shows (DESIGN §17)", () => {
  it("names every prerendered page", () => {
    expect(Object.keys(routeModules).sort()).toEqual(
      [...publicRoutes.map((route) => route.path), NOT_FOUND_PRERENDER_PATH].sort(),
    );
  });

  it("are exactly the pages whose code imports the collection's content", () => {
    const reachedBy = new Map(
      Object.entries(routeModules).map(([page, module]) => [
        page,
        contentReachedFrom(["root.tsx", "routes/site-layout.tsx", module]),
      ]),
    );
    // The walk finds content at all: every page shows the brand (content/site.json) in its footer.
    for (const [page, reached] of reachedBy) expect([...reached], page).toContain("content/site.json");
    for (const collection of siteCollections) {
      const derived = [...reachedBy].filter(([, reached]) => reached.has(sourceOf[collection])).map(([page]) => page);
      expect([...siteCollectionPages[collection]].sort(), collection).toEqual(derived.sort());
    }
  });
});
