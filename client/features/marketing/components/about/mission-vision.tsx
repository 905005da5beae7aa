import { IconBadge } from "./icon-badge.tsx";

export interface MissionVisionProps {
  title: string;
  items: ReadonlyArray<{ icon: string; title: string; text: string }>;
}

export function MissionVision({ title, items }: MissionVisionProps) {
  return (
    <section aria-labelledby="mission-heading" className="bg-steel-950">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <h2 id="mission-heading" className="sr-only">
          {title}
        </h2>
        <div className="grid gap-6 md:grid-cols-2">
          {items.map((item) => (
            <article key={item.title} className="rounded-xl border border-steel-800 bg-steel-900 p-6 sm:p-8">
              <IconBadge icon={item.icon} tone="dark" />
              <h3 className="mt-5 text-xl font-bold text-white sm:text-2xl">{item.title}</h3>
              <p className="mt-3 text-base leading-relaxed text-steel-300 sm:text-lg">{item.text}</p>
            </article>
          ))}
        </div>
      </div>
    </section>
  );
}
