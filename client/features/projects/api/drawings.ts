import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { type Drawing, type DrawingImportResult, drawingPaths } from "../../../../shared/drawings.ts";
import { projectKeys } from "./paths.ts";

/** GET /api/projects/{job}/drawings: every sheet by number, each with its revisions, newest first. */
export const useDrawings = (job: string) =>
  useQuery({
    queryKey: projectKeys.register(job),
    queryFn: ({ signal }) => apiFetch<Drawing[]>(drawingPaths.register(job), { signal }),
    // Clients answer from outside (reviews, RFI answers): each visit of the tab reads it afresh.
    staleTime: 0,
  });

/** A revision's PDF. */
export const revisionFilePath = (job: string, number: string, revision: string) =>
  `${drawingPaths.register(job)}/${encodeURIComponent(number)}/revisions/${encodeURIComponent(revision)}/file`;

export interface NewRevision {
  number: string;
  revision: string;
  title: string;
  file: File;
}

/** POST /api/projects/{job}/drawings (multipart): 201 the sheet; 409 with the reason a revision cannot come next. */
export function useAddRevision(job: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewRevision) => {
      const form = new FormData();
      form.set("number", input.number);
      form.set("revision", input.revision);
      if (input.title) form.set("title", input.title);
      form.set("file", input.file);
      return apiFetch<Drawing>(drawingPaths.register(job), { method: "POST", body: form });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: projectKeys.register(job) }),
  });
}

/** POST /api/projects/{job}/drawings/import (multipart `file`): the counts and sheets; 400 names every bad row. */
export function useImportRegister(job: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.set("file", file);
      return apiFetch<DrawingImportResult>(drawingPaths.import(job), { method: "POST", body: form });
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: projectKeys.register(job) }),
  });
}

/** POST /api/projects/{job}/drawings/{number}/release: the sheet; 409 says why it cannot be released. */
export function useReleaseSheet(job: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (number: string) => apiFetch<Drawing>(drawingPaths.release(job, number), { method: "POST" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: projectKeys.register(job) }),
  });
}
