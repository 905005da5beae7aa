/**
 * DESIGN §17 "the content folder is the first start's seed": the items of content/ as the
 * collections hold them, each its id and fields in the site's order.
 */
import about from "../content/about.json" with { type: "json" };
import gallery from "../content/gallery.json" with { type: "json" };
import home from "../content/home.json" with { type: "json" };
import jobs from "../content/jobs.json" with { type: "json" };
import projects from "../content/projects.json" with { type: "json" };
import services from "../content/services.json" with { type: "json" };
import site from "../content/site.json" with { type: "json" };
import { SINGLE_ITEM_ID, type SiteCollection, type SiteFields } from "./site-content.ts";

export interface SeedItem {
  id: string;
  fields: SiteFields;
}

/** `Projects Completed` → `projects-completed`: the key numbers have no id in content/. */
const idFromLabel = (label: string) =>
  label
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 64) || "item";

const listed = (items: readonly { id: string }[]): SeedItem[] => items.map(({ id, ...fields }) => ({ id, fields }));

export function seedContent(): Record<SiteCollection, SeedItem[]> {
  return {
    jobs: listed(jobs),
    projects: listed(projects),
    gallery: listed(gallery),
    services: listed(services),
    keyNumbers: home.keyNumbers.items.map((item) => ({ id: idFromLabel(item.label), fields: { ...item } })),
    contact: [{ id: SINGLE_ITEM_ID, fields: { ...site.contact } }],
    about: [{ id: SINGLE_ITEM_ID, fields: { ...about } }],
  };
}

/** The seed as `GET /api/site/content` answers it: what the build prerenders the pages with. */
export function seedPublicContent(): Record<SiteCollection, ({ id: string } & SiteFields)[]> {
  const seed = seedContent();
  return Object.fromEntries(
    Object.entries(seed).map(([collection, items]) => [collection, items.map(({ id, fields }) => ({ id, ...fields }))]),
  ) as Record<SiteCollection, ({ id: string } & SiteFields)[]>;
}
