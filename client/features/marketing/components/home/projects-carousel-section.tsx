import { ArrowRight, ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { Picture } from "~/components/ui/picture";
import { useCarousel } from "../../hooks/use-carousel.ts";
import {
  CAROUSEL_TRANSITION_MS,
  formatTemplate,
  isSlideVisible,
  maxIndex,
  trackOffsetPercent,
} from "../../lib/carousel.ts";
import { type HomeCarouselProject, homeContent } from "../../lib/home-content.ts";
import { SectionHeader } from "./section-header.tsx";
import { container, sectionY } from "./styles.ts";

const controlButton =
  "inline-flex h-11 w-11 items-center justify-center rounded-full border border-steel-300 bg-white text-steel-800 shadow-sm transition-colors hover:border-steel-500 hover:bg-steel-100";

/**
 * The projects carousel (SPEC §2, §9; WAI-ARIA APG carousel pattern). Card widths come from CSS
 * breakpoints, so the prerendered page lays out exactly like the hydrated one; JavaScript only
 * moves the track and marks the cards that are off screen as inert.
 */
export function ProjectsCarouselSection() {
  const copy = homeContent.projects;
  const projects = copy.items;
  const count = projects.length;
  const carousel = useCarousel(count);
  const { index, visible, measured } = carousel;
  const headingId = useId();
  const trackId = useId();
  // Unknown until the viewport is measured; the row keeps its height, so the dots appear without a shift.
  const positions = measured ? maxIndex(count, visible) + 1 : 0;

  return (
    // The labelled section is the carousel's region (APG): heading, controls and slides together.
    <section
      id="projects-section"
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      className={`overflow-hidden bg-steel-50 ${sectionY}`}
      {...carousel.rootProps}
    >
      <div className={container}>
        <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
          <SectionHeader eyebrow={copy.eyebrow} title={copy.title} titleId={headingId} lead={copy.lead} />
          <div className="flex items-center justify-between gap-2 lg:justify-end">
            <Link
              to="/projects"
              className="inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-accent-700 hover:text-accent-600 lg:mr-4"
            >
              {copy.allLabel}
              <ArrowRight aria-hidden="true" size={18} />
            </Link>
            <div className="flex items-center gap-2">
              {!carousel.reducedMotion && (
                <button
                  type="button"
                  className={controlButton}
                  onClick={carousel.toggleAutoPlay}
                  aria-label={carousel.autoPlay ? copy.pauseLabel : copy.playLabel}
                >
                  {carousel.autoPlay ? <Pause aria-hidden="true" size={18} /> : <Play aria-hidden="true" size={18} />}
                </button>
              )}
              <button
                type="button"
                className={controlButton}
                onClick={carousel.prev}
                aria-controls={trackId}
                aria-label={copy.prevLabel}
              >
                <ChevronLeft aria-hidden="true" size={22} />
              </button>
              <button
                type="button"
                className={controlButton}
                onClick={carousel.next}
                aria-controls={trackId}
                aria-label={copy.nextLabel}
              >
                <ChevronRight aria-hidden="true" size={22} />
              </button>
            </div>
          </div>
        </div>

        <div className="-mx-3 mt-10 overflow-hidden py-2">
          <div
            id={trackId}
            className="flex"
            style={{
              transform: `translate3d(${trackOffsetPercent(index, visible)}%, 0, 0)`,
              transition: carousel.reducedMotion ? "none" : `transform ${CAROUSEL_TRANSITION_MS}ms ease-in-out`,
            }}
          >
            {projects.map((project, i) => {
              const offScreen = measured && !isSlideVisible(i, index, visible);
              return (
                // biome-ignore lint/a11y/useSemanticElements: APG slides are groups; a fieldset is for form controls
                <div
                  key={project.id}
                  role="group"
                  aria-roledescription="slide"
                  aria-label={formatTemplate(copy.slideLabel, { n: i + 1, count })}
                  inert={offScreen}
                  className="w-full shrink-0 px-3 sm:w-1/2 lg:w-1/3"
                >
                  <ProjectCard project={project} viewLabel={copy.viewLabel} />
                </div>
              );
            })}
          </div>
        </div>

        <div aria-hidden="true" className="mt-8 flex h-1.5 justify-center gap-2">
          {Array.from({ length: positions }, (_, i) => (
            <span
              // biome-ignore lint/suspicious/noArrayIndexKey: the dots are positions, not items
              key={i}
              className={`h-1.5 w-6 rounded-full transition-colors duration-300 ${i === index ? "bg-accent-500" : "bg-steel-300"}`}
            />
          ))}
        </div>
        {/* Announces manual moves; silent while the carousel rotates by itself (APG). */}
        <p className="sr-only" aria-live={carousel.rotating ? "off" : "polite"} aria-atomic="true">
          {measured
            ? formatTemplate(copy.statusLabel, { from: index + 1, to: Math.min(index + visible, count), count })
            : ""}
        </p>
      </div>
    </section>
  );
}

function ProjectCard({ project, viewLabel }: { project: HomeCarouselProject; viewLabel: string }) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-steel-200">
      <Picture
        name={project.imageUrl}
        alt=""
        sizes="(min-width: 1280px) 392px, (min-width: 1024px) calc(33vw - 32px), (min-width: 640px) calc(50vw - 36px), calc(100vw - 32px)"
        className="aspect-[4/3] h-auto w-full bg-steel-100 object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <h3 className="text-lg font-bold text-steel-950">{project.title}</h3>
        <p className="mt-2 text-sm leading-relaxed text-steel-600">{project.description}</p>
        <div className="mt-auto pt-5">
          <Link
            to={`/projects?project=${encodeURIComponent(project.id)}`}
            className="group inline-flex min-h-11 items-center gap-2 rounded-md font-semibold text-accent-700 hover:text-accent-600"
          >
            {viewLabel}
            <span className="sr-only">: {project.title}</span>
            <ArrowRight aria-hidden="true" size={18} className="transition-transform group-hover:translate-x-1" />
          </Link>
        </div>
      </div>
    </article>
  );
}
