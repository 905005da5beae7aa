import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch } from "~/lib/api-client";
import { type ConversationKey, chatPaths } from "../../../../shared/chat.ts";
import { type SearchPage, searchPageSchema } from "../../../../shared/chat-search.ts";
import { chatKeys } from "./keys.ts";

export interface SearchRequest {
  q: string;
  /** Only this conversation ("In this chat"); null searches everything I may read. */
  conversation: ConversationKey | null;
}

/** GET /api/chat/search?q&conversation&page&size: one page of hits, newest first (DESIGN §10). */
export async function searchMessages(
  { q, conversation }: SearchRequest,
  page: number,
  signal?: AbortSignal,
): Promise<SearchPage> {
  const path = chatPaths.search({ q, page, ...(conversation ? { conversation } : {}) });
  return searchPageSchema.parse(await apiFetch<unknown>(path, { signal }));
}

export const searchMessagesQueryOptions = (request: SearchRequest) =>
  infiniteQueryOptions({
    queryKey: chatKeys.search(request.q, request.conversation),
    queryFn: ({ pageParam, signal }) => searchMessages(request, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.last ? undefined : last.page + 1),
    // Messages keep arriving: a search typed again a little later asks again.
    staleTime: 10_000,
  });

/** The search's pages so far; idle while `request` is null (the text is too short to search). */
export function useSearchMessages(request: SearchRequest | null) {
  return useInfiniteQuery({
    ...searchMessagesQueryOptions(request ?? { q: "", conversation: null }),
    enabled: request !== null,
    // While the next text is being searched, the previous results stay instead of a blank list.
    placeholderData: keepPreviousData,
  });
}
