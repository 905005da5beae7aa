import { ArrowRight, Check } from "lucide-react";
import { Link } from "react-router";
import { Picture } from "~/components/ui/picture";
import { homeContent } from "../../lib/home-content.ts";
import { container, outlineOnDarkButton, primaryButton } from "./styles.ts";

/** The first screen: the page's only h1, the LCP image and the two main calls to action. */
export function HeroSection() {
  const { hero } = homeContent;
  return (
    <section id="home-section" className="relative isolate overflow-hidden bg-steel-950">
      <Picture
        name={hero.image.name}
        alt={hero.image.alt}
        sizes="100vw"
        priority
        className="absolute inset-0 -z-20 h-full w-full object-cover"
      />
      {/* Darkens the photo enough for white text to keep its contrast wherever it sits. */}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-linear-to-t from-steel-950 via-steel-950/85 to-steel-950/55 lg:bg-linear-to-r lg:from-steel-950 lg:via-steel-950/80 lg:to-steel-950/25"
      />
      <div className={`${container} py-20 sm:py-28 lg:py-36`}>
        <div className="max-w-3xl">
          <p className="flex items-center gap-3 text-xs font-bold tracking-[0.16em] text-accent-400 uppercase sm:text-sm">
            <span aria-hidden="true" className="h-0.5 w-8 bg-accent-500" />
            {hero.eyebrow}
          </p>
          <h1 className="mt-5 text-4xl leading-[1.08] font-extrabold tracking-tight text-balance text-white sm:text-5xl lg:text-6xl">
            {hero.title}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-steel-200 sm:text-xl">{hero.lead}</p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row">
            <Link to="/contactus" className={primaryButton}>
              {hero.primaryCta}
              <ArrowRight aria-hidden="true" size={18} />
            </Link>
            <Link to="/projects" className={outlineOnDarkButton}>
              {hero.secondaryCta}
            </Link>
          </div>
          <ul className="mt-10 grid gap-3 border-t border-white/15 pt-6 text-sm text-steel-200 sm:grid-cols-3 sm:gap-6">
            {hero.highlights.map((highlight) => (
              <li key={highlight} className="flex items-start gap-2">
                <Check aria-hidden="true" size={18} className="mt-px shrink-0 text-accent-400" />
                {highlight}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
