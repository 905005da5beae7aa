import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { type MyDay, myDayPaths } from "../../../../shared/my-day.ts";
import { projectKeys } from "./paths.ts";

/** Under every project's key: a change to any project may change my day. */
export const myDayKey = [...projectKeys.all, "my-day"] as const;

/** GET /api/projects/my-day: my projects, sheets waiting on me, responses received, RFIs due. */
export const getMyDay = (signal?: AbortSignal) => apiFetch<MyDay>(myDayPaths.myDay, { signal });

export const useMyDay = () => useQuery({ queryKey: myDayKey, queryFn: ({ signal }) => getMyDay(signal) });
