import { cpSync, rmSync } from "node:fs";
import type { Plugin } from "vite";

/**
 * React Router removes its server build after prerendering when `ssr` is false; the server keeps a
 * copy in `to` to render the public pages again when the site's content is published (DESIGN §17:
 * "the same React Router server build the prerender uses"). Copied before React Router's own
 * writeBundle runs (which prerenders, then removes the build).
 */
export function keepServerBuild({ to }: { to: string }): Plugin {
  return {
    name: "keep-server-build",
    writeBundle: {
      order: "pre",
      sequential: true,
      handler(output) {
        if (this.environment.config.consumer !== "server" || !output.dir) return;
        rmSync(to, { recursive: true, force: true });
        cpSync(output.dir, to, { recursive: true });
      },
    },
  };
}
