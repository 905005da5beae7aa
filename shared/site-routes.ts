/** The public, prerendered pages: used by the router config, the sitemap and the server. */
export const publicRoutes = [
  { path: "/", changefreq: "monthly", priority: 1.0 },
  { path: "/services", changefreq: "monthly", priority: 0.9 },
  { path: "/about", changefreq: "yearly", priority: 0.7 },
  { path: "/projects", changefreq: "monthly", priority: 0.8 },
  { path: "/gallery", changefreq: "monthly", priority: 0.6 },
  { path: "/career", changefreq: "weekly", priority: 0.7 },
  { path: "/contactus", changefreq: "yearly", priority: 0.9 },
] as const;

export type PublicPath = (typeof publicRoutes)[number]["path"];

/**
 * The 404 page is prerendered like the others, at an address no visitor uses, and moved after the
 * build to NOT_FOUND_FILE, which the server answers every unknown page address with (status 404).
 */
export const NOT_FOUND_PRERENDER_PATH = "/__not-found";
export const NOT_FOUND_FILE = "__not-found.html";
/** React Router's shell for the client-only routes (the staff area, a file-request link). */
export const SPA_FALLBACK_FILE = "__spa-fallback.html";

/**
 * Dispatched on `window` by the client entry once React has hydrated the page: the boot script
 * (server/lib/deferred-boot.ts) then replays the tap a visitor made before.
 */
export const PAGE_HYDRATED_EVENT = "page-hydrated";
