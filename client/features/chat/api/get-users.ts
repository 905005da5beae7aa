import { queryOptions, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiFetch } from "~/lib/api-client";
import { chatPaths, chatUserSchema } from "../../../../shared/chat.ts";
import { chatKeys } from "./keys.ts";

const usersSchema = z.array(chatUserSchema);

/** GET /users: everyone one can chat with (never oneself), with their presence. */
export const getChatUsers = async (signal?: AbortSignal) =>
  usersSchema.parse(await apiFetch<unknown>(chatPaths.users, { signal }));

export const chatUsersQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.users,
    queryFn: ({ signal }) => getChatUsers(signal),
    // Presence arrives live; the list itself changes when an admin adds or disables an account.
    refetchInterval: 60_000,
  });

export const useChatUsers = () => useQuery(chatUsersQueryOptions());
