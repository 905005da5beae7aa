/**
 * DESIGN §17: the firm's own content (§8), held in the database once the content folder has seeded
 * it. Seven collections: five lists of items, each with a stable id, and two single items (id
 * `main`). These schemas are the one check of an item's fields, on the server and in the editor.
 */
import { z } from "zod";
import { RICH_TEXT_DEPTH_MAX, type RichBlock, richTextBlocks, richTextDepth, sanitizeRichText } from "./rich-text.ts";
import { siteMediaSchema } from "./site-images.ts";
import { NOT_FOUND_PRERENDER_PATH, publicRoutes } from "./site-routes.ts";

export const listCollections = ["jobs", "projects", "gallery", "services", "keyNumbers"] as const;
export const singleCollections = ["contact", "about"] as const;
export const siteCollections = [...listCollections, ...singleCollections] as const;
export type SiteCollection = (typeof siteCollections)[number];
/** The id of `contact` and `about`, each one item. */
export const SINGLE_ITEM_ID = "main";

export const sitePaths = {
  content: "/api/site/content",
  adminContent: "/api/admin/site/content",
  item: (collection: SiteCollection, id: string) => `/api/admin/site/${collection}/${encodeURIComponent(id)}` as const,
  publish: "/api/admin/site/publish",
  versions: "/api/admin/site/versions",
  version: (version: number) => `/api/admin/site/versions/${version}` as const,
  restore: (version: number) => `/api/admin/site/versions/${version}/restore` as const,
  /** PUT: a list's new order, as a draft (decision 058). */
  order: (collection: SiteCollection) => `/api/admin/site/order/${collection}` as const,
  /** POST: a signed link to preview every page with the drafts (DESIGN §17: an hour, noindex). */
  preview: "/api/admin/site/preview",
} as const;

export const siteLimits = {
  /** Items in one list: more than a page can show, far fewer than would make the site slow. */
  itemsMax: 200,
  listMax: 30,
  versionsShown: 100,
} as const;

// Control characters are refused for every request by the server's input check (DESIGN §14).
const text = (max: number) => z.string().trim().min(1, "Required").max(max, `At most ${max} characters`);
/** The schemas richText made: which fields of a collection hold a long text (`richTextFields`). */
const richTextSchemas = new WeakSet<z.ZodType>();
/**
 * A long text: Markdown of the pages' subset, kept as sanitizeRichText writes it back (decision
 * 057). The limit is on what the admin wrote; lists and quotes nest at most RICH_TEXT_DEPTH_MAX deep.
 */
const richText = (max: number) => {
  const schema = text(max)
    .refine(
      (markdown) => richTextDepth(markdown) <= RICH_TEXT_DEPTH_MAX,
      `Lists nest at most ${RICH_TEXT_DEPTH_MAX} deep`,
    )
    .transform(sanitizeRichText)
    // Escapes make the kept text longer, at most five times (& as &amp;).
    .pipe(
      z
        .string()
        .min(1, "Required")
        .max(max * 5, `At most ${max} characters once its marks are escaped`),
    );
  richTextSchemas.add(schema);
  return schema;
};
const lines = (max: number, count: number = siteLimits.listMax) =>
  z.array(text(max)).max(count, `At most ${count} lines`);
/** An image of the build's registry (content/images), as `projects/harbor-point-tower`, or an upload, `uploads/<id>`. */
const imageName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]*(\/[a-z0-9][a-z0-9-]*)*$/, "An image name is lower-case words joined by - and /")
  .max(120);
const image = z.object({ name: imageName, alt: text(300) }).strict();
/** An icon of the pages' sets; a name they do not know shows a plain marker. */
const icon = z.string().regex(/^[a-z][a-z0-9-]{0,40}$/, "An icon is a lower-case name such as shield-check");
const iconItem = z.object({ icon, title: text(120), text: text(600) }).strict();
const section = { eyebrow: text(80), title: text(200) };
const href = z
  .string()
  .max(500)
  .regex(/^(\/[^\s]*|https:\/\/[^\s]+|mailto:[^\s]+|tel:\+?[0-9]+)$/, "A link is a path, https, mailto: or tel:");

/** An item's id: lower-case letters, digits and hyphens, as the pages' addresses use them. */
export const siteItemIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "An id is 1–64 lower-case letters, digits or hyphens");

