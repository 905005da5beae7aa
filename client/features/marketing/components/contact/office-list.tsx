import { MapPin } from "lucide-react";
import { SectionHeading } from "../shared/section-heading.tsx";

export interface OfficeListProps {
  title: string;
  intro: string;
  offices: ReadonlyArray<{ id: string; label: string; lines: string[] }>;
}

export function OfficeList({ title, intro, offices }: OfficeListProps) {
  return (
    <section aria-labelledby="offices-heading">
      <SectionHeading id="offices-heading" title={title} intro={intro} />
      <ul className="mt-8 grid gap-5 md:grid-cols-2 lg:grid-cols-1">
        {offices.map((office) => (
          <li key={office.id} className="relative overflow-hidden rounded-xl bg-steel-900 p-6 text-white sm:p-8">
            <div
              aria-hidden="true"
              className="absolute inset-0"
              style={{
                backgroundImage:
                  "linear-gradient(to right, rgb(255 255 255 / 0.05) 1px, transparent 1px), linear-gradient(to bottom, rgb(255 255 255 / 0.05) 1px, transparent 1px)",
                backgroundSize: "24px 24px",
              }}
            />
            <div className="relative flex gap-4">
              <MapPin aria-hidden="true" size={24} className="mt-0.5 shrink-0 text-accent-400" />
              <div>
                <h3 className="text-lg font-bold">{office.label}</h3>
                <address className="mt-2 leading-relaxed text-steel-300 not-italic">
                  {office.lines.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </address>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
