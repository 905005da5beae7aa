/**
 * DESIGN §17 images: the uploaded pictures' rows, and what the content's pages need of them. A
 * version keeps, beside its items, the pictures they name as they were published (`media`), so
 * a page, a preview or a restored version shows them as they were, whatever happened since.
 */
import { eq, inArray } from "drizzle-orm";
import { type PublicSiteContent, siteCollections } from "../../../shared/site-content.ts";
import {
  describedEnough,
  type SiteImage,
  type SiteMedia,
  siteImagePaths,
  UPLOADED_IMAGE_PREFIX,
  uploadedImagesIn,
  wholePictureUrl,
} from "../../../shared/site-images.ts";
import type { Db } from "../../db/client.ts";
import { siteImages, users } from "../../db/schema.ts";
import { badRequest, HttpError } from "../../lib/errors.ts";
import { imageMarkup } from "./image-encoding.ts";

type ImageRow = typeof siteImages.$inferSelect;

const idOf = (name: string) => name.slice(UPLOADED_IMAGE_PREFIX.length);

const mediaOf = (row: ImageRow): SiteMedia => ({
  width: row.width,
  height: row.height,
  ...imageMarkup(row.id, row.crop, row.width, siteImagePaths.media),
  alt: row.alt,
  decorative: row.decorative,
});

export const siteImageView = (row: ImageRow, uploadedBy: string | null): SiteImage => ({
  ...mediaOf(row),
  id: row.id,
  name: `${UPLOADED_IMAGE_PREFIX}${row.id}`,
  fileName: row.fileName,
  originalWidth: row.originalWidth,
  originalHeight: row.originalHeight,
  whole: wholePictureUrl(row.id),
  focalX: row.focalX,
  focalY: row.focalY,
  uploadedAt: row.uploadedAt.toISOString(),
  uploadedBy,
});

/** The pictures `items` name, by name, as pages show them now. */
export async function mediaFor(from: Db, items: unknown): Promise<Record<string, SiteMedia>> {
  const ids = [...new Set(uploadedImagesIn(items).map((found) => idOf(found.name)))];
  if (ids.length === 0) return {};
  const rows = await from.select().from(siteImages).where(inArray(siteImages.id, ids));
  return Object.fromEntries(rows.map((row) => [`${UPLOADED_IMAGE_PREFIX}${row.id}`, mediaOf(row)]));
}

/** 400 naming each field of a draft that names a picture nobody uploaded. */
export async function checkImagesExist(from: Db, fields: unknown): Promise<void> {
  const found = uploadedImagesIn(fields);
  if (found.length === 0) return;
  const media = await mediaFor(from, fields);
  const errors: Record<string, string> = {};
  for (const { name, path } of found) {
    if (!media[name]) errors[path || "item"] ??= `There is no uploaded picture “${name}”`;
  }
  if (Object.keys(errors).length > 0) throw badRequest("Some fields name pictures that were never uploaded.", errors);
}

/**
 * DESIGN §17 "publishing refuses an image without alt text unless it is marked decorative": 422
 * naming the item and the picture, before anything is published.
 */
export function checkDescribed(
  media: Record<string, SiteMedia>,
  items: readonly { collection: string; id: string; fields: unknown }[],
): void {
  for (const item of items) {
    for (const { name } of uploadedImagesIn(item.fields)) {
      const image = media[name];
      const problem = !image ? "was never uploaded" : describedEnough(image) ? null : "has no alt text";
      if (problem) {
        throw new HttpError(
          422,
          `Nothing was published: the picture ${name} of ${item.collection} "${item.id}" ${problem}. ` +
            "Describe it in the picture's details, or mark it decorative if it only adorns the page.",
          "IMAGE_NOT_DESCRIBED",
        );
      }
    }
  }
}

/** Every item of a content, with its collection, as checkDescribed takes them. */
export const itemsOf = (content: PublicSiteContent) =>
  siteCollections.flatMap((collection) => content[collection].map(({ id, ...fields }) => ({ collection, id, fields })));

/** The uploaded pictures' rows, newest first, with who uploaded each. */
export function siteImageRepository(db: Db) {
  return {
    async list(): Promise<SiteImage[]> {
      const rows = await db
        .select({ image: siteImages, by: users.username })
        .from(siteImages)
        .leftJoin(users, eq(users.id, siteImages.uploadedBy))
        .orderBy(siteImages.uploadedAt);
      return rows.reverse().map((row) => siteImageView(row.image, row.by));
    },
    async byId(id: string, from: Db = db): Promise<ImageRow | undefined> {
      const [row] = await from.select().from(siteImages).where(eq(siteImages.id, id));
      return row;
    },
    async view(id: string, from: Db = db): Promise<SiteImage | undefined> {
      const [row] = await from
        .select({ image: siteImages, by: users.username })
        .from(siteImages)
        .leftJoin(users, eq(users.id, siteImages.uploadedBy))
        .where(eq(siteImages.id, id));
      return row && siteImageView(row.image, row.by);
    },
  };
}
