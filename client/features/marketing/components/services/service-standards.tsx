import { SectionHeading } from "../shared/section-heading.tsx";

export interface ServiceStandardsProps {
  title: string;
  intro: string;
  items: ReadonlyArray<{ code: string; region: string }>;
}

/** The design codes we detail to, by region. */
export function ServiceStandards({ title, intro, items }: ServiceStandardsProps) {
  return (
    <section aria-labelledby="standards-heading" className="bg-steel-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[2fr_3fr] lg:items-center">
        <SectionHeading id="standards-heading" title={title} intro={intro} />
        <ul className="grid gap-4 sm:grid-cols-2">
          {items.map((item) => (
            <li
              key={item.code}
              className="rounded-xl border border-steel-200 border-l-4 border-l-accent-500 bg-white p-5"
            >
              <p className="font-mono text-lg font-bold text-steel-950">{item.code}</p>
              <p className="mt-1 text-sm text-steel-600">{item.region}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
