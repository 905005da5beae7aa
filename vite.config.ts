import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { contentImages } from "./client/vite/content-images.ts";

export default defineConfig({
  plugins: [
    tailwindcss(),
    contentImages({
      dir: path.resolve("content/images"),
      cacheDir: path.resolve("node_modules/.cache/content-images"),
    }),
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
  build: { target: "es2022" },
});
