import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import type { CreateProject, Project, UpdateProject } from "../../../../shared/projects.ts";
import { projectKeys, projectPaths } from "./paths.ts";

/** POST /api/projects (admins): 201 the project; 400 with field errors; 409 a job number taken. */
export const createProject = (input: CreateProject) =>
  apiFetch<Project>(projectPaths.list, { method: "POST", body: input });

/** PATCH /api/projects/{job} (admins) with the version read: 409 when someone changed it since. */
export const updateProject = ({ job, ...changes }: UpdateProject & { job: string }) =>
  apiFetch<Project>(projectPaths.one(job), { method: "PATCH", body: changes });

export function useSaveProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { create: CreateProject } | { update: UpdateProject & { job: string } }) =>
      "create" in input ? createProject(input.create) : updateProject(input.update),
    onSuccess: (project) => {
      queryClient.setQueryData(projectKeys.one(project.job), project);
      void queryClient.invalidateQueries({ queryKey: projectKeys.list });
    },
  });
}
