import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { pipelineKeys, type WorkItem, workItemPaths } from "./paths.ts";
import type { Note } from "./types.ts";

/** GET /api/contact/:id/notes or /api/applications/:id/notes */
export const getNotes = (item: WorkItem, signal?: AbortSignal) =>
  apiFetch<Note[]>(workItemPaths(item).notes, { signal });

export const notesQueryOptions = (item: WorkItem) =>
  queryOptions({ queryKey: pipelineKeys.notes(item), queryFn: ({ signal }) => getNotes(item, signal) });

export const useNotes = (item: WorkItem, enabled = true) => useQuery({ ...notesQueryOptions(item), enabled });

/** POST …/notes {text}: the note as stored (notes do not change the item's version). */
export const addNote = (item: WorkItem, text: string) =>
  apiFetch<Note>(workItemPaths(item).notes, { method: "POST", body: { text } });

export function useAddNote(item: WorkItem) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => addNote(item, text),
    onSuccess: (note) => {
      // Safe to show at once: the server has stored it; the refetch brings the timeline line too.
      queryClient.setQueryData<Note[]>(pipelineKeys.notes(item), (list) =>
        list && !list.some((existing) => existing.id === note.id) ? [...list, note] : list,
      );
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.notes(item) });
      void queryClient.invalidateQueries({ queryKey: pipelineKeys.activity(item) });
    },
  });
}
