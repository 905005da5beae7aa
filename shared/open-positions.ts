/**
 * The open jobs of the career page (content/jobs.json) and the titles an application may name:
 * one list for the page's job cards, the form's `position` select and the server's check. No zod
 * here: the career page imports this before any form code.
 */
import jobs from "../content/jobs.json" with { type: "json" };

export interface OpenJob {
  /** The card's anchor and the `?position=` value of its "Apply for this role" link. */
  id: string;
  title: string;
  location: string;
  department: string;
  type: string;
  experience: string;
  description: string;
  responsibilities: string[];
  requirements: string[];
}

export const openJobs: readonly OpenJob[] = jobs;

/** The form's `position` when no listed role was chosen. */
export const openApplication = "Open application";

/** Every value the `position` field accepts: the open jobs' titles, then `Open application`. */
export const positionOptions: readonly string[] = [...openJobs.map((job) => job.title), openApplication];

/** The title of the job whose card links here (`?position=<job id>`), or undefined for none or an unknown id. */
export const positionForJobId = (id: string | null | undefined): string | undefined =>
  openJobs.find((job) => job.id === id)?.title;
