/** The filter value that shows every project; category names come from the data. */
export const ALL = "all";

export type ProjectFilter = typeof ALL | (string & {});

interface Categorised {
  category: string;
}

/** Distinct categories in first-seen order, so the buttons follow the order of content/projects.json. */
export function projectCategories(projects: readonly Categorised[]): string[] {
  return [...new Set(projects.map((project) => project.category))];
}

/** The projects shown for a filter: all of them for ALL, otherwise those of that category. */
export function filterProjects<T extends Categorised>(projects: readonly T[], filter: ProjectFilter): T[] {
  return filter === ALL ? [...projects] : projects.filter((project) => project.category === filter);
}
