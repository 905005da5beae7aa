/**
 * DESIGN §17 "Images upload through the store": the site's uploaded pictures. An upload is named
 * `uploads/<id>`, a name any image field of the site's content takes beside the build's images;
 * the server makes it into the build's sizes and formats (AVIF and WebP at 480–1600 px, never
 * upscaled), cropped to the site's 3:2 frame around its focal point. Its alt text belongs to the
 * picture: publishing an item that shows it is refused until it has one or is marked decorative.
 */
import { z } from "zod";

export const siteImagePaths = {
  images: "/api/admin/site/images",
  image: (id: string) => `/api/admin/site/images/${encodeURIComponent(id)}` as const,
  /** Where the encoded files are served from (public, immutable: a new crop is new names). */
  media: "/media/site",
} as const;

export const siteImageLimits = {
  maxMB: 20,
  /** Larger pictures are refused before they are decoded (a small file can claim a huge size). */
  maxPixels: 50_000_000,
  widths: [480, 800, 1200, 1600],
  /** The frame every uploaded picture is cropped to (the project cards' and services' 3:2). */
  aspect: 3 / 2,
  altMax: 300,
} as const;

export const UPLOADED_IMAGE_PREFIX = "uploads/";
export const siteImageIdSchema = z.string().regex(/^[a-f0-9]{12}$/, "An image id is 12 hex digits");
const uploadedName = /^uploads\/[a-f0-9]{12}$/;
export const isUploadedImage = (name: string) => uploadedName.test(name);
/** An encoded file's name: `<id>-<crop>-<width>.<format>`, or `<id>-whole.webp` (the editor's view of the whole picture). */
export const mediaFilePattern = /^[a-f0-9]{12}-([a-f0-9]{8}-[0-9]{1,4}\.(avif|webp)|whole\.webp)$/;
/** The whole picture, uncropped, small: where the editor places the focal point. */
export const wholePictureUrl = (id: string) => `${siteImagePaths.media}/${id}-whole.webp`;
export const WHOLE_PICTURE_WIDTH = 480;

/** The widths a picture is encoded at: the build's, none above its own (a narrow one: its own width only). */
export function encodedWidths(width: number): number[] {
  const widths = siteImageLimits.widths.filter((candidate) => candidate <= width);
  return widths.length > 0 ? widths : [width];
}

/** A point of the picture as fractions of its width and height from the top left (0.5, 0.5: the middle). */
const fraction = z.number().min(0, "From 0 to 1").max(1, "From 0 to 1");

/** What a page needs to show an uploaded picture: the build's image markup, and its alt text. */
export const siteMediaSchema = z.object({
  width: z.number().int(),
  height: z.number().int(),
  avif: z.string(),
  webp: z.string(),
  src: z.string(),
  alt: z.string(),
  decorative: z.boolean(),
});
export type SiteMedia = z.infer<typeof siteMediaSchema>;

export const siteImageSchema = siteMediaSchema.extend({
  id: z.string(),
  /** The name image fields take: `uploads/<id>`. */
  name: z.string(),
  fileName: z.string(),
  /** The upload's own size, before cropping. */
  originalWidth: z.number().int(),
  originalHeight: z.number().int(),
  /** The whole picture, small and uncropped (where the editor places the focal point). */
  whole: z.string(),
  focalX: z.number(),
  focalY: z.number(),
  uploadedAt: z.iso.datetime(),
  uploadedBy: z.string().nullable(),
});
export type SiteImage = z.infer<typeof siteImageSchema>;
export const siteImageListSchema = z.object({ images: z.array(siteImageSchema) });

/** The text fields of an upload (multipart) and of a change (JSON): alt text, decorative, focal point. */
export const siteImageDetailsSchema = z
  .object({
    alt: z.string().trim().max(siteImageLimits.altMax, `At most ${siteImageLimits.altMax} characters`),
    decorative: z.boolean(),
    focalX: fraction,
    focalY: fraction,
  })
  .strict();
export type SiteImageDetails = z.infer<typeof siteImageDetailsSchema>;
/**
 * PATCH …/images/{id}: the details to change, and `read`: what the admin's form showed of them. A
 * detail someone else changed since (it differs from `read` and from the change) is a 409, so that
 * of two admins on one picture neither loses an edit; details not named are left as they are.
 */
export const siteImageChangeSchema = siteImageDetailsSchema
  .partial()
  .extend({ read: siteImageDetailsSchema.partial().optional() })
  .strict();
export type SiteImageChange = z.infer<typeof siteImageChangeSchema>;
export const siteImageDetailKeys = [
  "alt",
  "decorative",
  "focalX",
  "focalY",
] as const satisfies readonly (keyof SiteImageDetails)[];

const detailNames: Record<keyof SiteImageDetails, string> = {
  alt: "alt text",
  decorative: "decorative mark",
  focalX: "focal point",
  focalY: "focal point",
};
/** Details in words: ["alt", "focalX", "focalY"] → "alt text and focal point". */
export const detailsInWords = (keys: readonly (keyof SiteImageDetails)[]) =>
  [...new Set(keys.map((key) => detailNames[key]))].join(" and ");

/** The details of a change that someone else changed since they were read (`current` differs from `read` and from the change). */
export function changedSince(change: SiteImageChange, current: SiteImageDetails): (keyof SiteImageDetails)[] {
  const { read } = change;
  if (!read) return [];
  return siteImageDetailKeys.filter(
    (key) =>
      change[key] !== undefined &&
      read[key] !== undefined &&
      current[key] !== read[key] &&
      current[key] !== change[key],
  );
}

/** Whether a picture may be published: alt text, or marked decorative (shown with alt=""). */
export const describedEnough = (image: Pick<SiteMedia, "alt" | "decorative">) =>
  image.decorative || image.alt.trim() !== "";

/** Every uploaded picture an item's fields name, with the field's path (`whoWeAre.image.name`), at any depth. */
export function uploadedImagesIn(value: unknown, path = ""): { name: string; path: string }[] {
  if (typeof value === "string") return isUploadedImage(value) ? [{ name: value, path }] : [];
  const join = (key: string | number) => (path === "" ? String(key) : `${path}.${key}`);
  if (Array.isArray(value)) return value.flatMap((entry, index) => uploadedImagesIn(entry, join(index)));
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([key, entry]) => uploadedImagesIn(entry, join(key)));
  }
  return [];
}
