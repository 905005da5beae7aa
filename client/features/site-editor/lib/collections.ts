/**
 * The site editor's words for the collections and their items (DESIGN §17), its addresses under
 * /staff/site, and what waits to be published. Pure.
 */
import {
  type AdminSiteContent,
  type AdminSiteItem,
  isSingleCollection,
  SINGLE_ITEM_ID,
  type SiteChange,
  type SiteCollection,
  type SiteFields,
  siteCollections,
} from "../../../../shared/site-content.ts";
import { NOT_FOUND_PRERENDER_PATH } from "../../../../shared/site-routes.ts";

export const collectionLabels: Record<SiteCollection, string> = {
  jobs: "Jobs",
  projects: "Projects",
  gallery: "Gallery",
  services: "Services",
  keyNumbers: "Key numbers",
  contact: "Contact details",
  about: "About page",
};

/** One item of a collection, in words ("Add a job"). */
export const itemNouns: Record<SiteCollection, string> = {
  jobs: "job",
  projects: "project",
  gallery: "image",
  services: "service",
  keyNumbers: "key number",
  contact: "contact details",
  about: "about page",
};

export const isCollection = (value: string | undefined): value is SiteCollection =>
  (siteCollections as readonly string[]).includes(value ?? "");

/** The editor's addresses (DESIGN §15: everything has one). */
export const siteAddresses = {
  root: "/staff/site",
  collection: (collection: SiteCollection) => `/staff/site/${collection}`,
  item: (collection: SiteCollection, id: string) =>
    isSingleCollection(collection)
      ? `/staff/site/${collection}`
      : `/staff/site/${collection}/${encodeURIComponent(id)}`,
  versions: "/staff/site/versions",
  compare: (from: number, to: number) => `/staff/site/versions?from=${from}&to=${to}`,
} as const;

/** What the editor shows and edits of an item: its draft when it has one, else what is published. */
export const currentFields = (item: AdminSiteItem): SiteFields => item.draft ?? item.published ?? {};

/** The name of an item in lists and summaries: its title, name, caption or label, else its id. */
export function itemTitle(collection: SiteCollection, fields: SiteFields | null | undefined, id: string): string {
  if (collection === "contact" || collection === "about") return collectionLabels[collection];
  const f = fields ?? {};
  const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);
  if (collection === "keyNumbers") {
    const label = text(f.label);
    return label ? `${typeof f.value === "number" ? `${f.value} ` : ""}${label}` : id;
  }
  return text(f.title) ?? text(f.name) ?? text(f.caption) ?? id;
}

export type ItemState = "published" | "draft" | "changed" | "moved" | "removing";

/**
 * Published, a draft never published, a changed item, one only moved in its list, or one to be
 * removed at the next publish.
 */
export const itemState = (item: AdminSiteItem): ItemState =>
  item.status === "changed" && item.draft === null ? (item.moved ? "moved" : "removing") : item.status;

export const stateLabels: Record<ItemState, string> = {
  published: "Published",
  draft: "Draft",
  changed: "Changed",
  moved: "Moved",
  removing: "To be removed",
};

/** The change an item's publish would make. */
const changeOf = (item: AdminSiteItem): SiteChange["change"] | null => {
  const state = itemState(item);
  if (state === "published") return null;
  return state === "draft" ? "added" : state === "removing" ? "removed" : state === "moved" ? "moved" : "changed";
};

export interface WaitingChange extends SiteChange {
  title: string;
  publishAt: string | null;
}

/** Every item with something to publish, collection by collection. */
export function waitingChanges(content: AdminSiteContent): WaitingChange[] {
  return siteCollections.flatMap((collection) =>
    content[collection].flatMap((item) => {
      const change = changeOf(item);
      if (!change) return [];
      return [
        {
          collection,
          id: item.id,
          change,
          title: itemTitle(collection, item.draft ?? item.published, item.id),
          publishAt: item.publishAt,
        },
      ];
    }),
  );
}

export const changeKey = (change: { collection: SiteCollection; id: string }) => `${change.collection}/${change.id}`;

export const changeLabels: Record<SiteChange["change"], string> = {
  added: "Added",
  changed: "Changed",
  moved: "Moved",
  removed: "Removed",
};

/** The one item of `contact` and `about`. */
export const singleId = SINGLE_ITEM_ID;

/** A public page in words: "/" is the home page, the prerendered 404 page by its name. */
export const pageName = (page: string) =>
  page === "/" ? "/ (home)" : page === NOT_FOUND_PRERENDER_PATH ? "the 404 page" : page;
