import type { Config } from "@react-router/dev/config";
import { NOT_FOUND_PRERENDER_PATH, publicRoutes } from "./shared/site-routes.ts";

export default {
  appDirectory: "client",
  buildDirectory: "build",
  // The public pages and the 404 page are prerendered to HTML and hydrated; the rest is a client-only SPA.
  ssr: false,
  prerender: [...publicRoutes.map((route) => route.path), NOT_FOUND_PRERENDER_PATH],
} satisfies Config;
