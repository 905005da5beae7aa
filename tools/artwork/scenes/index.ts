import { about } from "./about.ts";
import { gallery } from "./gallery.ts";
import { heroSteelFrame } from "./hero.ts";
import { home } from "./home.ts";
import { favicon, logos } from "./logos.ts";
import { projects } from "./projects.ts";
import { services } from "./services.ts";

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
