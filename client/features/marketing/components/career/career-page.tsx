import type { ReactNode } from "react";
import { useSiteCollection } from "~/lib/site-content";
import page from "../../../../../content/career-page.json";
import { openJobsAt } from "../../../../../shared/open-positions.ts";
import { ButtonLink } from "../shared/button-link.tsx";
import { PageBanner } from "../shared/page-banner.tsx";
import { ApplySection } from "./apply-section.tsx";
import { CareerPerks } from "./career-perks.tsx";
import { JobList } from "./job-list.tsx";

/** `renderApplicationForm`: the form (a feature of its own), composed in by the route. */
export function CareerPage({ renderApplicationForm }: { renderApplicationForm: (labelledBy: string) => ReactNode }) {
  const jobs = openJobsAt(useSiteCollection("jobs"));
  return (
    <main id="main">
      <PageBanner {...page.banner}>
        <div className="mt-8">
          <ButtonLink to="#apply" arrow>
            {page.apply.title}
          </ButtonLink>
        </div>
      </PageBanner>
      <CareerPerks {...page.perks} />
      <JobList jobs={jobs} labels={page.openings} />
      <ApplySection {...page.apply} renderForm={renderApplicationForm} />
    </main>
  );
}
