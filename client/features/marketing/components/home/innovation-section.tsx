import { ArrowRight, CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { Picture } from "~/components/ui/picture";
import { homeContent } from "../../lib/home-content.ts";
import { SectionHeader } from "./section-header.tsx";
import { container, sectionY } from "./styles.ts";

/** "Driven by Innovation": who the company is (the landing page's about-section). */
export function InnovationSection() {
  const { innovation } = homeContent;
  return (
    <section id="about-section" className={`bg-white ${sectionY}`}>
      <div className={`${container} grid items-center gap-12 lg:grid-cols-2 lg:gap-16`}>
        <div className="relative lg:order-last">
          {/* An offset orange frame, like a highlighted member in a model view. */}
          <div
            aria-hidden="true"
            className="absolute -right-2 -bottom-2 h-2/3 w-2/3 rounded-xl border-2 border-accent-500 sm:-right-3 sm:-bottom-3"
          />
          <Picture
            name={innovation.image.name}
            alt={innovation.image.alt}
            sizes="(min-width: 1280px) 592px, (min-width: 1024px) calc(50vw - 56px), calc(100vw - 48px)"
            className="relative aspect-[4/3] h-auto w-full rounded-xl object-cover shadow-lg ring-1 ring-steel-200"
          />
        </div>
        <div>
          <SectionHeader eyebrow={innovation.eyebrow} title={innovation.title} />
          {innovation.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 32)} className="mt-5 text-base leading-relaxed text-steel-600 sm:text-lg">
              {paragraph}
            </p>
          ))}
          <ul className="mt-7 space-y-3">
            {innovation.points.map((point) => (
              <li key={point} className="flex items-start gap-3 font-medium text-steel-800">
                <CircleCheck aria-hidden="true" size={20} className="mt-0.5 shrink-0 text-accent-600" />
                {point}
              </li>
            ))}
          </ul>
          <Link
            to="/services"
            className="group mt-8 inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-accent-700 hover:text-accent-600"
          >
            {innovation.cta}
            <span className="sr-only"> {innovation.ctaContext}</span>
            <ArrowRight aria-hidden="true" size={18} className="transition-transform group-hover:translate-x-1" />
          </Link>
        </div>
      </div>
    </section>
  );
}
