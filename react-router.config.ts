import type { Config } from "@react-router/dev/config";
import { publicRoutes } from "./shared/site-routes.ts";

export default {
  appDirectory: "client",
  buildDirectory: "build",
  // The public pages are prerendered to HTML and hydrated; everything else is a client-only SPA.
  ssr: false,
  prerender: publicRoutes.map((route) => route.path),
} satisfies Config;
