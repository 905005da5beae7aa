import { countLabel } from "../shared/format.ts";
import { SectionHeading } from "../shared/section-heading.tsx";
import { type Job, JobCard, type JobCardLabels } from "./job-card.tsx";

export interface JobListProps {
  jobs: readonly Job[];
  labels: JobCardLabels & {
    title: string;
    intro: string;
    countLabel: { one: string; other: string };
  };
}

export function JobList({ jobs, labels }: JobListProps) {
  return (
    <section aria-labelledby="openings-heading" className="bg-steel-50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-20">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <SectionHeading id="openings-heading" title={labels.title} intro={labels.intro} />
          <p className="inline-flex w-fit items-center gap-2 rounded-full bg-white px-4 py-1.5 text-sm font-semibold text-steel-800 ring-1 ring-steel-200">
            <span aria-hidden="true" className="h-2 w-2 rounded-full bg-accent-500" />
            {countLabel(labels.countLabel, jobs.length)}
          </p>
        </div>
        <ul className="mt-10 space-y-5">
          {jobs.map((job) => (
            <li key={job.id}>
              <JobCard job={job} labels={labels} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
