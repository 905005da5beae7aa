import { useQueryClient } from "@tanstack/react-query";
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
  /** A project's register, and its transmittal and RFI logs. */
  register: (job: string) => ["projects", "one", job, "drawings"] as const,
  log: (job: string, log: "transmittals" | "rfis") => ["projects", "one", job, log] as const,
  /** A project's documents and the files its loop made. */
  files: (job: string) => ["projects", "one", job, "files"] as const,
  people: ["projects", "people"] as const,
  /** The office's words for the review's responses. */
  responseLabels: ["projects", "response-labels"] as const,
};

/** A transmittal or an RFI changes the register too (statuses, holds): the log and the register are read again. */
export function useRefreshLogAndRegister(job: string, log: "transmittals" | "rfis") {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: projectKeys.log(job, log) }),
      queryClient.invalidateQueries({ queryKey: projectKeys.register(job) }),
    ]);
}
