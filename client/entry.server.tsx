/**
 * Renders a page to HTML: at build time (the prerender, with the content folder's seed) and on the
 * server when the site is published (server/modules/site/render, with the published content in
 * the load context). Both wait for the whole page: nothing here streams to a visitor.
 */
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import type { AppLoadContext, EntryContext } from "react-router";
import { ServerRouter } from "react-router";
import { collectionsShownOn, richTextsOf, type SiteCollection } from "../shared/site-content.ts";
import { uploadedImagesIn } from "../shared/site-images.ts";
import { seedPublicContent } from "../shared/site-seed.ts";
import { embeddableJson, SiteContentProvider, type SiteContentSlice, type SiteContentStore } from "./lib/site-content";

declare module "react-router" {
  interface AppLoadContext {
    /** The published content to render with (the server's renderer); the seed when absent (the build). */
    siteContent?: SiteContentSlice;
  }
}

export const streamTimeout = 10_000;

/** The page's collections, and a check that the page shows no other (publishing would miss it). */
function serverSiteContent(pathname: string, all: SiteContentSlice, spaMode: boolean): SiteContentStore {
  if (spaMode) {
    return { items: {}, embedded: null, loadAll: () => Promise.reject(new Error("No site content in the app shell")) };
  }
  const shown = collectionsShownOn(pathname);
  const slice: SiteContentSlice = Object.fromEntries(shown.map((collection) => [collection, all[collection] ?? []]));
  // The uploaded pictures those collections name: only those travel with the page.
  const named = new Set(uploadedImagesIn(slice).map((found) => found.name));
  const media = Object.entries(all.media ?? {}).filter(([name]) => named.has(name));
  if (media.length > 0) slice.media = Object.fromEntries(media);
  // Their long texts as read here: the page's scripts draw them without the reader (decision 065).
  const richText = richTextsOf(slice);
  if (Object.keys(richText).length > 0) slice.richText = richText;
  return {
    items: slice,
    embedded: embeddableJson(slice),
    onRead(collection: SiteCollection) {
      if (!shown.includes(collection)) {
        throw new Error(`${pathname} shows ${collection}, which siteCollectionPages does not list for it`);
      }
    },
    loadAll: () => Promise.reject(new Error(`${pathname} was rendered without some of its content`)),
  };
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const pathname = new URL(request.url).pathname.replace(/(.)\/$/, "$1");
  const content = serverSiteContent(
    pathname,
    loadContext?.siteContent ?? (seedPublicContent() as SiteContentSlice),
    routerContext.isSpaMode,
  );
  return new Promise<Response>((resolve, reject) => {
    let status = responseStatusCode;
    const timeout = setTimeout(() => abort(), streamTimeout);
    const { pipe, abort } = renderToPipeableStream(
      <SiteContentProvider store={content}>
        <ServerRouter context={routerContext} url={request.url} />
      </SiteContentProvider>,
      {
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeout);
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html");
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status }));
        },
        onShellError: reject,
        onError(error: unknown) {
          status = 500;
          reject(error);
        },
      },
    );
  });
}
