import { SectionHeading } from "../shared/section-heading.tsx";
import { IconBadge } from "./icon-badge.tsx";

export interface IndustriesProps {
  eyebrow: string;
  title: string;
  intro: string;
  items: ReadonlyArray<{ icon: string; title: string; text: string }>;
}

export function Industries({ eyebrow, title, intro, items }: IndustriesProps) {
  return (
    <section aria-labelledby="industries-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
      <SectionHeading id="industries-heading" eyebrow={eyebrow} title={title} intro={intro} />
      <ul className="mt-10 grid gap-6 md:grid-cols-3">
        {items.map((item) => (
          <li
            key={item.title}
            className="rounded-xl border border-steel-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
          >
            <IconBadge icon={item.icon} />
            <h3 className="mt-5 text-lg font-bold text-steel-950">{item.title}</h3>
            <p className="mt-2 leading-relaxed text-steel-600">{item.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
