import { useState } from "react";
import { useSiteCollection } from "~/lib/site-content";
import page from "../../../../../content/gallery-page.json";
import { PageBanner } from "../shared/page-banner.tsx";
import { GalleryCarousel } from "./gallery-carousel.tsx";
import { CardLayout, FlexboxLayout, GridLayout, MasonryLayout } from "./gallery-layouts.tsx";
import { DEFAULT_LAYOUT, type GalleryLayout } from "./gallery-types.ts";
import { LayoutSwitcher } from "./layout-switcher.tsx";

export function GalleryPage() {
  const images = useSiteCollection("gallery");
  const [layout, setLayout] = useState<GalleryLayout>(DEFAULT_LAYOUT);
  return (
    <main id="main">
      <PageBanner {...page.banner} />
      <section aria-labelledby="gallery-heading" className="mx-auto max-w-7xl px-4 py-10 sm:px-6 sm:py-14">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="gallery-heading" className="text-xl font-extrabold tracking-tight text-steel-950 sm:text-2xl">
            {page.title}
          </h2>
          <LayoutSwitcher label={page.layoutLabel} names={page.layouts} value={layout} onChange={setLayout} />
        </div>
        <div className="mt-8">
          {layout === "grid" && <GridLayout images={images} />}
          {layout === "masonry" && <MasonryLayout images={images} />}
          {layout === "card" && <CardLayout images={images} />}
          {layout === "flexbox" && <FlexboxLayout images={images} />}
          {layout === "carousel" && <GalleryCarousel images={images} labels={page.carousel} />}
        </div>
      </section>
    </main>
  );
}
