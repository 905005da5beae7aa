import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiFetch } from "~/lib/api-client";
import { chatPaths } from "../../../../shared/chat.ts";
import { chatGroupSchema } from "../../../../shared/chat-groups.ts";
import type { AccountKind } from "../../../../shared/roles.ts";
import { chatKeys } from "./keys.ts";

const groupsSchema = z.array(chatGroupSchema);

/** Admins list every group (GET /api/group/all), others their own (GET /api/group/my-groups). */
export const getChatGroups = async (role: AccountKind, signal?: AbortSignal) =>
  groupsSchema.parse(await apiFetch<unknown>(role === "admin" ? chatPaths.allGroups : chatPaths.myGroups, { signal }));

export const chatGroupsQueryOptions = (role: AccountKind) =>
  queryOptions({
    queryKey: chatKeys.groups(role),
    queryFn: ({ signal }) => getChatGroups(role, signal),
    // Nobody is told live when they are added to a group: look again now and then.
    refetchInterval: 20_000,
  });

export const useChatGroups = (role: AccountKind) => useQuery(chatGroupsQueryOptions(role));
