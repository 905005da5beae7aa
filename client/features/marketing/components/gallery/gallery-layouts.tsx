import type { CSSProperties } from "react";
import { Picture } from "~/components/ui/picture";
import { aspectRatio, type GalleryImage } from "./gallery-types.ts";

interface LayoutProps {
  images: readonly GalleryImage[];
}

const tile = "overflow-hidden rounded-lg bg-steel-100 ring-1 ring-steel-200";
/** The first pictures are on screen when the page opens (on a phone, the first row): fetch them first. */
const ABOVE_THE_FOLD = 2;

/** Uniform square-ish tiles: 2, 3, then 5 across. */
export function GridLayout({ images }: LayoutProps) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-5">
      {images.map((image, index) => (
        <li key={image.id} className={`aspect-square ${tile}`}>
          <Picture
            name={image.url}
            alt={image.alt}
            priority={index < ABOVE_THE_FOLD}
            sizes="(min-width: 1280px) 234px, (min-width: 1024px) calc((100vw - 112px) / 5), (min-width: 768px) calc((100vw - 80px) / 3), calc((100vw - 44px) / 2)"
            className="h-full w-full object-cover"
          />
        </li>
      ))}
    </ul>
  );
}

/** CSS columns: each picture keeps its own proportions, so portraits and landscapes interlock. */
export function MasonryLayout({ images }: LayoutProps) {
  return (
    <ul className="columns-2 gap-3 sm:gap-4 md:columns-3 lg:columns-4">
      {images.map((image, index) => (
        <li key={image.id} className={`mb-3 break-inside-avoid sm:mb-4 ${tile}`}>
          <Picture
            name={image.url}
            alt={image.alt}
            priority={index < ABOVE_THE_FOLD}
            sizes="(min-width: 1280px) 296px, (min-width: 1024px) calc((100vw - 96px) / 4), (min-width: 768px) calc((100vw - 80px) / 3), calc((100vw - 44px) / 2)"
            className="block h-auto w-full"
          />
        </li>
      ))}
    </ul>
  );
}

/** Captioned cards. */
export function CardLayout({ images }: LayoutProps) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {images.map((image, index) => (
        <li key={image.id}>
          <figure className="h-full overflow-hidden rounded-xl border border-steel-200 bg-white shadow-sm">
            <div className="aspect-[3/2] bg-steel-100">
              <Picture
                name={image.url}
                alt={image.alt}
                priority={index < ABOVE_THE_FOLD}
                sizes="(min-width: 1280px) 395px, (min-width: 1024px) calc((100vw - 112px) / 3), (min-width: 640px) calc((100vw - 72px) / 2), calc(100vw - 32px)"
                className="h-full w-full object-cover"
              />
            </div>
            <figcaption className="flex items-baseline gap-3 p-4 sm:p-5">
              <span className="font-mono text-sm font-semibold text-accent-700">
                {String(index + 1).padStart(2, "0")}
              </span>
              <span className="font-semibold text-steel-900">{image.caption}</span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

/**
 * Justified rows with flexbox: each item grows in proportion to its aspect ratio, so every picture in a
 * row ends up the same height; the list's ::after soaks up the last row's spare space.
 */
export function FlexboxLayout({ images }: LayoutProps) {
  return (
    <ul className="flex flex-wrap gap-3 [--row-h:120px] after:grow-[999] after:content-[''] sm:gap-4 sm:[--row-h:180px] lg:[--row-h:230px]">
      {images.map((image, index) => {
        const ratio = aspectRatio(image.url);
        const style: CSSProperties = { flex: `${ratio} 1 calc(${ratio} * var(--row-h))` };
        return (
          <li key={image.id} style={style} className={tile}>
            <div style={{ aspectRatio: ratio }}>
              <Picture
                name={image.url}
                alt={image.alt}
                priority={index < ABOVE_THE_FOLD}
                sizes="(min-width: 1024px) 480px, (min-width: 640px) 50vw, 100vw"
                className="h-full w-full object-cover"
              />
            </div>
          </li>
        );
      })}
    </ul>
  );
}
