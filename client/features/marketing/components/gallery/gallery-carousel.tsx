import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, useId, useState } from "react";
import { Picture } from "~/components/ui/picture";
import { fill } from "../shared/format.ts";
import type { GalleryImage } from "./gallery-types.ts";
import { wrapIndex } from "./wrap-index.ts";

export interface CarouselLabels {
  label: string;
  previous: string;
  next: string;
  goTo: string;
  position: string;
}

export interface GalleryCarouselProps {
  images: readonly GalleryImage[];
  labels: CarouselLabels;
}

/**
 * One picture at a time with previous/next buttons, dots and arrow keys. No autoplay; the slide
 * transition is dropped for visitors who prefer reduced motion.
 */
export function GalleryCarousel({ images, labels }: GalleryCarouselProps) {
  const [index, setIndex] = useState(0);
  const trackId = useId();
  const total = images.length;
  const go = (next: number) => setIndex(wrapIndex(next, total));
  const current = images[index];

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowLeft: index - 1, ArrowRight: index + 1, Home: 0, End: total - 1 };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    go(next);
  };

  const arrow =
    "absolute top-1/2 z-10 inline-flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/95 text-steel-900 shadow-lg transition-colors hover:bg-white hover:text-accent-700 sm:h-12 sm:w-12";

  return (
    <section
      aria-roledescription="carousel"
      aria-label={labels.label}
      onKeyDown={onKeyDown}
      className="mx-auto max-w-5xl"
    >
      <div className="relative overflow-hidden rounded-xl bg-steel-950">
        <div
          id={trackId}
          className="flex transition-transform duration-500 ease-out motion-reduce:transition-none"
          style={{ transform: `translateX(-${index * 100}%)` }}
        >
          {images.map((image, i) => (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel pattern names each slide as a group.
            <div
              key={image.id}
              role="group"
              aria-roledescription="slide"
              aria-label={fill(labels.position, { index: i + 1, total })}
              aria-hidden={i !== index}
              inert={i !== index}
              className="w-full shrink-0"
            >
              <div className="aspect-square sm:aspect-[16/10]">
                <Picture
                  name={image.url}
                  alt={image.alt}
                  sizes="(min-width: 1072px) 1024px, calc(100vw - 32px)"
                  className="h-full w-full object-contain"
                />
              </div>
            </div>
          ))}
        </div>
        <button
          type="button"
          aria-controls={trackId}
          aria-label={labels.previous}
          onClick={() => go(index - 1)}
          className={`${arrow} left-3`}
        >
          <ChevronLeft aria-hidden="true" size={24} />
        </button>
        <button
          type="button"
          aria-controls={trackId}
          aria-label={labels.next}
          onClick={() => go(index + 1)}
          className={`${arrow} right-3`}
        >
          <ChevronRight aria-hidden="true" size={24} />
        </button>
      </div>

      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p aria-live="polite" aria-atomic="true" className="text-sm text-steel-700">
          <span className="font-mono font-semibold text-accent-700">
            {String(index + 1).padStart(2, "0")} / {String(total).padStart(2, "0")}
          </span>
          <span className="ml-3 font-semibold text-steel-900">{current?.caption}</span>
        </p>
        <div className="flex flex-wrap gap-0.5">
          {images.map((image, i) => (
            <button
              key={image.id}
              type="button"
              aria-label={fill(labels.goTo, { index: i + 1 })}
              aria-current={i === index ? "true" : undefined}
              aria-controls={trackId}
              onClick={() => go(i)}
              className="group inline-flex h-7 w-7 items-center justify-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={`block h-2.5 rounded-full transition-all ${
                  i === index ? "w-6 bg-accent-600" : "w-2.5 bg-steel-300 group-hover:bg-steel-500"
                }`}
              />
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
