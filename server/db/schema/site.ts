/** What the public site's forms keep besides quote requests and applications. */
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { createdAt, timestamptz } from "./columns.ts";

export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("newsletter_email_lower_idx").on(sql`lower(${t.email})`)],
);

/**
 * ALTCHA challenges already used (by signature), kept until they expire: a solved challenge is
 * good for one submission, on every server instance.
 */
export const captchaSolutions = pgTable(
  "captcha_solutions",
  {
    signature: text("signature").primaryKey(),
    expiresAt: timestamptz("expires_at").notNull(),
  },
  (t) => [index("captcha_solutions_expires_at_idx").on(t.expiresAt)],
);

/**
 * DESIGN §17: the site's content, one row per item of a collection. `published` is what the site
 * shows (null until first published), `draft` what an admin saved since (null when none);
 * `removing` marks a published item to go at the next publish. `version` counts every change, for
 * stale writes (409). `position` orders a list as published; `draftPosition`, when set, is the
 * item's place in a reordered list waiting to be published (decision 058).
 */
export const siteItems = pgTable(
  "site_items",
  {
    collection: text("collection").notNull(),
    id: text("id").notNull(),
    position: integer("position").notNull(),
    draftPosition: integer("draft_position"),
    published: jsonb("published"),
    draft: jsonb("draft"),
    removing: boolean("removing").notNull().default(false),
    /** When the waiting draft or removal publishes by itself (DESIGN §17 `publishAt`); null: by hand. */
    publishAt: timestamptz("publish_at"),
    version: integer("version").notNull().default(1),
    updatedBy: bigint("updated_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.collection, t.id] }),
    index("site_items_publish_at_idx").on(t.publishAt).where(sql`${t.publishAt} is not null`),
  ],
);

/**
 * Every publish (and the first start's seed): the whole published content after it, and what
 * changed. Append-only; a restore makes drafts of one of these.
 */
export const siteVersions = pgTable("site_versions", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  publishedAt: timestamptz("published_at").notNull().defaultNow(),
  publishedBy: bigint("published_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  content: jsonb("content").notNull(),
  changes: jsonb("changes").notNull(),
});

/**
 * DESIGN §17 "publishing without a build": the public pages as the server rendered them, by the
 * client build they were rendered with (its assets' version: another build's pages name scripts
 * this one does not have) and the content version they show. Written in the publish's
 * transaction, so a version is live only with all of its pages.
 */
export const sitePages = pgTable(
  "site_pages",
  {
    build: text("build").notNull(),
    version: bigint("version", { mode: "number" })
      .notNull()
      .references(() => siteVersions.id, { onDelete: "cascade" }),
    path: text("path").notNull(),
    html: text("html").notNull(),
    renderedAt: timestamptz("rendered_at").notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.build, table.version, table.path] })],
);

/**
 * DESIGN §17 "Images upload through the store": the site's uploaded pictures. The original stays
 * in the store (`site-images/<key>`); its encoded files, cropped around the focal point, are
 * `site-media/<id>-<crop>-<width>.<format>` (a new focal point is a new crop, new names). Kept
 * for good: a version names them, and restoring it shows them again.
 */
export const siteImages = pgTable("site_images", {
  id: text("id").primaryKey(),
  fileName: text("file_name").notNull(),
  originalKey: text("original_key").notNull(),
  originalWidth: integer("original_width").notNull(),
  originalHeight: integer("original_height").notNull(),
  /** The encoded files' crop: its size and the first hex digits of its hash (in their names). */
  crop: text("crop").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  focalX: real("focal_x").notNull().default(0.5),
  focalY: real("focal_y").notNull().default(0.5),
  alt: text("alt").notNull().default(""),
  decorative: boolean("decorative").notNull().default(false),
  uploadedBy: bigint("uploaded_by", { mode: "number" }).references(() => users.id, { onDelete: "set null" }),
  uploadedAt: timestamptz("uploaded_at").notNull().defaultNow(),
});
