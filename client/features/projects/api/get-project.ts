import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { HttpError } from "~/lib/http-error";
import type { Project } from "../../../../shared/projects.ts";
import { projectKeys, projectPaths } from "./paths.ts";

/** GET /api/projects/{job}: 404 for a job that does not exist or whose team I am not on. */
export const getProject = (job: string, signal?: AbortSignal) => apiFetch<Project>(projectPaths.one(job), { signal });

export const useProject = (job: string) =>
  useQuery({
    queryKey: projectKeys.one(job),
    queryFn: ({ signal }) => getProject(job, signal),
    // A project that is not there (or not mine) will not appear by asking again.
    retry: (count, error) =>
      !(error instanceof HttpError && (error.status === 404 || error.status === 400)) && count < 2,
  });
