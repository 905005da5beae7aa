import { CircleCheck } from "lucide-react";
import { SectionHeading } from "../shared/section-heading.tsx";

export interface BenefitsProps {
  eyebrow: string;
  title: string;
  items: string[];
}

export function Benefits({ eyebrow, title, items }: BenefitsProps) {
  return (
    <section aria-labelledby="benefits-heading" className="bg-steel-900">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-[2fr_3fr]">
        <SectionHeading id="benefits-heading" eyebrow={eyebrow} title={title} tone="dark" />
        <ul className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
          {items.map((item) => (
            <li key={item} className="flex gap-3 leading-relaxed text-steel-200">
              <CircleCheck aria-hidden="true" size={22} className="mt-0.5 shrink-0 text-accent-400" />
              {item}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
