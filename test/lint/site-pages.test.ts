/**
 * DESIGN §17: a publish renders again the pages that show what changed, and only those. Which pages
 * show a collection is written down once (shared/site-content.ts `siteCollectionPages`); this test
 * derives it from the code, following each prerendered page's imports (its route module, the
 * layout and the root, statically) to the components that read a collection
 * (`useSiteCollection("jobs")`, `useSiteItem("contact")`, client/lib/site-content.tsx). A page that
 * reads a collection not listed for it also fails to render (client/entry.server.tsx), at the build.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { runtimeImports } from "../../scripts/lib/test-selection.ts";
import { siteCollectionPages, siteCollections } from "../../shared/site-content.ts";
import { NOT_FOUND_PRERENDER_PATH, publicRoutes } from "../../shared/site-routes.ts";

const root = path.resolve(import.meta.dirname, "../..");
const client = path.join(root, "client");

/** A component reading a collection: `useSiteCollection("jobs")`, `useSiteItem("about")`. */
const readsCollection = /\buseSite(?:Collection|Item)\(\s*["'](\w+)["']/g;

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

/** The collections a page's modules read, directly or through the modules they import. */
function collectionsReadFrom(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const reached = new Set<string>();
  const queue = entries.map((entry) => path.join(client, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (file.endsWith(".json")) continue;
    // Static imports only: what `import()` loads comes after the page is shown (the dashboards a
    // signed-in person gets on "/", the forms' code), never into the prerendered HTML.
    const source = readFileSync(file, "utf8").replace(/\bimport\(\s*["'][^"']+["']\s*\)/g, "");
    for (const [, collection] of source.matchAll(readsCollection)) reached.add(collection!);
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

  it("are exactly the pages whose code reads the collection", () => {
    const reachedBy = new Map(
      Object.entries(routeModules).map(([page, module]) => [
        page,
        collectionsReadFrom(["root.tsx", "routes/site-layout.tsx", module]),
      ]),
    );
    // The walk finds readers at all: every page shows the contact details in its footer.
    for (const [page, reached] of reachedBy) expect([...reached], page).toContain("contact");
    for (const collection of siteCollections) {
      const derived = [...reachedBy].filter(([, reached]) => reached.has(collection)).map(([page]) => page);
      expect([...siteCollectionPages[collection]].sort(), collection).toEqual(derived.sort());
    }
  });
});
