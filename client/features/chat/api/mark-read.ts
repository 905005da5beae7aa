import { apiFetch } from "~/lib/api-client";
import { chatPaths } from "../../../../shared/chat.ts";
import type { ChatRef } from "../lib/chat-ref.ts";

/** POST /private/{other}/mark-read/{me} or POST /api/group/{id}/mark-read/{me}: the whole chat is read. */
export const markChatRead = (chat: ChatRef, me: string) =>
  apiFetch<unknown>(
    chat.kind === "user" ? chatPaths.markPrivateRead(chat.username, me) : chatPaths.markGroupRead(chat.groupId, me),
    {
      method: "POST",
    },
  );

/** POST /messages/{id}/read?username=me: one message that arrived while its chat was open. */
export const markMessageRead = (id: number, me: string) =>
  apiFetch<unknown>(chatPaths.readMessage(id, me), { method: "POST" });