export const jobFieldsSchema = z
  .object({
    title: text(120),
    location: text(120),
    department: text(120),
    type: text(60),
    experience: text(60),
    description: richText(2000),
    responsibilities: lines(400),
    requirements: lines(400),
    /** DESIGN §17: from this moment the job is off the career page and out of the form's positions. */
    closesAt: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .strict();

export const projectFieldsSchema = z
  .object({
    name: text(160),
    image: imageName,
    shortDescription: text(300),
    longDescription: richText(4000),
    client: text(160),
    location: text(160),
    year: z.number().int().min(1950).max(2100),
    category: text(60),
  })
  .strict();

export const galleryFieldsSchema = z.object({ url: imageName, caption: text(120), alt: text(300) }).strict();

export const serviceFieldsSchema = z
  .object({
    title: text(120),
    summary: text(400),
    description: richText(4000),
    image: imageName,
    features: lines(300, 12),
  })
  .strict();

export const keyNumberFieldsSchema = z
  .object({ value: z.number().int().min(0).max(1_000_000_000), label: text(80) })
  .strict();

export const contactFieldsSchema = z
  .object({
    emails: z.array(z.object({ label: text(60), address: z.email() }).strict()).max(10),
    phones: z
      .array(
        z
          .object({ label: text(60), number: text(40), href: z.string().regex(/^tel:\+[0-9]{6,16}$/, "tel:+digits") })
          .strict(),
      )
      .max(10),
    offices: z.array(z.object({ id: siteItemIdSchema, label: text(80), lines: lines(120, 6) }).strict()).max(10),
    hours: text(200),
    messagingLink: z.object({ label: text(80), href }).strict(),
    brochure: z.object({ label: text(80) }).strict(),
  })
  .strict();

export const aboutFieldsSchema = z
  .object({
    banner: z.object({ ...section, intro: text(600) }).strict(),
    whoWeAre: z
      .object({
        ...section,
        paragraphs: lines(2000, 10),
        image,
        facts: z.array(z.object({ value: text(20), label: text(80) }).strict()).max(8),
      })
      .strict(),
    missionVision: z.object({ title: text(200), items: z.array(iconItem).max(6) }).strict(),
    industries: z.object({ ...section, intro: text(600), items: z.array(iconItem).max(12) }).strict(),
    technology: z
      .object({
        ...section,
        intro: text(600),
        image,
        tools: z.array(z.object({ name: text(80), text: text(600) }).strict()).max(8),
      })
      .strict(),
    values: z.object({ ...section, items: z.array(iconItem).max(12) }).strict(),
    benefits: z.object({ ...section, items: lines(200, 12) }).strict(),
    visionPillars: z.object({ ...section, image, items: z.array(iconItem).max(8) }).strict(),
    cta: z
      .object({
        title: text(200),
        text: text(600),
        primary: z.object({ label: text(60), href }).strict(),
        secondary: z.object({ label: text(60), href }).strict(),
      })
      .strict(),
  })
  .strict();

/** Each collection's fields (an item is its fields and its id). */
export const siteFieldSchemas = {
  jobs: jobFieldsSchema,
  projects: projectFieldsSchema,
  gallery: galleryFieldsSchema,
  services: serviceFieldsSchema,
  keyNumbers: keyNumberFieldsSchema,
  contact: contactFieldsSchema,
  about: aboutFieldsSchema,
} as const satisfies Record<SiteCollection, z.ZodType>;
export type SiteFields = Record<string, unknown>;

/**
 * Each collection's long texts (its `richText` fields): the pages draw them with marked's reading,
 * which the server does for them and writes into the page (client/entry.server.tsx, decision 065).
 */
export const richTextFields: Record<SiteCollection, readonly string[]> = Object.fromEntries(
  siteCollections.map((collection) => [
    collection,
    Object.entries(siteFieldSchemas[collection].shape)
      .filter(([, schema]) => richTextSchemas.has(schema))
      .map(([field]) => field),
  ]),
) as { [C in SiteCollection]: string[] };

/**
 * Every long text of some collections' items as the pages draw it (richTextBlocks), by its Markdown:
 * what a rendered page carries for its scripts, which then draw the texts without marked.
 */
export function richTextsOf(
  collections: Partial<Record<SiteCollection, readonly Record<string, unknown>[]>>,
): Record<string, RichBlock[]> {
  const read: Record<string, RichBlock[]> = {};
  for (const collection of siteCollections) {
    for (const item of collections[collection] ?? []) {
      for (const field of richTextFields[collection]) {
        const markdown = item[field];
        if (typeof markdown === "string" && !Object.hasOwn(read, markdown)) read[markdown] = richTextBlocks(markdown);
      }
    }
  }
  return read;
}

/** Every prerendered page: the public routes and the 404 page (the footer shows the contact details on each). */
const everyPage = [...publicRoutes.map((route) => route.path), NOT_FOUND_PRERENDER_PATH];

/**
 * The prerendered pages that show each collection: what a publish has to render again (DESIGN
 * §17: "publishing one job re-renders only the pages that show jobs"). Checked against the
 * pages' static imports (test/lint/site-pages.test.ts), so a page that starts showing a
 * collection cannot be left out.
 */
export const siteCollectionPages: Record<SiteCollection, readonly string[]> = {
  jobs: ["/career"],
  projects: ["/projects"],
  gallery: ["/gallery"],
  services: ["/", "/services"],
  keyNumbers: ["/"],
  contact: everyPage,
  about: ["/about"],
};

/** The pages a set of changes shows differently, in the order of the public routes. */
export function pagesChangedBy(changes: readonly { collection: SiteCollection }[]): string[] {
  const touched = new Set(changes.flatMap((change) => siteCollectionPages[change.collection]));
  return everyPage.filter((page) => touched.has(page));
}

/** The collections a page shows: what its HTML carries for its scripts (client/entry.server.tsx). */
export function collectionsShownOn(page: string): SiteCollection[] {
  return siteCollections.filter((collection) => siteCollectionPages[collection].includes(page));
}

export const isSingleCollection = (collection: SiteCollection) =>
  (singleCollections as readonly string[]).includes(collection);

/** GET /api/site/content: the published content, each item its fields with `id`, in the site's order. */
export const publicSiteContentSchema = z.object({
  ...(Object.fromEntries(siteCollections.map((name) => [name, z.array(z.looseObject({ id: z.string() }))])) as Record<
    SiteCollection,
    z.ZodArray<z.ZodObject<{ id: z.ZodString }, z.core.$loose>>
  >),
  /** The uploaded pictures the items name (`uploads/<id>`), as they were published (shared/site-images.ts). */
  media: z.record(z.string(), siteMediaSchema).optional(),
});
export type PublicSiteContent = z.infer<typeof publicSiteContentSchema>;

export const siteItemStatuses = ["published", "draft", "changed"] as const;
export type SiteItemStatus = (typeof siteItemStatuses)[number];

/**
 * One item as the editor sees it: `published` and `draft` are its fields, or null. `changed` is a
 * published item with a draft, or one marked for removal (its draft null) at the next publish.
 */
export const adminSiteItemSchema = z.object({
  id: z.string(),
  version: z.number().int(),
  status: z.enum(siteItemStatuses),
  published: z.record(z.string(), z.unknown()).nullable(),
  draft: z.record(z.string(), z.unknown()).nullable(),
  /** When what waits (its draft, or its removal) publishes by itself; null: when an admin publishes. */
  publishAt: z.iso.datetime().nullable(),
  /** Its place in its list was changed, waiting to be published (decision 058). */
  moved: z.boolean(),
});
export type AdminSiteItem = z.infer<typeof adminSiteItemSchema>;
export const adminSiteContentSchema = z.object(
  Object.fromEntries(siteCollections.map((name) => [name, z.array(adminSiteItemSchema)])) as Record<
    SiteCollection,
    z.ZodArray<typeof adminSiteItemSchema>
  >,
);
export type AdminSiteContent = z.infer<typeof adminSiteContentSchema>;

/**
 * PUT …/{collection}/{id}: the item's fields, the `version` read (absent or 0 for a new item) and
 * `publishAt`, when the draft is to publish by itself (absent or null: when an admin publishes).
 */
export const saveSiteItemSchema = z.looseObject({
  version: z.number({ error: "The version you read is required" }).int().min(0).optional(),
  publishAt: z.iso.datetime({ offset: true, error: "publishAt is a moment (ISO 8601)" }).nullable().optional(),
});

/** PUT /api/admin/site/order/{collection}: the list's ids in their new order, and the order read (409 when stale). */
export const siteOrderSchema = z
  .object({
    ids: z.array(siteItemIdSchema).max(siteLimits.itemsMax),
    expected: z.array(siteItemIdSchema).max(siteLimits.itemsMax),
  })
  .strict();
export type SiteOrder = z.infer<typeof siteOrderSchema>;

export const siteItemRefSchema = z.object({ collection: z.enum(siteCollections), id: z.string().max(64) }).strict();
export const publishSiteSchema = z.union([
  z.object({ all: z.literal(true) }).strict(),
  z
    .object({
      items: z
        .array(siteItemRefSchema)
        .min(1, "Choose at least one item")
        .max(siteLimits.itemsMax * 7),
    })
    .strict(),
]);
export type PublishSite = z.infer<typeof publishSiteSchema>;

export const siteChangeSchema = z.object({
  collection: z.enum(siteCollections),
  id: z.string(),
  change: z.enum(["added", "changed", "moved", "removed"]),
});
export type SiteChange = z.infer<typeof siteChangeSchema>;

export const siteVersionSchema = z.object({
  id: z.number().int(),
  publishedAt: z.iso.datetime(),
  /** Who published it; null for the first start's seed (or a person since deleted). */
  publishedBy: z.string().nullable(),
  changes: z.array(siteChangeSchema),
  /** The pages these changes show differently (what the summary before publishing lists, page by page). */
  pages: z.array(z.string()),
});
export type SiteVersion = z.infer<typeof siteVersionSchema>;

/** GET /api/admin/site/versions/{id}: a version and the whole published content after it (to compare two). */
export const siteVersionContentSchema = siteVersionSchema.extend({ content: publicSiteContentSchema });
export type SiteVersionContent = z.infer<typeof siteVersionContentSchema>;

/** POST …/preview: the link (append a page: `${url}/career`, or `${url}/` for the home page) and its end. */
export const sitePreviewSchema = z.object({ url: z.string(), expiresAt: z.iso.datetime() });
export type SitePreview = z.infer<typeof sitePreviewSchema>;
