import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import {
  defaultResponseLabels,
  type ResponseLabels,
  type ResponseLabelsAnswer,
  type SaveResponseLabels,
  transmittalPaths,
} from "../../../../shared/transmittals.ts";
import { projectKeys } from "./paths.ts";

/** GET /api/projects/response-labels: the office's words for the review's responses, and their version. */
export const getResponseLabels = (signal?: AbortSignal) =>
  apiFetch<ResponseLabelsAnswer>(transmittalPaths.responseLabels, { signal });

export const useResponseLabels = (options: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: projectKeys.responseLabels,
    queryFn: ({ signal }) => getResponseLabels(signal),
    enabled: options.enabled,
  });

/** Reads the words afresh (a form about to change them), keeping the cache in step. */
export function useFreshResponseLabels() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.fetchQuery({
      queryKey: projectKeys.responseLabels,
      queryFn: ({ signal }) => getResponseLabels(signal),
      staleTime: 0,
    });
}

/** The words to print a response with: the defaults until the office's own have loaded (or if they cannot be). */
export const useResponseWords = (): ResponseLabels => useResponseLabels().data?.labels ?? defaultResponseLabels;

/** PUT /api/projects/response-labels (admins) with the version read: 409 when someone changed them since. */
export function useSaveResponseLabels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveResponseLabels) =>
      apiFetch<ResponseLabelsAnswer>(transmittalPaths.responseLabels, { method: "PUT", body }),
    onSuccess: (saved) => queryClient.setQueryData(projectKeys.responseLabels, saved),
  });
}
