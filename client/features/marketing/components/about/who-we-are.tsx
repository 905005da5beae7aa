import { Picture } from "~/components/ui/picture";
import { SectionHeading } from "../shared/section-heading.tsx";

export interface WhoWeAreProps {
  eyebrow: string;
  title: string;
  paragraphs: string[];
  image: { name: string; alt: string };
  facts: ReadonlyArray<{ value: string; label: string }>;
}

export function WhoWeAre({ eyebrow, title, paragraphs, image, facts }: WhoWeAreProps) {
  return (
    <section aria-labelledby="who-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
      <div className="grid items-center gap-10 lg:grid-cols-2 lg:gap-16">
        <div>
          <SectionHeading id="who-heading" eyebrow={eyebrow} title={title} />
          {paragraphs.map((text) => (
            <p key={text.slice(0, 32)} className="mt-5 leading-relaxed text-steel-600">
              {text}
            </p>
          ))}
          <dl className="mt-10 grid grid-cols-3 gap-4 border-t border-steel-200 pt-8">
            {facts.map((fact) => (
              <div key={fact.label} className="flex flex-col-reverse">
                <dt className="mt-1 text-xs leading-snug text-steel-600 sm:text-sm">{fact.label}</dt>
                <dd className="text-3xl font-extrabold tracking-tight text-steel-950 sm:text-4xl">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="relative">
          <div
            aria-hidden="true"
            className="absolute -top-3 -left-3 h-24 w-24 border-t-4 border-l-4 border-accent-500"
          />
          <div className="relative aspect-[3/2] overflow-hidden rounded-xl bg-steel-100 ring-1 ring-steel-200">
            <Picture
              name={image.name}
              alt={image.alt}
              sizes="(min-width: 1280px) 584px, (min-width: 1024px) calc(50vw - 56px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)"
              className="h-full w-full object-cover"
            />
          </div>
        </div>
      </div>
    </section>
  );
}
