import { Check } from "lucide-react";
import { Picture } from "~/components/ui/picture";
import { RichText } from "../shared/rich-text.tsx";

export interface Service {
  id: string;
  title: string;
  summary: string;
  description: string;
  image: string;
  features: string[];
}

export interface ServiceSectionProps {
  service: Service;
  index: number;
  total: number;
  featuresLabel: string;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** One service: picture on one side, copy and the feature list on the other (sides alternate on wide screens). */
export function ServiceSection({ service, index, total, featuresLabel }: ServiceSectionProps) {
  const headingId = `${service.id}-heading`;
  const flipped = index % 2 === 1;
  return (
    <section
      id={service.id}
      aria-labelledby={headingId}
      className="grid scroll-mt-20 items-center gap-8 py-14 sm:py-16 lg:grid-cols-2 lg:gap-16 lg:py-20"
    >
      <div className={`relative ${flipped ? "lg:order-2" : ""}`}>
        <div
          aria-hidden="true"
          className={`absolute -bottom-2 h-full w-full rounded-xl border-2 border-accent-500/60 sm:-bottom-3 ${flipped ? "-left-2 sm:-left-3" : "-right-2 sm:-right-3"}`}
        />
        <div className="relative aspect-[3/2] overflow-hidden rounded-xl bg-steel-100 ring-1 ring-steel-200">
          <Picture
            name={service.image}
            alt=""
            sizes="(min-width: 1280px) 584px, (min-width: 1024px) calc(50vw - 56px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)"
            className="h-full w-full object-cover"
          />
        </div>
      </div>

      <div>
        <p className="font-mono text-sm font-semibold text-accent-700">
          {pad(index + 1)} <span className="text-steel-500">/ {pad(total)}</span>
        </p>
        <h2 id={headingId} className="mt-2 text-2xl font-extrabold tracking-tight text-steel-950 sm:text-3xl">
          {service.title}
        </h2>
        <p className="mt-4 text-lg leading-relaxed font-medium text-steel-800">{service.summary}</p>
        <RichText markdown={service.description} className="mt-4 leading-relaxed text-steel-600" />
        <h3 className="mt-8 text-xs font-bold tracking-[0.2em] text-steel-500 uppercase">{featuresLabel}</h3>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {service.features.map((feature) => (
            <li key={feature} className="flex gap-3 text-sm leading-relaxed text-steel-700">
              <span className="mt-0.5 inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-accent-100 text-accent-700">
                <Check aria-hidden="true" size={13} strokeWidth={3} />
              </span>
              {feature}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
