import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { sessionHeaders, sessionStore } from "~/lib/session-store";
import { uploadWithProgress } from "~/lib/upload";
import {
  type ProjectFile,
  type ProjectFileCategory,
  type ProjectFiles,
  projectFilePaths,
  projectFileSchema,
} from "../../../../shared/project-files.ts";
import { projectKeys } from "./paths.ts";

/** GET /api/projects/{job}/files: the project's documents, and every file its loop made. */
export const useProjectFiles = (job: string) =>
  useQuery({
    queryKey: projectKeys.files(job),
    queryFn: ({ signal }) => apiFetch<ProjectFiles>(projectFilePaths.list(job), { signal }),
    // Clients send markups and answers from outside: each visit of the tab reads it afresh.
    staleTime: 0,
  });

export interface NewProjectFile {
  file: File;
  category: ProjectFileCategory;
  note: string;
  /** 0–100 as the file goes up. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/projects/{job}/files (multipart, with upload progress): 201 the document; the bearer
 * token and the 401 → logout rule are those of apiFetch, errors come back as HttpError.
 */
export function useAddProjectFile(job: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, category, note, onProgress, signal }: NewProjectFile) => {
      const body = new FormData();
      body.set("category", category);
      if (note) body.set("note", note);
      body.set("file", file, file.name);
      return uploadWithProgress<ProjectFile>(projectFilePaths.list(job), body, {
        onProgress,
        signal,
        withCredentials: true,
        headers: sessionHeaders(),
        onUnauthorized: () => sessionStore.clear(),
        parse: (data) => projectFileSchema.parse(data),
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.files(job) }),
  });
}

/** DELETE /api/projects/{job}/files/{id}: the one who added it, or an admin. */
export function useRemoveProjectFile(job: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiFetch<null>(projectFilePaths.one(job, id), { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.files(job) }),
  });
}
