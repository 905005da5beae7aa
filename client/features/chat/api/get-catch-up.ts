import { apiFetch } from "~/lib/api-client";
import { type CatchUpPage, catchUpPageSchema, chatPaths } from "../../../../shared/chat.ts";
import type { ChatRef } from "../lib/chat-ref.ts";

/**
 * DESIGN §10 catch-up: GET /private/history?user1&user2&after=SEQ or GET /api/group/{id}/messages?after=SEQ,
 * the messages after a seq, ascending, at most 100; `last` when there are no more.
 */
export async function getMessagesAfter(
  chat: ChatRef,
  me: string,
  after: number,
  signal?: AbortSignal,
): Promise<CatchUpPage> {
  const path =
    chat.kind === "user" ? chatPaths.privateAfter(me, chat.username, after) : chatPaths.groupAfter(chat.groupId, after);
  return catchUpPageSchema.parse(await apiFetch<unknown>(path, { signal }));
}
