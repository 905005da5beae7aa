import { Picture } from "~/components/ui/picture";
import { SectionHeading } from "../shared/section-heading.tsx";
import { IconBadge } from "./icon-badge.tsx";

export interface VisionPillarsProps {
  eyebrow: string;
  title: string;
  image: { name: string; alt: string };
  items: ReadonlyArray<{ icon: string; title: string; text: string }>;
}

/** A wide skyline picture with the three pillars set on a band that overlaps its lower edge. */
export function VisionPillars({ eyebrow, title, image, items }: VisionPillarsProps) {
  return (
    <section aria-labelledby="pillars-heading" className="mx-auto max-w-7xl px-4 pt-16 sm:px-6 sm:pt-20">
      <SectionHeading id="pillars-heading" eyebrow={eyebrow} title={title} />
      <div className="mt-10 overflow-hidden rounded-xl bg-steel-900 ring-1 ring-steel-200">
        <Picture
          name={image.name}
          alt={image.alt}
          sizes="(min-width: 1280px) 1232px, (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)"
          className="block h-auto w-full"
        />
      </div>
      <ul className="relative mx-auto grid gap-5 md:-mt-16 md:grid-cols-3 md:px-6 lg:px-10 max-md:mt-6">
        {items.map((item) => (
          <li key={item.title} className="rounded-xl border border-steel-200 bg-white p-6 shadow-lg shadow-steel-900/5">
            <IconBadge icon={item.icon} />
            <h3 className="mt-4 text-lg font-bold text-steel-950">{item.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-steel-600">{item.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
