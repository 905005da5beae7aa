import { homeContent } from "../../lib/home-content.ts";
import { LogoImage } from "./logo-image.tsx";
import { container } from "./styles.ts";

/** "Powered By": the two modeling packages the team works in. */
export function PoweredBySection() {
  const { poweredBy } = homeContent;
  return (
    <section className="border-y border-steel-200 bg-white py-12 sm:py-14">
      <div
        className={`${container} flex flex-col items-center gap-8 text-center lg:flex-row lg:justify-between lg:text-left`}
      >
        <div className="max-w-xl">
          <h2 className="text-xs font-bold tracking-[0.16em] text-accent-700 uppercase sm:text-sm">
            {poweredBy.title}
          </h2>
          <p className="mt-3 text-lg leading-relaxed text-steel-700">{poweredBy.lead}</p>
        </div>
        <ul className="flex flex-wrap items-center justify-center gap-x-12 gap-y-6 sm:gap-x-16">
          {poweredBy.logos.map((logo) => (
            <li key={logo.file}>
              <LogoImage logo={logo} className="h-14 w-auto sm:h-16" />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
