/**
 * Which role the visitor is applying for, as the career page's "Apply for this role" links say
 * it: kept here (in the page's own code) so the application form, loaded later, still finds it.
 * No zod and no React: the career page imports this before the form code.
 */
import { type OpenJob, positionForJobId } from "../../shared/open-positions.ts";

let chosen: string | undefined;
const listeners = new Set<(title: string) => void>();

/** Called by a job card's apply link: the form (now or once it loads) preselects this title. */
export function choosePosition(title: string) {
  chosen = title;
  for (const listener of listeners) listener(title);
}

/** The role chosen so far: a job card's link, else a `?position=<job id>` of one of `jobs` in the address. */
export function chosenPosition(jobs: readonly OpenJob[]): string | undefined {
  if (chosen) return chosen;
  if (typeof window === "undefined") return undefined;
  return positionForJobId(jobs, new URLSearchParams(window.location.search).get("position"));
}

/** Calls `listener` on every later choice; returns the unsubscribe. */
export function onPositionChosen(listener: (title: string) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
