import images from "virtual:content-images";

export interface GalleryImage {
  id: string;
  url: string;
  alt: string;
  caption: string;
}

/** The layouts in switcher order; grid is the default (SPEC §4). */
export const GALLERY_LAYOUTS = ["grid", "masonry", "card", "flexbox", "carousel"] as const;
export type GalleryLayout = (typeof GALLERY_LAYOUTS)[number];
export const DEFAULT_LAYOUT: GalleryLayout = "grid";

/** Width over height of a content image, from the build-time manifest (3:2 if unknown). */
export function aspectRatio(name: string): number {
  const image = images[name];
  return image ? image.width / image.height : 1.5;
}
