import { Picture } from "~/components/ui/picture";
import { SectionHeading } from "../shared/section-heading.tsx";

export interface TechnologyMasteryProps {
  eyebrow: string;
  title: string;
  intro: string;
  image: { name: string; alt: string };
  tools: ReadonlyArray<{ name: string; text: string }>;
}

export function TechnologyMastery({ eyebrow, title, intro, image, tools }: TechnologyMasteryProps) {
  return (
    <section aria-labelledby="technology-heading" className="bg-steel-50">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:gap-16">
        <div className="lg:order-2">
          <SectionHeading id="technology-heading" eyebrow={eyebrow} title={title} intro={intro} />
          <ul className="mt-8 space-y-4">
            {tools.map((tool) => (
              <li key={tool.name} className="rounded-xl border border-steel-200 bg-white p-5 sm:p-6">
                <h3 className="flex items-center gap-3 text-lg font-bold text-steel-950">
                  <span aria-hidden="true" className="h-3 w-3 rotate-45 bg-accent-500" />
                  {tool.name}
                </h3>
                <p className="mt-2 leading-relaxed text-steel-600">{tool.text}</p>
              </li>
            ))}
          </ul>
        </div>
        <div className="aspect-[3/2] overflow-hidden rounded-xl bg-steel-100 ring-1 ring-steel-200">
          <Picture
            name={image.name}
            alt={image.alt}
            sizes="(min-width: 1280px) 584px, (min-width: 1024px) calc(50vw - 56px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)"
            className="h-full w-full object-cover"
          />
        </div>
      </div>
    </section>
  );
}
