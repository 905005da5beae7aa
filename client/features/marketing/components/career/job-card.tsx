import { ArrowDown, Briefcase, ChevronDown, Clock, MapPin } from "lucide-react";
import type { ReactNode } from "react";
import { choosePosition } from "~/lib/position-choice";
import type { OpenJob } from "../../../../../shared/open-positions.ts";
import { RichText } from "../shared/rich-text.tsx";

/** An open position (content/jobs.json, through shared/open-positions.ts: the form's list too). */
export type Job = OpenJob;

export interface JobCardLabels {
  locationLabel: string;
  departmentLabel: string;
  experienceLabel: string;
  detailsLabel: string;
  responsibilitiesTitle: string;
  requirementsTitle: string;
  applyLabel: string;
}

/** One opening: title, key facts, summary, and the full responsibilities and requirements behind a disclosure. */
export function JobCard({ job, labels }: { job: Job; labels: JobCardLabels }) {
  const headingId = `job-${job.id}`;
  return (
    <article aria-labelledby={headingId} className="rounded-xl border border-steel-200 bg-white p-5 shadow-sm sm:p-7">
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div>
          <h3 id={headingId} className="text-xl font-bold text-steel-950 sm:text-2xl">
            {job.title}
          </h3>
          <dl className="mt-3 flex flex-wrap gap-2 text-sm">
            <Meta icon={<MapPin size={15} />} term={labels.locationLabel} value={job.location} />
            <Meta icon={<Briefcase size={15} />} term={labels.departmentLabel} value={job.department} />
            <Meta icon={<Clock size={15} />} term={labels.experienceLabel} value={`${job.experience} · ${job.type}`} />
          </dl>
        </div>
        <ApplyLink job={job} label={labels.applyLabel} className="hidden sm:inline-flex" />
      </div>
      <RichText markdown={job.description} className="mt-4 max-w-3xl leading-relaxed text-steel-600" />

      <details className="group mt-5 border-t border-steel-100 pt-4">
        <summary className="inline-flex min-h-11 text-sm sm:text-base cursor-pointer list-none items-center gap-2 rounded-md font-semibold text-accent-700 hover:text-accent-600 [&::-webkit-details-marker]:hidden">
          {labels.detailsLabel}
          <ChevronDown
            aria-hidden="true"
            size={18}
            className="transition-transform group-open:rotate-180 motion-reduce:transition-none"
          />
        </summary>
        <div className="mt-4 grid gap-8 md:grid-cols-2">
          <JobPoints title={labels.responsibilitiesTitle} points={job.responsibilities} />
          <JobPoints title={labels.requirementsTitle} points={job.requirements} />
        </div>
      </details>
      <ApplyLink job={job} label={labels.applyLabel} className="mt-4 flex w-full sm:hidden" />
    </article>
  );
}

/** Scrolls to the form (a plain in-page link) and preselects this role in it. */
function ApplyLink({ job, label, className }: { job: Job; label: string; className: string }) {
  return (
    // biome-ignore lint/a11y/useValidAnchor: a real in-page link (it works without the click handler); the handler only preselects the role
    <a
      href="#apply"
      onClick={() => choosePosition(job.title)}
      aria-label={`${label}: ${job.title}`}
      className={`min-h-11 shrink-0 items-center justify-center gap-2 rounded-md border border-steel-300 px-4 py-2 text-sm font-semibold text-steel-900 transition-colors hover:border-accent-600 hover:text-accent-700 ${className}`}
    >
      {label}
      <ArrowDown aria-hidden="true" size={16} />
    </a>
  );
}

function Meta({ icon, term, value }: { icon: ReactNode; term: string; value: string }) {
  return (
    <div className="inline-flex items-center gap-1.5 rounded-full bg-steel-100 px-3 py-1 text-steel-700">
      <span aria-hidden="true" className="text-steel-500">
        {icon}
      </span>
      <dt className="sr-only">{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function JobPoints({ title, points }: { title: string; points: string[] }) {
  return (
    <div>
      <h4 className="text-xs font-bold tracking-[0.2em] text-steel-600 uppercase">{title}</h4>
      <ul className="mt-3 space-y-2.5">
        {points.map((point) => (
          <li key={point} className="flex gap-3 text-sm leading-relaxed text-steel-700">
            <span aria-hidden="true" className="mt-2 h-1.5 w-1.5 shrink-0 rotate-45 bg-accent-500" />
            {point}
          </li>
        ))}
      </ul>
    </div>
  );
}
