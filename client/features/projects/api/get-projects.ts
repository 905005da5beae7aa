import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import type { Project } from "../../../../shared/projects.ts";
import { projectKeys, projectPaths } from "./paths.ts";

/** GET /api/projects: the projects I may read (an admin: every one), by job number. */
export const getProjects = (signal?: AbortSignal) => apiFetch<Project[]>(projectPaths.list, { signal });

export const useProjects = () =>
  useQuery(queryOptions({ queryKey: projectKeys.list, queryFn: ({ signal }) => getProjects(signal) }));
