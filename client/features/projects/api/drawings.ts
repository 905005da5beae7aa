import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { createResumableUpload, TUS_ENDPOINT } from "~/lib/resumable-upload";
import { sessionHeaders, sessionStore } from "~/lib/session-store";
import { uploadPercent } from "~/lib/upload";
import {
  type Drawing,
  type DrawingImportResult,
  drawingPaths,
  drawingSchema,
  drawingUploadMetadata,
} from "../../../../shared/drawings.ts";
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
  /** 0–100 as the file goes up. */
  onProgress?: (percent: number) => void;
}

/**
 * Sends a revision by resumable upload (tus under /api/uploads/, DESIGN §16): refused before any
 * byte when it cannot come next (409 with the reason) or a field is wrong (400, field errors); a
 * dropped connection goes on where it stopped. Resolves the sheet with its new revision, or null
 * when the server had the whole file already (an upload found complete after a reload).
 */
export function uploadRevision(job: string, { onProgress, ...input }: NewRevision): Promise<Drawing | null> {
  return new Promise((resolve, reject) => {
    const upload = createResumableUpload({
      endpoint: TUS_ENDPOINT,
      file: input.file,
      metadata: drawingUploadMetadata(job, { ...input, fileName: input.file.name }),
      headers: sessionHeaders,
      onProgress: (sent, total) => onProgress?.(uploadPercent(sent, total)),
      onSuccess: (body) => {
        onProgress?.(100);
        const parsed = drawingSchema.safeParse(body);
        resolve(parsed.success ? parsed.data : null);
      },
      onError: (error) => {
        // As apiFetch: a 401 on an authenticated call means the session ended.
        if (error.status === 401 && sessionStore.get()) sessionStore.clear();
        reject(error);
      },
    });
    void upload.start();
  });
}

/** A sheet's new revision (or a new sheet) by resumable upload; the register is read again after it. */
export function useAddRevision(job: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewRevision) => uploadRevision(job, input),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: projectKeys.register(job) }),
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
