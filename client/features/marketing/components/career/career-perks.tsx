import { Globe, GraduationCap, HeartPulse, type LucideIcon, TrendingUp } from "lucide-react";
import { SectionHeading } from "../shared/section-heading.tsx";

const icons: Record<string, LucideIcon> = {
  globe: Globe,
  "graduation-cap": GraduationCap,
  "heart-pulse": HeartPulse,
  "trending-up": TrendingUp,
};

export interface CareerPerksProps {
  title: string;
  items: ReadonlyArray<{ icon: string; title: string; text: string }>;
}

export function CareerPerks({ title, items }: CareerPerksProps) {
  return (
    <section aria-labelledby="perks-heading" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
      <SectionHeading id="perks-heading" title={title} />
      <ul className="mt-10 grid gap-x-8 gap-y-8 sm:grid-cols-2 lg:grid-cols-4">
        {items.map((item) => {
          const Icon = icons[item.icon];
          return (
            <li key={item.title} className="flex gap-4 lg:block">
              <span
                aria-hidden="true"
                className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-accent-50 text-accent-700"
              >
                {Icon && <Icon size={22} />}
              </span>
              <div>
                <h3 className="text-lg font-bold text-steel-950 lg:mt-4">{item.title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-steel-600 lg:mt-2">{item.text}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
