import { apiFetch } from "~/lib/api-client";
import { chatPaths, type MessagePage, messagePageSchema } from "../../../../shared/chat.ts";
import type { ChatRef } from "../lib/chat-ref.ts";

/**
 * DESIGN §10 "jump to message": GET /private/history?…&around=ID or GET /api/group/{id}/messages?around=ID,
 * the page (numbered as `page=` numbers them) that holds the message.
 */
export async function getPageAround(
  chat: ChatRef,
  me: string,
  messageId: number,
  signal?: AbortSignal,
): Promise<MessagePage> {
  const path =
    chat.kind === "user"
      ? chatPaths.privateAround(me, chat.username, messageId)
      : chatPaths.groupAround(chat.groupId, messageId);
  return messagePageSchema.parse(await apiFetch<unknown>(path, { signal }));
}
