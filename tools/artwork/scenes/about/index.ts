import { ogImage } from "./og-image.ts";
import { team } from "./team.ts";
import { technology } from "./technology.ts";
import { vision } from "./vision.ts";

export const about: Record<string, () => string> = {
  "content/images/about/team.svg": team,
  "content/images/about/technology.svg": technology,
  "content/images/about/vision.svg": vision,
  "content/images/og/og-image.svg": ogImage,
};
