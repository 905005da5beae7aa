import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { pipelineKeys, type WorkItem, workItemPaths } from "./paths.ts";
import type { Activity } from "./types.ts";

/** GET /api/contact/:id/activity or /api/applications/:id/activity: the timeline, oldest first. */
export const getActivity = (item: WorkItem, signal?: AbortSignal) =>
  apiFetch<Activity[]>(workItemPaths(item).activity, { signal });

export const activityQueryOptions = (item: WorkItem) =>
  queryOptions({ queryKey: pipelineKeys.activity(item), queryFn: ({ signal }) => getActivity(item, signal) });

export const useActivity = (item: WorkItem, enabled = true) => useQuery({ ...activityQueryOptions(item), enabled });
