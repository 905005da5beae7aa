/**
 * The open jobs of the career page and the titles an application may name: one rule for the page's
 * job cards, the form's `position` select and the server's check. The jobs are the site's published
 * `jobs` collection (DESIGN §17): the page carries them, the server reads them from the database.
 * No zod here: the career page imports this before any form code.
 */

export interface OpenJob {
  /** The card's anchor and the `?position=<id>` value of its "Apply for this role" link. */
  id: string;
  title: string;
  location: string;
  department: string;
  type: string;
  experience: string;
  description: string;
  responsibilities: string[];
  requirements: string[];
  /** DESIGN §17: from this moment the job is off the career page and out of the form's positions. */
  closesAt?: string | null;
}

/** The form's `position` when no listed role was chosen. */
export const openApplication = "Open application";

/** The jobs still open at `now`: a job leaves at its `closesAt`. */
export const openJobsAt = <Job extends Pick<OpenJob, "closesAt">>(jobs: readonly Job[], now = Date.now()): Job[] =>
  jobs.filter((job) => !job.closesAt || Date.parse(job.closesAt) > now);

/** Every value the `position` field accepts: the open jobs' titles, then `Open application`. */
export const positionOptionsFor = (
  jobs: readonly Pick<OpenJob, "title" | "closesAt">[],
  now = Date.now(),
): string[] => [...openJobsAt(jobs, now).map((job) => job.title), openApplication];

/** The title of the open job whose card links here (`?position=<job id>`), or undefined for none or an unknown id. */
export const positionForJobId = (
  jobs: readonly Pick<OpenJob, "id" | "title" | "closesAt">[],
  id: string | null | undefined,
): string | undefined => openJobsAt(jobs).find((job) => job.id === id)?.title;
