import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { staffKeys, staffPaths } from "./paths.ts";
import type { Me } from "./types.ts";

/** GET /api/auth/me: the logged-in account's profile (any staff account). */
export const getMe = (signal?: AbortSignal) => apiFetch<Me>(staffPaths.me, { signal });

export const meQueryOptions = () => queryOptions({ queryKey: staffKeys.me, queryFn: ({ signal }) => getMe(signal) });

export const useMe = () => useQuery(meQueryOptions());
