import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { pipelineKeys, pipelinePaths } from "./paths.ts";
import type { Person } from "./types.ts";

/** GET /users: the staff directory (never oneself), each with the account's kind. */
export const getPeople = (signal?: AbortSignal) => apiFetch<Person[]>(pipelinePaths.people, { signal });

export const peopleQueryOptions = () =>
  queryOptions({ queryKey: pipelineKeys.people, queryFn: ({ signal }) => getPeople(signal), staleTime: 60_000 });

/**
 * The usernames a quote request can be assigned to (decision 043): oneself first, then every other
 * staff member, admins before employees. `enabled` false (a caller who may not reassign): only oneself.
 */
export function useAssignableUsernames(me: string, enabled = true): string[] {
  const people = useQuery({ ...peopleQueryOptions(), enabled });
  const others = (people.data ?? [])
    .filter((person) => person.username !== me)
    .sort((a, b) => (a.role === b.role ? a.username.localeCompare(b.username) : a.role === "admin" ? -1 : 1))
    .map((person) => person.username);
  return [me, ...others];
}
