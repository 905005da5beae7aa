import { gallery04 } from "./clash-detection.ts";
import { gallery02, gallery06, gallery08 } from "./construction.ts";
import { gallery01, gallery05, gallery07 } from "./details.ts";
import { gallery03, gallery09, gallery10 } from "./drawings.ts";

export const gallery: Record<string, () => string> = {
  "content/images/gallery/01.svg": gallery01,
  "content/images/gallery/02.svg": gallery02,
  "content/images/gallery/03.svg": gallery03,
  "content/images/gallery/04.svg": gallery04,
  "content/images/gallery/05.svg": gallery05,
  "content/images/gallery/06.svg": gallery06,
  "content/images/gallery/07.svg": gallery07,
  "content/images/gallery/08.svg": gallery08,
  "content/images/gallery/09.svg": gallery09,
  "content/images/gallery/10.svg": gallery10,
};
