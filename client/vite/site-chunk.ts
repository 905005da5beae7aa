import path from "node:path";

/**
 * One "site" chunk for the code several public pages share.
 *
 * Left to itself, the bundler gives every set of routes that shares a module a chunk of its own:
 * ~30 chunks of a few hundred bytes (one per icon, per small component) that a public page has
 * to request one after another as their imports are discovered. Grouping what public routes share
 * into one chunk makes that a single request, cached across pages: what
 * the layout imports (every page loads it anyway) and what three or more pages import. What only
 * two pages share stays with them, so the other pages do not download it.
 *
 * Only static imports count: what a page loads lazily (the forms, the login dialog) and everything
 * only the staff area or the chat reaches stay out, so a public page never downloads them.
 * React, React DOM and React Router go in a chunk of their own (`framework`).
 */

interface ModuleGraph {
  getModuleInfo(id: string): { importers: readonly string[] } | null;
}

const FRAMEWORK = /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/;
/**
 * lucide-react's icons: every one is "imported" by the package's barrel, so the import graph
 * cannot say which page uses which; the bundler's own view (entriesAware) groups them instead.
 */
const ICONS = /node_modules[\\/]lucide-react[\\/]/;

/** A module at least this many public pages import goes in the site chunk (fewer: left to the bundler). */
const SHARED_BY = 3;

export interface SiteChunkOptions {
  /** The layout every public page renders in: whatever it imports, every page loads. */
  layoutFile: string;
  /** The public pages' route modules. */
  publicRouteFiles: string[];
  /** Files that are never grouped: the router's own entry and root module. */
  exclude?: string[];
}

export function siteChunk({ layoutFile, publicRouteFiles, exclude = [] }: SiteChunkOptions) {
  const layout = path.resolve(layoutFile);
  const routes = new Set([layout, ...publicRouteFiles.map((file) => path.resolve(file))]);
  const excluded = new Set(exclude.map((file) => path.resolve(file)));
  const reachedBy = new Map<string, Set<string>>();

  /** The public routes that import `id`, directly or through other static imports. */
  function publicImporters(id: string, graph: ModuleGraph, visiting = new Set<string>()): Set<string> {
    const known = reachedBy.get(id);
    if (known) return known;
    const found = new Set<string>();
    if (routes.has(path.resolve(id))) found.add(id);
    visiting.add(id);
    for (const importer of graph.getModuleInfo(id)?.importers ?? []) {
      if (visiting.has(importer)) continue;
      for (const route of publicImporters(importer, graph, visiting)) found.add(route);
    }
    visiting.delete(id);
    // A result computed inside a cycle may be incomplete: only remember it from the outermost call.
    if (visiting.size === 0) reachedBy.set(id, found);
    return found;
  }

  return {
    /** React, React DOM and React Router: grouped on their own, ahead of the site chunk. */
    framework: FRAMEWORK,
    icons: ICONS,
    name(id: string, graph: ModuleGraph): string | null {
      if (id.startsWith("\0") || FRAMEWORK.test(id) || ICONS.test(id)) return null;
      const resolved = path.resolve(id.split("?")[0] ?? id);
      if (routes.has(resolved) || excluded.has(resolved)) return null;
      const importers = publicImporters(id, graph);
      return importers.has(layout) || importers.size >= SHARED_BY ? "site" : null;
    },
  };
}
