import { SectionHeading } from "../shared/section-heading.tsx";
import { IconBadge } from "./icon-badge.tsx";

export interface CoreValuesProps {
  eyebrow: string;
  title: string;
  items: ReadonlyArray<{ icon: string; title: string; text: string }>;
}

export function CoreValues({ eyebrow, title, items }: CoreValuesProps) {
  return (
    <section aria-labelledby="values-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
      <SectionHeading id="values-heading" eyebrow={eyebrow} title={title} align="center" />
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((item) => (
          <li
            key={item.title}
            className="rounded-xl border border-steel-200 border-t-4 border-t-accent-500 bg-white p-6"
          >
            <IconBadge icon={item.icon} />
            <h3 className="mt-5 text-lg leading-snug font-bold text-steel-950">{item.title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-steel-600">{item.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
