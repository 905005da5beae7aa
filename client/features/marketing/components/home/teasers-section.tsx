import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Picture } from "~/components/ui/picture";
import { homeContent, type Teaser } from "../../lib/home-content.ts";
import { SectionHeader } from "./section-header.tsx";
import { container, darkButton, primaryButton, sectionY } from "./styles.ts";

/** Career and quote teasers; the career one is the landing page's career-section. */
export function TeasersSection() {
  const { teasers } = homeContent;
  return (
    <section className={`bg-steel-50 ${sectionY}`}>
      <div className={container}>
        <SectionHeader eyebrow={teasers.eyebrow} title={teasers.title} />
        <div className="mt-10 grid gap-6 md:grid-cols-2 lg:gap-8">
          <TeaserCard id="career-section" teaser={teasers.career} to="/career" buttonClass={darkButton} />
          <TeaserCard teaser={teasers.quote} to="/contactus" buttonClass={primaryButton} />
        </div>
      </div>
    </section>
  );
}

interface TeaserCardProps {
  id?: string;
  teaser: Teaser;
  to: string;
  buttonClass: string;
}

function TeaserCard({ id, teaser, to, buttonClass }: TeaserCardProps) {
  return (
    <article id={id} className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-steel-200">
      <Picture
        name={teaser.image.name}
        alt={teaser.image.alt}
        sizes="(min-width: 1280px) 600px, (min-width: 768px) calc(50vw - 36px), calc(100vw - 32px)"
        className="aspect-[16/9] h-auto w-full bg-steel-100 object-cover lg:aspect-[2/1]"
      />
      <div className="flex flex-1 flex-col p-6 sm:p-8">
        <h3 className="text-2xl font-bold tracking-tight text-steel-950">{teaser.title}</h3>
        <p className="mt-3 leading-relaxed text-steel-600">{teaser.text}</p>
        <div className="mt-auto pt-7">
          <Link to={to} className={buttonClass}>
            {teaser.cta}
            <ArrowRight aria-hidden="true" size={18} />
          </Link>
        </div>
      </div>
    </article>
  );
}
