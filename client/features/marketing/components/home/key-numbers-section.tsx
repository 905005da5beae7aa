import { useSiteCollection } from "~/lib/site-content";
import { useCountUp } from "../../hooks/use-count-up.ts";
import { homeContent } from "../../lib/home-content.ts";
import { SectionHeader } from "./section-header.tsx";
import { blueprintGrid, container, sectionY } from "./styles.ts";

/** A figure space is as wide as a tabular digit. */
const FIGURE_SPACE = "\u2007";
const padToWidthOf = (value: number, target: number) => String(value).padStart(String(target).length, FIGURE_SPACE);

/** Key Numbers (SPEC §2, §9): counters that count up once, when the block scrolls into view. */
export function KeyNumbersSection() {
  const { keyNumbers } = homeContent;
  const items = useSiteCollection("keyNumbers");
  const { ref, values } = useCountUp<HTMLDListElement>(items.map((item) => item.value));
  return (
    <section className={`bg-steel-950 ${sectionY}`} style={blueprintGrid}>
      <div className={container}>
        <SectionHeader eyebrow={keyNumbers.eyebrow} title={keyNumbers.title} tone="dark" align="center" />
        <dl ref={ref} className="mt-12 grid grid-cols-2 gap-x-6 gap-y-10 lg:grid-cols-4">
          {items.map((item, i) => (
            <div key={item.label} className="flex flex-col-reverse items-center justify-end text-center">
              <dt className="mt-3 text-sm font-semibold tracking-wide text-steel-300 uppercase sm:text-base">
                {item.label}
              </dt>
              <dd className="relative pb-4 text-5xl font-extrabold text-white tabular-nums sm:text-6xl">
                {/* Always as many tabular digits as the final figure: counting never moves the layout. */}
                <span
                  aria-hidden="true"
                  className="inline-block whitespace-pre"
                  style={{ minWidth: `${String(item.value).length}ch` }}
                >
                  {padToWidthOf(values[i] ?? item.value, item.value)}
                </span>
                {/* Screen readers get the real figure, not the frames of the animation. */}
                <span className="sr-only">{item.value}</span>
                <span
                  aria-hidden="true"
                  className="absolute bottom-0 left-1/2 h-1 w-10 -translate-x-1/2 rounded bg-accent-500"
                />
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
