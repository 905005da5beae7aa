import { z } from "zod";
import { apiFetch } from "~/lib/api-client";
import {
  chatLimits,
  chatMessageSchema,
  chatPaths,
  type MessagePage,
  messagePageSchema,
} from "../../../../shared/chat.ts";
import type { ChatRef } from "../lib/chat-ref.ts";

// SPEC §7: the answer is a page or, from older servers, a plain array.
const pageOrArray = z.union([messagePageSchema, z.array(chatMessageSchema)]);

/**
 * One page of a conversation: GET /private/history?user1&user2&page&size or
 * GET /api/group/{id}/messages?page&size. Page 0 holds the newest 20, oldest first.
 */
export async function getHistoryPage(
  chat: ChatRef,
  me: string,
  page: number,
  signal?: AbortSignal,
): Promise<MessagePage> {
  const size = chatLimits.pageSize;
  const path =
    chat.kind === "user"
      ? chatPaths.privateHistory(me, chat.username, page, size)
      : chatPaths.groupMessages(chat.groupId, page, size);
  const data = pageOrArray.parse(await apiFetch<unknown>(path, { signal }));
  if (!Array.isArray(data)) return data;
  return { content: data, page, size, totalElements: data.length, last: data.length < size };
}
