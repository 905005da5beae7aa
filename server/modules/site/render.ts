/**
 * DESIGN §17 "publishing re-renders the affected pages on the server (no build)": the public pages
 * rendered by the same React Router server build the prerender used (kept in build/render by
 * client/vite/keep-server-build.ts), with the published content in the load context, and finished
 * as postbuild finishes the prerendered ones. So the HTML, its CSP hashes and its image markup
 * are the build's own.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { PublicSiteContent } from "../../../shared/site-content.ts";
import { deferBoot } from "../../lib/deferred-boot.ts";

export interface PageRenderer {
  /** The client build the pages are made for: its assets' version (the scripts the pages name). */
  readonly build: string;
  /** Each page's HTML with `content` as the public reads it, in the order asked; throws, naming the page, if one does not render. */
  render(pages: readonly string[], content: PublicSiteContent): Promise<Map<string, string>>;
}

export class PageRenderError extends Error {
  constructor(
    readonly page: string,
    reason: string,
  ) {
    super(`${page} could not be rendered: ${reason}`);
    this.name = "PageRenderError";
  }
}

/** The renderer of the server build in `renderDir`, or null when there is none (no client build). */
export async function loadPageRenderer(renderDir: string): Promise<PageRenderer | null> {
  const entry = path.join(renderDir, "index.js");
  if (!existsSync(entry)) return null;
  const build = (await import(pathToFileURL(entry).href)) as ServerBuild;
  const handle = createRequestHandler(build, "production");
  return {
    build: build.assets.version,
    async render(pages, siteContent) {
      const rendered = new Map<string, string>();
      for (const page of pages) {
        // The prerender asks for "/career/": the same request makes the same page.
        const request = new Request(`http://localhost${page === "/" ? "/" : `${page}/`}`);
        let response: Response;
        try {
          response = await handle(request, { siteContent } as Parameters<typeof handle>[1]);
        } catch (error) {
          throw new PageRenderError(page, error instanceof Error ? error.message : String(error));
        }
        const html = await response.text();
        if (response.status !== 200) throw new PageRenderError(page, `status ${response.status}`);
        rendered.set(page, deferBoot(html));
      }
      return rendered;
    },
  };
}
