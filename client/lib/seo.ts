import pages from "../../content/pages.json";
import site from "../../content/site.json";
import type { PublicPath } from "../../shared/site-routes.ts";

declare const __SITE_ORIGIN__: string;

/** The site's public origin, fixed at build time from PUBLIC_ORIGIN (canonical links, sitemap). */
export const siteOrigin: string = typeof __SITE_ORIGIN__ === "string" ? __SITE_ORIGIN__ : "http://localhost:3000";

export const absoluteUrl = (path: string) => `${siteOrigin}${path === "/" ? "/" : path}`;

/** Title, description, canonical and Open Graph tags for a public page. */
export function pageMeta(path: PublicPath) {
  const page = pages[path];
  const url = absoluteUrl(path);
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.brand.legalName },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: absoluteUrl("/og-image.png") },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
