/**
 * The site's content as the page was rendered with it (DESIGN §17): the server renders each public
 * page with the published content and writes the collections that page shows into it; the client
 * reads them from there, not from bundled JSON, so a publish changes the page and what its
 * scripts show at once. A collection the page did not carry (a move to another page) is fetched
 * once from GET /api/site/content, the component waiting for it (Suspense).
 *
 * Types only from shared/site-content.ts: its schemas (zod) stay out of the public pages' scripts.
 * The long texts' reader (shared/rich-text.ts, marked) does too: the server writes what it read of
 * each long text into the page (decision 065), and the reader is fetched only for a text a page
 * did not carry.
 */
import { createContext, type ReactNode, use, useContext } from "react";
import type { z } from "zod";
import type { RichBlock } from "../../shared/rich-text.ts";
import type { SiteCollection, siteFieldSchemas } from "../../shared/site-content.ts";
import type { SiteMedia } from "../../shared/site-images.ts";

/** Each collection's items as GET /api/site/content answers them: the fields and the id. */
export type SiteItems = { [C in SiteCollection]: ({ id: string } & z.infer<(typeof siteFieldSchemas)[C]>)[] };
/**
 * Some collections, the uploaded pictures they name (`uploads/<id>`), and, on a rendered page, each
 * of their long texts as the server read it (`richTextBlocks`), by its Markdown.
 */
export type SiteContentSlice = Partial<SiteItems> & {
  media?: Record<string, SiteMedia>;
  richText?: Record<string, RichBlock[]>;
};

export const SITE_CONTENT_ELEMENT_ID = "site-content";
const CONTENT_URL = "/api/site/content";

export interface SiteContentStore {
  /** The collections at hand. */
  items: SiteContentSlice;
  /** The JSON the page carries (written into it on the server, read back from it on the client). */
  embedded: string | null;
  /** Called for every collection a component reads: the server's check of siteCollectionPages. */
  onRead?: (collection: SiteCollection) => void;
  /** Brings the collections the page did not carry; one request, shared by every reader. */
  loadAll: () => Promise<void>;
}

const SiteContentContext = createContext<SiteContentStore | null>(null);

export function SiteContentProvider({ store, children }: { store: SiteContentStore; children: ReactNode }) {
  return <SiteContentContext value={store}>{children}</SiteContentContext>;
}

/** The slice as JSON that is safe inside a <script> element (no `</script>`, no line separators). */
export function embeddableJson(slice: SiteContentSlice): string {
  return JSON.stringify(slice)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The client's store: the page's own collections, the rest fetched when first shown. */
export function clientSiteContent(element: Element | null): SiteContentStore {
  const embedded = element?.textContent ?? null;
  let pending: Promise<void> | null = null;
  const store: SiteContentStore = {
    items: embedded ? (JSON.parse(embedded) as SiteContentSlice) : {},
    embedded,
    loadAll() {
      pending ??= fetch(CONTENT_URL, { headers: { accept: "application/json" } })
        .then(async (response) => {
          if (!response.ok) throw new Error(`The site's content could not be loaded (${response.status})`);
          const all = (await response.json()) as SiteContentSlice;
          // The page's own collections stay as rendered, so what is on screen does not change under the reader.
          store.items = { ...all, ...store.items, media: { ...all.media, ...store.items.media } };
        })
        .catch((error: unknown) => {
          pending = null;
          throw error;
        });
      return pending;
    },
  };
  return store;
}

/** A collection's items, in the site's order. */
export function useSiteCollection<C extends SiteCollection>(collection: C): SiteItems[C] {
  const store = useContext(SiteContentContext);
  if (!store) throw new Error("useSiteCollection needs a SiteContentProvider");
  store.onRead?.(collection);
  const collections: Partial<SiteItems> = store.items;
  const items = collections[collection];
  if (items) return items;
  use(store.loadAll());
  return (store.items as Partial<SiteItems>)[collection] ?? [];
}

/** An uploaded picture (`uploads/<id>`) as the page was rendered with it; undefined for the build's images. */
export function useUploadedImage(name: string): SiteMedia | undefined {
  return useContext(SiteContentContext)?.items.media?.[name];
}

let richTextReader: Promise<typeof import("../../shared/rich-text.ts")> | undefined;

/**
 * A long text's blocks: as the server read them into the page, or, for a text the page did not
 * carry (a collection fetched after a move to another page), read here once the reader has loaded
 * (the component waits for it, Suspense).
 */
export function useRichTextBlocks(markdown: string): RichBlock[] {
  const read = useContext(SiteContentContext)?.items.richText;
  // Own keys only: a text such as "constructor" is not the object's prototype's.
  if (read && Object.hasOwn(read, markdown)) return read[markdown] ?? [];
  richTextReader ??= import("../../shared/rich-text.ts").catch((error: unknown) => {
    richTextReader = undefined;
    throw error;
  });
  return use(richTextReader).richTextBlocks(markdown);
}

/** The one item of `contact` or `about`. */
export function useSiteItem<C extends "contact" | "about">(collection: C): SiteItems[C][number] {
  const [item] = useSiteCollection(collection);
  if (!item) throw new Error(`The site has no ${collection} item`);
  return item;
}

/** The page's collections as JSON in the document, for the client to start from. */
export function SiteContentScript() {
  const store = useContext(SiteContentContext);
  if (!store?.embedded) return null;
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped by embeddableJson, not executed (type application/json)
    <script type="application/json" id={SITE_CONTENT_ELEMENT_ID} dangerouslySetInnerHTML={{ __html: store.embedded }} />
  );
}
