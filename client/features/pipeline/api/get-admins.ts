import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { pipelineKeys, pipelinePaths } from "./paths.ts";
import type { Person } from "./types.ts";

/** GET /users: the staff directory (never oneself), each with the account's kind. */
export const getPeople = (signal?: AbortSignal) => apiFetch<Person[]>(pipelinePaths.people, { signal });

export const peopleQueryOptions = () =>
  queryOptions({ queryKey: pipelineKeys.people, queryFn: ({ signal }) => getPeople(signal), staleTime: 60_000 });

/** The usernames a quote request can be assigned to: every admin account, oneself first. */
export function useAdminUsernames(me: string): string[] {
  const people = useQuery(peopleQueryOptions());
  const others = (people.data ?? [])
    .filter((person) => person.role === "admin" && person.username !== me)
    .map((person) => person.username)
    .sort((a, b) => a.localeCompare(b));
  return [me, ...others];
}
