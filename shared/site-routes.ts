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
