import { ArrowUpRight, CalendarDays, MapPin } from "lucide-react";
import type { Ref } from "react";
import { Picture } from "~/components/ui/picture";
import type { Project } from "./types.ts";

export interface ProjectCardProps {
  project: Project;
  viewLabel: string;
  onOpen: (project: Project) => void;
  buttonRef: Ref<HTMLButtonElement>;
}

/**
 * A project card. The title is a real button whose hit area is stretched over the whole card,
 * so the card stays one click target while the heading stays a heading.
 */
export function ProjectCard({ project, viewLabel, onOpen, buttonRef }: ProjectCardProps) {
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-steel-200 bg-white shadow-sm transition duration-200 hover:-translate-y-0.5 hover:border-steel-300 hover:shadow-lg has-focus-visible:ring-3 has-focus-visible:ring-accent-500 has-focus-visible:ring-offset-2 motion-reduce:hover:translate-y-0">
      <div className="relative aspect-[3/2] overflow-hidden bg-steel-100">
        <Picture
          name={project.image}
          alt=""
          sizes="(min-width: 1280px) 395px, (min-width: 1024px) calc((100vw - 112px) / 3), (min-width: 640px) calc((100vw - 72px) / 2), calc(100vw - 32px)"
          className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-[1.03] motion-reduce:group-hover:scale-100"
        />
        <span className="absolute top-3 left-3 rounded-full bg-white/95 px-3 py-1 text-xs font-bold tracking-wide text-steel-900 shadow-sm">
          {project.category}
        </span>
      </div>
      <div className="flex flex-1 flex-col p-5 sm:p-6">
        <h2 className="text-lg font-bold text-steel-950 sm:text-xl">
          <button
            ref={buttonRef}
            type="button"
            aria-haspopup="dialog"
            onClick={() => onOpen(project)}
            className="text-left after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {project.name}
          </button>
        </h2>
        <p className="mt-2 flex-1 text-sm leading-relaxed text-steel-600">{project.shortDescription}</p>
        <p className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1.5 text-sm text-steel-600">
          <span className="inline-flex items-center gap-1.5">
            <MapPin aria-hidden="true" size={16} className="shrink-0 text-steel-400" />
            {project.location}
          </span>
          <span className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" size={16} className="shrink-0 text-steel-400" />
            {project.year}
          </span>
        </p>
        <span
          aria-hidden="true"
          className="mt-5 inline-flex items-center gap-1 border-t border-steel-100 pt-4 text-sm font-semibold text-accent-700 group-hover:underline"
        >
          {viewLabel}
          <ArrowUpRight
            size={16}
            className="transition-transform group-hover:translate-x-0.5 group-hover:-translate-y-0.5 motion-reduce:transition-none"
          />
        </span>
      </div>
    </article>
  );
}
