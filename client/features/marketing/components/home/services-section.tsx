import { ArrowRight, Check, ChevronDown } from "lucide-react";
import { useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Picture } from "~/components/ui/picture";
import { useSiteCollection } from "~/lib/site-content";
import { homeContent, type Service } from "../../lib/home-content.ts";
import { SectionHeader } from "./section-header.tsx";
import { container, darkButton, outlineButton, sectionY } from "./styles.ts";

/** The services block (SPEC §2, §4): the first two services, expandable to all six and back. */
export function ServicesSection() {
  const copy = homeContent.services;
  const services = useSiteCollection("services");
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  const toggle = () => {
    const collapsing = expanded;
    setExpanded(!expanded);
    // Collapsing pulls the button up the page; keep it (and the focus) in view.
    if (collapsing) requestAnimationFrame(() => toggleRef.current?.scrollIntoView({ block: "nearest" }));
  };

  return (
    <section id="services-section" className={`bg-steel-50 ${sectionY}`}>
      <div className={container}>
        <SectionHeader eyebrow={copy.eyebrow} title={copy.title} lead={copy.lead} />
        <ul id={listId} className="mt-10 grid gap-6 md:grid-cols-2 lg:gap-8">
          {services.map((service, i) => (
            <li key={service.id} hidden={!expanded && i >= copy.initialCount}>
              <ServiceCard service={service} featuresShown={copy.featuresShown} />
            </li>
          ))}
        </ul>
        <div className="mt-10 flex flex-col gap-3 sm:flex-row sm:justify-center">
          <button
            ref={toggleRef}
            type="button"
            aria-expanded={expanded}
            aria-controls={listId}
            onClick={toggle}
            className={outlineButton}
          >
            {expanded ? copy.lessLabel : copy.moreLabel}
            <ChevronDown
              aria-hidden="true"
              size={18}
              className={`transition-transform ${expanded ? "rotate-180" : ""}`}
            />
          </button>
          <Link to="/services" className={darkButton}>
            {copy.cta}
            <ArrowRight aria-hidden="true" size={18} />
          </Link>
        </div>
      </div>
    </section>
  );
}

function ServiceCard({ service, featuresShown }: { service: Service; featuresShown: number }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-steel-200">
      <Picture
        name={service.image}
        alt=""
        sizes="(min-width: 1280px) 600px, (min-width: 768px) calc(50vw - 36px), calc(100vw - 32px)"
        className="aspect-[16/9] h-auto w-full bg-steel-100 object-cover"
      />
      <div className="flex flex-1 flex-col border-t-4 border-accent-500 p-6 sm:p-7">
        <h3 className="text-xl font-bold text-steel-950">{service.title}</h3>
        <p className="mt-3 leading-relaxed text-steel-600">{service.summary}</p>
        <ul className="mt-5 space-y-2 text-sm text-steel-700">
          {service.features.slice(0, featuresShown).map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check aria-hidden="true" size={16} className="mt-0.5 shrink-0 text-accent-600" />
              {feature}
            </li>
          ))}
        </ul>
      </div>
    </article>
  );
}
