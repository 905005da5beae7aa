/** Reads the projects field: names separated by commas or new lines, trimmed, blanks and repeats dropped. */
export function parseProjects(text: string): string[] {
  const seen = new Set<string>();
  const projects: string[] = [];
  for (const part of text.split(/[,\n]/)) {
    const name = part.trim().replace(/\s+/g, " ");
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    projects.push(name);
  }
  return projects;
}

/** The projects list as the form's text. */
export function formatProjects(projects: readonly string[]): string {
  return projects.join(", ");
}
