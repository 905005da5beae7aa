import { about } from "./about/index.ts";
import { gallery } from "./gallery/index.ts";
import { heroSteelFrame } from "./hero.ts";
import { home } from "./home.ts";
import { favicon, logos } from "./logos.ts";
import { projects } from "./projects/index.ts";
import { services } from "./services/index.ts";

/** Every generated file, by path relative to the repository root. */
export const artworks: Record<string, () => string> = {
  "content/images/hero/steel-frame.svg": heroSteelFrame,
  ...home,
  ...services,
  ...projects,
  ...gallery,
  ...about,
  ...logos,
  "client/public/favicon.svg": favicon,
};
