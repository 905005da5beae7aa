import { chatPaths } from "../../../../shared/chat.ts";
import { projectPaths } from "../../../../shared/projects.ts";

export { projectPaths };

/** The staff directory: who can be on a team. */
export const peoplePath = chatPaths.users;

/** TanStack Query keys of the projects. */
export const projectKeys = {
  all: ["projects"] as const,
  list: ["projects", "list"] as const,
  one: (job: string) => ["projects", "one", job] as const,
  people: ["projects", "people"] as const,
};
