import { homeContent } from "../../lib/home-content.ts";
import { LogoImage } from "./logo-image.tsx";
import { SectionHeader } from "./section-header.tsx";
import { container } from "./styles.ts";

/** Partner logos: fabricators, erectors and builders the company works for. */
export function PartnersSection() {
  const { partners } = homeContent;
  return (
    <section className="bg-white py-16 sm:py-20">
      <div className={container}>
        <SectionHeader eyebrow={partners.eyebrow} title={partners.title} align="center" />
        <ul className="mt-10 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {partners.logos.map((logo) => (
            <li
              key={logo.file}
              className="flex h-24 items-center justify-center rounded-lg border border-steel-200 bg-steel-50/60 px-4"
            >
              <LogoImage logo={logo} className="h-auto max-h-14 w-full max-w-40" />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
