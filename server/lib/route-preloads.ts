import { readFileSync } from "node:fs";
import path from "node:path";
import { matchRoutes, type RouteObject } from "react-router";

/** A route as React Router's browser manifest describes it (build/client/assets/manifest-*.js). */
interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  module: string;
  imports?: string[];
  css?: string[];
}

/** What the routes of an address load: their modules with every static import, and their styles. */
export interface RouteAssets {
  /** The matched routes' ids: addresses with the same routes share one shell. */
  key: string;
  modules: string[];
  css: string[];
}

/** The manifest's routes, from the script the app shell names. */
function readManifest(clientDir: string, shellHtml: string): Record<string, ManifestRoute> | null {
  const name = shellHtml.match(/\/assets\/manifest-[\w-]+\.js/)?.[0];
  if (!name) return null;
  const text = readFileSync(path.join(clientDir, name), "utf8");
  // `window.__reactRouterManifest={...};`: the object is JSON.
  const json = text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1);
  return (JSON.parse(json) as { routes: Record<string, ManifestRoute> }).routes;
}

/**
 * The assets an address's routes need, found as React Router finds them, so that the app shell of
 * a client-only page (the workspace) can ask for all of them at once with `modulepreload`: without
 * it the browser learns of each level of imports only once the level above has run. Null for an
 * address no route matches, or a build without a manifest.
 */
export function routePreloads(clientDir: string, shellHtml: string): (pathname: string) => RouteAssets | null {
  const routes = readManifest(clientDir, shellHtml);
  if (!routes) return () => null;
  const children = new Map<string | undefined, ManifestRoute[]>();
  for (const route of Object.values(routes)) {
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(route);
    children.set(route.parentId, siblings);
  }
  const tree = (parentId: string | undefined): RouteObject[] =>
    (children.get(parentId) ?? []).map((route) =>
      route.index
        ? { id: route.id, index: true }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: tree(route.id) },
    );
  const roots = tree(undefined);

  return (pathname) => {
    const matches = matchRoutes(roots, pathname);
    if (!matches) return null;
    const modules = new Set<string>();
    const css = new Set<string>();
    for (const { route } of matches) {
      const manifestRoute = routes[route.id ?? ""];
      if (!manifestRoute) continue;
      modules.add(manifestRoute.module);
      for (const module of manifestRoute.imports ?? []) modules.add(module);
      for (const sheet of manifestRoute.css ?? []) css.add(sheet);
    }
    return { key: matches.map(({ route }) => route.id).join(" "), modules: [...modules], css: [...css] };
  };
}

/** The shell with a preload for each asset it does not already name, at the end of its head. */
export function withPreloads(shellHtml: string, assets: RouteAssets): string {
  const links = [
    ...assets.css
      .filter((href) => !shellHtml.includes(`"${href}"`))
      .map((href) => `<link rel="preload" as="style" href="${href}"/>`),
    ...assets.modules
      .filter((href) => !shellHtml.includes(`"${href}"`))
      .map((href) => `<link rel="modulepreload" href="${href}"/>`),
  ];
  return links.length === 0 ? shellHtml : shellHtml.replace("</head>", `${links.join("")}</head>`);
}
