import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { contentImages } from "./client/vite/content-images.ts";
import { keepServerBuild } from "./client/vite/keep-server-build.ts";
import { siteChunk } from "./client/vite/site-chunk.ts";

/** The public pages' route modules: what the layout imports, or three or more pages share, becomes one "site" chunk. */
const site = siteChunk({
  layoutFile: "client/routes/site-layout.tsx",
  publicRouteFiles: ["home", "services", "contact", "projects", "gallery", "career", "about", "not-found"].map(
    (name) => `client/routes/${name}.tsx`,
  ),
  exclude: ["client/root.tsx", "client/entry.client.tsx"],
});

export default defineConfig({
  plugins: [
    tailwindcss(),
    contentImages({
      dir: path.resolve("content/images"),
      // Committed (decision 031), so a fresh clone builds without encoding; outside `dir`, which is walked for sources.
      encodedDir: path.resolve("content/encoded-images"),
    }),
    // Before reactRouter(): its writeBundle removes the server build this keeps (build/render).
    keepServerBuild({ to: path.resolve("build/render") }),
    reactRouter(),
  ],
  publicDir: "client/public",
  resolve: { alias: { "~": path.resolve("client") } },
  // The staff area is loaded lazily: pre-bundle its dependencies so dev does not re-optimise mid-session.
  optimizeDeps: {
    include: ["@tanstack/react-query", "react-hook-form", "@hookform/resolvers/zod", "zod", "radix-ui"],
  },
  server: {
    proxy: {
      "/api": "http://localhost:3000",
      "/ws": { target: "ws://localhost:3000", ws: true },
    },
  },
  define: {
    __SITE_ORIGIN__: JSON.stringify((process.env.PUBLIC_ORIGIN ?? "http://localhost:3000").replace(/\/+$/, "")),
  },
  build: {
    target: "es2022",
    rolldownOptions: {
      output: {
        // An icon chunk is named after the pages sharing it ("icons~home~chat-view…"): public pages
        // would look as if they loaded the chat. The name says what it holds instead.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith("icons~") ? "assets/icons-[hash].js" : "assets/[name]-[hash].js",
        codeSplitting: {
          groups: [
            // React, React DOM and React Router: one chunk every page needs, first.
            { name: "framework", test: site.framework, priority: 2 },
            // Icons by the set of pages that use them, small sets merged: a few chunks, not one per icon.
            { name: "icons", test: site.icons, priority: 1, entriesAware: true, entriesAwareMergeThreshold: 8192 },
            { name: site.name, debugName: "site", priority: 0 },
          ],
        },
      },
    },
  },
});
